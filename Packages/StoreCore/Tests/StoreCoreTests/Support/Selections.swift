import GraphQLCore
import StoreCore

// Small builders for compiled selection trees, until tests can compile them from GraphQL text.

/// A leaf field.
func leaf(_ name: String, alias: String? = nil, _ arguments: [String: ArgumentValue] = [:]) -> CompiledSelection {
    .field(
        CompiledField(
            responseKey: alias ?? name, name: name,
            arguments: arguments.map { CompiledArgument(name: $0.key, value: $0.value) }))
}

/// A field with a selection.
func object(
    _ name: String, alias: String? = nil, arguments: [String: ArgumentValue] = [:],
    _ selections: [CompiledSelection]
) -> CompiledSelection {
    .field(
        CompiledField(
            responseKey: alias ?? name, name: name,
            arguments: arguments.map { CompiledArgument(name: $0.key, value: $0.value) },
            selectionSet: CompiledSelectionSet(selections)))
}

/// `... on Type` with the given concrete types.
func on(_ type: String, possibleTypes: Set<String>? = nil, _ selections: [CompiledSelection]) -> CompiledSelection {
    .typeCase(CompiledTypeCase(typeCondition: type, possibleTypes: possibleTypes, selectionSet: .init(selections)))
}

/// `@include(if: $variable)` (or `@skip` when `skip`).
func when(_ variable: String, skip: Bool = false, _ selections: [CompiledSelection]) -> CompiledSelection {
    .conditional(CompiledConditional(variable: variable, passingValue: !skip, selectionSet: .init(selections)))
}

/// The `__typename` leaf the compiler adds to every composite selection.
let typename = leaf("__typename")

/// A query root over these selections.
func query(_ selections: [CompiledSelection], variables: JSONObject = [:]) -> StoreRoot {
    StoreRoot(selectionSet: CompiledSelectionSet(selections), variables: variables)
}

/// A store whose clock reads a ``ManualClock``.
func makeStore(clock: ManualClock = ManualClock()) -> Store {
    Store(configuration: StoreConfiguration(clock: { clock.now }))
}

/// `selection` as the compiler marks a field that only a `@defer` fragment selects.
func deferred(_ selection: CompiledSelection) -> CompiledSelection {
    guard case .field(var field) = selection else { return selection }
    field.isDeferred = true
    return .field(field)
}
