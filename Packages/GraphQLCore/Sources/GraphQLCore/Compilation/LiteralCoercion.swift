/// Gives a literal argument the shape the server's input coercion gives it, where that shape differs
/// from the literal as written, so that one value gives one storage key whether it is written in the
/// document or passed as a variable (variables are coerced before they reach a storage key):
///
/// - an input object gets the default values of the fields it leaves out:
///   `feed(filter: {tags: ["a"]})` and `feed(filter: $f)` with `$f = {"tags": ["a"]}` are both stored
///   under `feed(filter:{"order":"NEWEST","tags":["a"]})`;
/// - a single value where a list is expected becomes a list of one (`tags: "a"` is `tags: ["a"]`);
/// - an `ID` written as an Int literal becomes its string (`post(id: 1)` is `post(id: "1")`).
///
/// A part given as a variable is left to the variable's own coercion; an explicit `null` stays.
struct LiteralCoercion {
    let schema: any CompilationSchema

    /// Default values that are themselves input objects can nest (`input In { next: In = {} }`
    /// would never end); past this many levels the value is left as written.
    static let maxDepth = InputCoercion.maxDepth

    func apply(to value: ArgumentValue, type: TypeReference, depth: Int = 0) -> ArgumentValue {
        guard depth < Self.maxDepth else { return value }
        switch (type, value) {
        case (_, .variable), (_, .literal(.null)):
            return value
        case (.nonNull(let inner), _):
            return apply(to: value, type: inner, depth: depth)
        case (.list(let item), .literal(.array(let items))):
            return .literal(.array(items.map { apply(to: $0, type: item, depth: depth + 1) }))
        case (.list(let item), .list(let items)):
            return .list(items.map { apply(to: $0, type: item, depth: depth + 1) })
        case (.list(let item), .literal(let single)):
            return .literal(.array([apply(to: single, type: item, depth: depth + 1)]))
        case (.list(let item), .object):
            return .list([apply(to: value, type: item, depth: depth + 1)])
        case (.named("ID"), .literal(.int(let int))):
            return .literal(.string(String(int)))
        case (.named("ID"), .literal(.bigInt(let digits))):
            return .literal(.string(digits))
        case (.named(let name), .literal(.object(let object))):
            guard schema.typeKind(of: name) == .inputObject else { return value }
            return .literal(.object(apply(to: object, inputObject: name, depth: depth)))
        case (.named(let name), .object(let fields)):
            guard schema.typeKind(of: name) == .inputObject else { return value }
            let declared = schema.inputFields(of: name)
            var result: [(String, ArgumentValue)] = fields.map { field in
                guard let type = declared.first(where: { $0.name == field.0 })?.type else { return field }
                return (field.0, apply(to: field.1, type: type, depth: depth + 1))
            }
            for field in declared where !fields.contains(where: { $0.0 == field.name }) {
                guard let defaultValue = field.defaultValue.flatMap(LiteralConversion.json) else { continue }
                result.append((field.name, .literal(apply(to: defaultValue, type: field.type, depth: depth + 1))))
            }
            return .object(result)
        default:
            return value
        }
    }

    private func apply(to value: JSONValue, type: TypeReference, depth: Int) -> JSONValue {
        if case .literal(let applied) = apply(to: .literal(value), type: type, depth: depth) { return applied }
        return value
    }

    private func apply(to object: JSONObject, inputObject name: String, depth: Int) -> JSONObject {
        var result = JSONObject(minimumCapacity: object.count)
        let declared = schema.inputFields(of: name)
        for (key, value) in object {
            guard let type = declared.first(where: { $0.name == key })?.type else {
                result[key] = value
                continue
            }
            result[key] = apply(to: value, type: type, depth: depth + 1)
        }
        for field in declared where object[field.name] == nil {
            guard let defaultValue = field.defaultValue.flatMap(LiteralConversion.json) else { continue }
            result[field.name] = apply(to: defaultValue, type: field.type, depth: depth + 1)
        }
        return result
    }
}
