import GraphQLCore

/// JSON equality as a server means it: object keys in any order, and `1` equal to `1.0` (an encoder
/// may write a whole `Double` either way).
func jsonEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.object(let left), .object(let right)):
        guard left.count == right.count else { return false }
        return left.allSatisfy { key, value in right[key].map { jsonEqual(value, $0) } ?? false }
    case (.array(let left), .array(let right)):
        return left.count == right.count && zip(left, right).allSatisfy { jsonEqual($0, $1) }
    case (.int(let left), .double(let right)), (.double(let right), .int(let left)):
        return Double(left) == right
    default:
        return lhs == rhs
    }
}
