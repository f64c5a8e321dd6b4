/// Coerces a JSON input value to a GraphQL input type, per the spec's "Input Coercion" sections,
/// with graphql-core's messages less the value: a message names the expected type (and an input
/// object's field), never what was given, because apps log error messages and a variable can hold
/// a password or a token (decision record 0181). The variable and the path inside it are the
/// caller's to name.
///
/// Checks run in graphql-core's order (an input object's declared fields in declaration order, then
/// unknown fields, then `@oneOf`), so the first error found is the first graphql-core reports.
/// Without a schema, or for a type the schema does not know, a named type other than the built-in
/// scalars lets its value through unchanged.
struct InputCoercion {
    let schema: (any CompilationSchema)?

    /// A step into an input value: an input object's field or a list's index.
    enum PathComponent: Equatable {
        case key(String)
        case index(Int)
    }

    /// Why a value does not fit its type, and where inside the value.
    struct Failure: Error {
        var message: String
        var path: [PathComponent]
    }

    /// How deeply a value may nest along its type (graphql-core refuses a value more than 200 steps
    /// deep along its type, its `MAX_NESTING_DEPTH`; a recursive input type could otherwise take a
    /// variable's JSON as deep as the reader allows).
    /// Coercing one level of an input object costs about 6 KB of stack in a debug build, so 64
    /// levels fit in a 512 KB thread with room for the caller (decision record 0091).
    ///
    /// A value passed through unchanged (a custom scalar's, or any type the schema does not describe)
    /// counts too, measured without recursing: the operation's identity, its equality and hashing and
    /// the store's keys all walk the coerced variables, and an app can build a `JSONValue` of any
    /// depth (decision record 0100).
    static let maxDepth = 64

    /// graphql-core's message for a value past ``maxDepth``, reported without a prefix or a path.
    static let tooDeep = "Variable values are nested too deeply."

    /// `value` coerced to `type`; defaults of input object fields are applied.
    func coerce(_ value: JSONValue, to type: TypeReference, path: [PathComponent] = []) throws(Failure) -> JSONValue {
        if path.count > Self.maxDepth { throw Failure(message: Self.tooDeep, path: []) }
        switch type {
        case .nonNull(let inner):
            if value.isNull {
                throw Failure(message: "Expected value of non-null type '\(type)' not to be None.", path: path)
            }
            return try coerce(value, to: inner, path: path)
        case .list(let itemType):
            if value.isNull { return .null }
            guard case .array(let items) = value else {
                // A single value is a list of one (the spec's "Input Coercion" for lists).
                return .array([try coerce(value, to: itemType, path: path)])
            }
            var coerced: [JSONValue] = []
            coerced.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                coerced.append(try coerce(item, to: itemType, path: path + [.index(index)]))
            }
            return .array(coerced)
        case .named(let name):
            if value.isNull { return .null }
            return try coerce(value, toNamed: name, path: path)
        }
    }

    private func coerce(_ value: JSONValue, toNamed name: String, path: [PathComponent]) throws(Failure) -> JSONValue {
        if let scalar = BuiltInScalar(rawValue: name) { return try coerce(value, to: scalar, path: path) }
        guard let schema else { return try passedThrough(value, path: path) }
        switch schema.typeKind(of: name) {
        case .enum?:
            guard case .string(let string) = value else {
                throw Failure(
                    message: "Enum '\(name)' cannot represent non-string value.",
                    path: path)
            }
            guard schema.enumValueNames(of: name).contains(string) else {
                throw Failure(message: "Value does not exist in '\(name)' enum.", path: path)
            }
            return value
        case .inputObject?:
            return try coerceInputObject(value, name: name, schema: schema, path: path)
        default:
            return try passedThrough(value, path: path)
        }
    }

    /// `value` unchanged, once it is known to nest no deeper than ``maxDepth`` counting the levels
    /// above it; measured with an explicit stack, so any depth is refused without recursing.
    private func passedThrough(_ value: JSONValue, path: [PathComponent]) throws(Failure) -> JSONValue {
        var pending: [(JSONValue, Int)] = [(value, path.count)]
        while let (next, depth) = pending.popLast() {
            switch next {
            case .array(let items):
                if depth >= Self.maxDepth { throw Failure(message: Self.tooDeep, path: []) }
                for item in items where item.isContainer { pending.append((item, depth + 1)) }
            case .object(let object):
                if depth >= Self.maxDepth { throw Failure(message: Self.tooDeep, path: []) }
                for item in object.valueStorage where item.isContainer { pending.append((item, depth + 1)) }
            default:
                continue
            }
        }
        return value
    }

    private func coerceInputObject(
        _ value: JSONValue, name: String, schema: any CompilationSchema, path: [PathComponent]
    ) throws(Failure) -> JSONValue {
        guard case .object(let object) = value else {
            throw Failure(
                message: "Expected value of type '\(name)' to be an object.",
                path: path)
        }
        let fields = schema.inputFields(of: name)
        var coerced = JSONObject(minimumCapacity: fields.count)
        for field in fields {
            if let fieldValue = object[field.name] {
                coerced[field.name] = try coerce(fieldValue, to: field.type, path: path + [.key(field.name)])
            } else if let defaultValue = field.defaultValue, let literal = LiteralConversion.json(defaultValue) {
                coerced[field.name] = try coerce(literal, to: field.type, path: path + [.key(field.name)])
            } else if case .nonNull = field.type {
                throw Failure(
                    message:
                        "Expected value of type '\(name)' to include required field '\(field.name)'.",
                    path: path)
            }
        }
        if let unknown = object.keys.first(where: { key in !fields.contains { $0.name == key } }) {
            throw Failure(
                message:
                    "Expected value of type '\(name)' not to include unknown field '\(unknown)'.",
                path: path)
        }
        if schema.isOneOf(name) {
            let message =
                "Within OneOf Input Object type '\(name)', exactly one field must be specified, and the value for that field must be non-null."
            guard object.count == 1, let (key, fieldValue) = object.first(where: { _ in true }) else {
                throw Failure(message: message, path: path)
            }
            if fieldValue.isNull { throw Failure(message: message, path: path + [.key(key)]) }
        }
        return .object(coerced)
    }

    /// The scalars every schema has, which coerce the same way with or without one.
    enum BuiltInScalar: String {
        case int = "Int"
        case float = "Float"
        case string = "String"
        case boolean = "Boolean"
        case id = "ID"
    }

    private func coerce(_ value: JSONValue, to scalar: BuiltInScalar, path: [PathComponent]) throws(Failure)
        -> JSONValue
    {
        switch (scalar, value) {
        case (.int, .int(let int)):
            guard Int(Int32.min)...Int(Int32.max) ~= int else {
                throw Failure(message: "Int cannot represent non 32-bit signed integer value", path: path)
            }
            return value
        case (.int, .bigInt):
            throw Failure(message: "Int cannot represent non 32-bit signed integer value", path: path)
        case (.int, .double(let double)):
            guard double.isFinite, double.rounded(.towardZero) == double else {
                throw Failure(message: "Int cannot represent non-integer value", path: path)
            }
            guard Double(Int32.min)...Double(Int32.max) ~= double else {
                throw Failure(message: "Int cannot represent non 32-bit signed integer value", path: path)
            }
            return .int(Int(double))
        case (.int, _):
            throw Failure(message: "Int cannot represent non-integer value", path: path)
        case (.float, .double(let double)):
            guard double.isFinite else {
                throw Failure(message: "Float cannot represent non numeric value", path: path)
            }
            return value
        case (.float, .int(let int)):
            guard Int(exactly: Double(int)) == int else {
                throw Failure(
                    message: "Float cannot represent non numeric value (value would lose precision)",
                    path: path)
            }
            return .double(Double(int))
        case (.float, .bigInt(let digits)):
            // graphql-core turns the integer into a float only when the float is that integer exactly.
            guard let double = Double(digits), double.isFinite else {
                throw Failure(
                    message: "Float cannot represent non numeric value (value is too large)", path: path)
            }
            guard JSONValue.exactDigits(of: double) == digits else {
                throw Failure(
                    message: "Float cannot represent non numeric value (value would lose precision)",
                    path: path)
            }
            return .double(double)
        case (.float, _):
            throw Failure(message: "Float cannot represent non numeric value", path: path)
        case (.string, .string):
            return value
        case (.string, _):
            throw Failure(message: "String cannot represent a non string value", path: path)
        case (.boolean, .bool):
            return value
        case (.boolean, _):
            throw Failure(message: "Boolean cannot represent a non boolean value", path: path)
        case (.id, .string):
            return value
        case (.id, .int(let int)):
            return .string(String(int))
        case (.id, .bigInt(let digits)):
            return .string(digits)
        case (.id, .double(let double)):
            guard double.isFinite, let int = Int(exactly: double) else {
                throw Failure(message: "ID cannot represent value", path: path)
            }
            return .string(String(int))
        case (.id, _):
            throw Failure(message: "ID cannot represent value", path: path)
        }
    }
}

extension JSONValue {
    /// Whether this is an array or an object.
    fileprivate var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}
