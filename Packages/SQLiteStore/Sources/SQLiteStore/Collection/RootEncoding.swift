import GraphQLCore
import StoreCore

/// The bytes a persisted root is kept as: its record, its variables, and the part of its selection
/// a collection walks, as JSON.
///
/// A collection marks records by following the fields that link to other records, so only those
/// are kept: fields with a sub-selection (with their names and arguments, which make the storage
/// key), type conditions with their possible types, and `@include`/`@skip` conditions, wherever they
/// hold such a field. Leaves are left out, so two operations that differ only in the scalars they
/// select are one persisted root. The encoding is canonical (object keys sorted), so equal roots
/// have equal bytes, which is what the roots table is keyed by.
enum RootEncoding {
    /// The root's bytes.
    static func encode(_ root: StoreRoot) -> [UInt8] {
        let object: JSONObject = [
            "record": .string(root.dataID.rawValue),
            "variables": .object(root.variables),
            "selections": .array(links(in: root.selectionSet)),
        ]
        return Array(JSONValue.object(object).serialized(sortedKeys: true))
    }

    /// The root these bytes hold; throws when they are not a root this encoding wrote.
    static func decode(_ bytes: [UInt8]) throws(SQLiteStoreError) -> StoreRoot {
        let value: JSONValue
        do { value = try JSONValue(parsing: bytes) } catch { throw malformed("not JSON") }
        guard case .string(let record)? = value["record"], case .object(let variables)? = value["variables"],
            case .array(let selections)? = value["selections"]
        else { throw malformed("no record, variables or selections") }
        return StoreRoot(dataID: DataID(record), selectionSet: try selectionSet(selections), variables: variables)
    }

    private static func links(in selectionSet: CompiledSelectionSet) -> [JSONValue] {
        var encoded: [JSONValue] = []
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard let subselection = field.selectionSet else { continue }
                encoded.append(
                    .object([
                        "field": .string(field.name), "alias": .string(field.responseKey),
                        "arguments": .array(field.arguments.map { .array([.string($0.name), argument($0.value)]) }),
                        "selections": .array(links(in: subselection)),
                    ]))
            case .typeCase(let typeCase):
                let inner = links(in: typeCase.selectionSet)
                guard !inner.isEmpty else { continue }
                encoded.append(
                    .object([
                        "on": .string(typeCase.typeCondition),
                        "possibleTypes": typeCase.possibleTypes.map { .array($0.sorted().map(JSONValue.string)) }
                            ?? .null,
                        "selections": .array(inner),
                    ]))
            case .conditional(let conditional):
                let inner = links(in: conditional.selectionSet)
                guard !inner.isEmpty else { continue }
                encoded.append(
                    .object([
                        "if": .string(conditional.variable), "passing": .bool(conditional.passingValue),
                        "selections": .array(inner),
                    ]))
            }
        }
        return encoded
    }

    private static func argument(_ value: ArgumentValue) -> JSONValue {
        switch value {
        case .literal(let literal): .object(["literal": literal])
        case .variable(let name): .object(["variable": .string(name)])
        case .list(let items): .object(["list": .array(items.map(argument))])
        case .object(let fields): .object(["object": .array(fields.map { .array([.string($0.0), argument($0.1)]) })])
        }
    }

    private static func selectionSet(_ encoded: [JSONValue]) throws(SQLiteStoreError) -> CompiledSelectionSet {
        var selections: [CompiledSelection] = []
        for item in encoded {
            guard case .object(let object) = item, case .array(let inner)? = object["selections"] else {
                throw malformed("a selection without selections")
            }
            let subselection = try selectionSet(inner)
            if case .string(let name)? = object["field"], case .string(let alias)? = object["alias"],
                case .array(let arguments)? = object["arguments"]
            {
                var compiled: [CompiledArgument] = []
                for pair in arguments {
                    guard case .array(let parts) = pair, parts.count == 2, case .string(let argumentName) = parts[0]
                    else { throw malformed("an argument that is not a name and a value") }
                    compiled.append(CompiledArgument(name: argumentName, value: try argument(parts[1])))
                }
                selections.append(
                    .field(
                        CompiledField(responseKey: alias, name: name, arguments: compiled, selectionSet: subselection)))
            } else if case .string(let condition)? = object["on"] {
                var possibleTypes: Set<String>?
                if case .array(let types)? = object["possibleTypes"] {
                    possibleTypes = Set(types.compactMap(\.stringValue))
                }
                selections.append(
                    .typeCase(
                        CompiledTypeCase(
                            typeCondition: condition, possibleTypes: possibleTypes, selectionSet: subselection)))
            } else if case .string(let variable)? = object["if"], case .bool(let passing)? = object["passing"] {
                selections.append(
                    .conditional(
                        CompiledConditional(variable: variable, passingValue: passing, selectionSet: subselection)))
            } else {
                throw malformed("a selection of no known kind")
            }
        }
        return CompiledSelectionSet(selections)
    }

    private static func argument(_ encoded: JSONValue) throws(SQLiteStoreError) -> ArgumentValue {
        guard case .object(let object) = encoded, object.count == 1 else { throw malformed("an argument of no kind") }
        if let literal = object["literal"] { return .literal(literal) }
        if case .string(let name)? = object["variable"] { return .variable(name) }
        if case .array(let items)? = object["list"] {
            var values: [ArgumentValue] = []
            for item in items { values.append(try argument(item)) }
            return .list(values)
        }
        if case .array(let fields)? = object["object"] {
            var values: [(String, ArgumentValue)] = []
            for field in fields {
                guard case .array(let parts) = field, parts.count == 2, case .string(let name) = parts[0] else {
                    throw malformed("an input field that is not a name and a value")
                }
                values.append((name, try argument(parts[1])))
            }
            return .object(values)
        }
        throw malformed("an argument of no known kind")
    }

    private static func malformed(_ what: String) -> SQLiteStoreError {
        SQLiteStoreError(.corrupt, "a persisted root is malformed: \(what)")
    }
}
