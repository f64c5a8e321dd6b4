import GraphQLCore

/// A distinct root identity per number, for tests.
func root(_ number: Int) -> OperationIdentity {
    let hex = String(number, radix: 16)
    return OperationIdentity(hash: String(repeating: "0", count: max(0, 16 - hex.count)) + hex)
}
