/// Which fragments a selection set uses, directly or through other fragments.
enum FragmentUsage {
    /// The names of the fragments reachable from `set`, found depth first; a cycle or an unknown name
    /// ends the walk there (the compiler reports both).
    static func fragmentsUsed(by set: SelectionSet, in fragments: [String: FragmentDefinition]) -> Set<String> {
        var used = Set<String>()
        var pending: [SelectionSet] = [set]
        while let next = pending.popLast() {
            for selection in next.selections {
                switch selection {
                case .field(let field):
                    if let selectionSet = field.selectionSet { pending.append(selectionSet) }
                case .inlineFragment(let fragment):
                    pending.append(fragment.selectionSet)
                case .fragmentSpread(let spread):
                    guard !used.contains(spread.name), let definition = fragments[spread.name] else { continue }
                    used.insert(spread.name)
                    pending.append(definition.selectionSet)
                }
            }
        }
        return used
    }
}
