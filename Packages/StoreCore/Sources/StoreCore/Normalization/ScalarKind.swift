import GraphQLCore

/// Which JSON values each built-in scalar serializes to (GraphQL's result coercion), for the
/// normalizer's check of a leaf against its ``FieldShape``.
enum ScalarKind {
    /// Whether `value` (not null, not a list) is what `scalar` serializes to: `Int` an integral
    /// number in the signed 32-bit range, `Float` any number, `String` a string, `Boolean` a
    /// Boolean, `ID` a string or an integral number. An integral number written with a fraction or
    /// an exponent (`1.0`, `1e3`) counts as integral.
    static func fits(_ value: JSONValue, _ scalar: FieldShape.BuiltInScalar) -> Bool {
        switch (scalar, value) {
        case (.int, .int(let number)): Int(Int32.min) <= number && number <= Int(Int32.max)
        case (.int, .double(let number)): isIntegral(number) && -2_147_483_648 <= number && number <= 2_147_483_647
        case (.float, .int), (.float, .bigInt), (.float, .double): true
        case (.string, .string): true
        case (.boolean, .bool): true
        case (.id, .string), (.id, .int), (.id, .bigInt): true
        case (.id, .double(let number)): isIntegral(number)
        default: false
        }
    }

    /// What `scalar` serializes to, for messages.
    static func expected(_ scalar: FieldShape.BuiltInScalar) -> String {
        switch scalar {
        case .int: "an Int (an integral number in the 32-bit range)"
        case .float: "a Float (a number)"
        case .string: "a String"
        case .boolean: "a Boolean"
        case .id: "an ID (a string or an integral number)"
        }
    }

    private static func isIntegral(_ number: Double) -> Bool {
        number.isFinite && number.rounded(.towardZero) == number
    }
}
