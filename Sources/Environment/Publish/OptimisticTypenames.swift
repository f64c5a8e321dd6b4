import GraphQLCore
import StoreCore

/// Fills in the `__typename`s an optimistic response leaves out where the selection's type says
/// what they are, before ``GraphQLEnvironment/commit(_:optimisticResponse:updater:)-(GraphQLOperation,_,_)`` writes it.
///
/// The compiler adds `__typename` to every object selection so that the store can key and type
/// each object; the app never selected it, so an optimistic response the app writes by hand would
/// otherwise have to repeat what the compiler added. Where the field's type is an object type, an
/// object there can only be of that type, and filling it in is what the server would answer.
/// Where it is an interface or a union, only the server knows the type: the response must give it,
/// and leaving it out is a `StoreError` that says so. `id` is never filled: an invented id would
/// key a record of its own, which nothing else reads and the server's answer never replaces.
///
/// The walk follows the selection, and descends into a list only as deep as the field's declared
/// list levels, so its depth is bounded by the compiled document whatever the data holds. What it
/// does not understand (a scalar where an object belongs, a field compiled without a schema) it
/// leaves as it is, for the normalizer to refuse with its own error.
enum OptimisticTypenames {
    static let key = "__typename"

    /// `data` with every missing `__typename` filled where the type is an object type. Throws a
    /// `StoreError` (`missingField`) at the first object whose abstract type leaves it unknown.
    static func filled(
        _ data: JSONValue, selectionSet: CompiledSelectionSet, variables: JSONObject
    ) throws(StoreError) -> JSONValue {
        guard case .object(var object) = data else { return data }
        var path: [ResponsePathSegment] = []
        try fill(&object, selectionSet: selectionSet, variables: variables, path: &path)
        return .object(object)
    }

    private static func fill(
        _ object: inout JSONObject, selectionSet: CompiledSelectionSet, variables: JSONObject,
        path: inout [ResponsePathSegment]
    ) throws(StoreError) {
        let typename = object[key]?.stringValue
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard let subselection = field.selectionSet, let index = object.index(forKey: field.responseKey)
                else { continue }
                var value = object.values[index]
                path.append(.key(field.responseKey))
                try fillValue(
                    &value, field: field, selectionSet: subselection, level: 0, variables: variables, path: &path)
                path.removeLast()
                object[field.responseKey] = value
            case .typeCase(let typeCase):
                if let typename, typeCase.matches(typename: typename) {
                    try fill(&object, selectionSet: typeCase.selectionSet, variables: variables, path: &path)
                }
            case .conditional(let conditional):
                if conditional.passes(variables: variables) {
                    try fill(&object, selectionSet: conditional.selectionSet, variables: variables, path: &path)
                }
            }
        }
    }

    private static func fillValue(
        _ value: inout JSONValue, field: CompiledField, selectionSet: CompiledSelectionSet, level: Int,
        variables: JSONObject, path: inout [ResponsePathSegment]
    ) throws(StoreError) {
        switch value {
        case .object(var object):
            if object[key] == nil, selects(selectionSet) {
                if let objectTypeName = field.objectTypeName {
                    object[key] = .string(objectTypeName)
                } else if field.shape?.namedKind == .composite {
                    throw StoreError(
                        .missingField,
                        "the optimistic response has no `__typename` here, and the field's type is an interface or a"
                            + " union, so only the server knows which type the object is: an optimistic response"
                            + " must give `__typename` where the type is abstract (it is filled in only where the"
                            + " type is an object type)",
                        path: path + [.key(key)])
                }
            }
            try fill(&object, selectionSet: selectionSet, variables: variables, path: &path)
            value = .object(object)
        case .array(var items):
            guard let shape = field.shape, level < shape.listDepth else { return }
            for index in items.indices {
                path.append(.index(index))
                try fillValue(
                    &items[index], field: field, selectionSet: selectionSet, level: level + 1, variables: variables,
                    path: &path)
                path.removeLast()
            }
            value = .array(items)
        default:
            return
        }
    }

    /// Whether `selectionSet` selects `__typename` itself (the compiler adds it to every object
    /// selection); only then does the store read it, and only then is it filled or required.
    private static func selects(_ selectionSet: CompiledSelectionSet) -> Bool {
        selectionSet.selections.contains { selection in
            if case .field(let field) = selection { field.responseKey == key } else { false }
        }
    }
}
