/// Turns value literals into JSON: enum values become strings, `Int` and `Float` literals numbers.
enum LiteralConversion {
    /// A field argument's value, with variable references kept for substitution at storage time.
    ///
    /// A literal without variables becomes one `.literal`, so that comparing and printing it is cheap.
    static func argumentValue(_ value: Value) -> ArgumentValue {
        if let constant = json(value) { return .literal(constant) }
        switch value {
        case .variable(let name): return .variable(name)
        case .list(let items): return .list(items.map(argumentValue))
        case .object(let fields): return .object(fields.map { ($0.name, argumentValue($0.value)) })
        default: return .literal(.null)  // unreachable: every other case is a constant
        }
    }

    /// The JSON a constant literal denotes, or `nil` when it refers to a variable.
    ///
    /// An integer literal too large for `Int` becomes a `Double`, as a JSON reader would make it;
    /// coercion against `Int` then rejects it with the spec's message.
    static func json(_ value: Value) -> JSONValue? {
        switch value {
        case .variable: return nil
        case .int(let text):
            if let int = Int(text) { return .int(int) }
            return .bigInt(text)
        case .float(let text): return .double(Double(text) ?? .infinity)
        case .string(let literal): return .string(literal.value)
        case .boolean(let bool): return .bool(bool)
        case .null: return .null
        case .enumValue(let name): return .string(name)
        case .list(let items):
            var array: [JSONValue] = []
            array.reserveCapacity(items.count)
            for item in items {
                guard let converted = json(item) else { return nil }
                array.append(converted)
            }
            return .array(array)
        case .object(let fields):
            var object = JSONObject(minimumCapacity: fields.count)
            for field in fields {
                guard let converted = json(field.value) else { return nil }
                object[field.name] = converted
            }
            return .object(object)
        }
    }
}
