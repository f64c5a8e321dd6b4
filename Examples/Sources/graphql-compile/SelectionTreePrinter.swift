import GraphQLCore

/// Prints a compiled selection tree one selection a line: fields by storage key (variables
/// substituted), with their response key when it differs, type cases and conditionals in brackets.
enum SelectionTreePrinter {
    static func lines(_ set: CompiledSelectionSet, variables: JSONObject, indent: String = "  ") -> [String] {
        var lines: [String] = []
        for selection in set.selections {
            switch selection {
            case .field(let field):
                let key = field.storageKey(variables: variables)
                let alias = field.responseKey == field.name ? "" : "\(field.responseKey): "
                lines.append(indent + alias + key)
                if let sub = field.selectionSet {
                    lines += Self.lines(sub, variables: variables, indent: indent + "  ")
                }
            case .typeCase(let typeCase):
                let types = typeCase.possibleTypes.map { " = " + $0.sorted().joined(separator: " | ") } ?? ""
                lines.append(indent + "[on \(typeCase.typeCondition)\(types)]")
                lines += Self.lines(typeCase.selectionSet, variables: variables, indent: indent + "  ")
            case .conditional(let conditional):
                let state = conditional.passes(variables: variables) ? "kept" : "dropped"
                lines.append(indent + "[if $\(conditional.variable) == \(conditional.passingValue): \(state)]")
                lines += Self.lines(conditional.selectionSet, variables: variables, indent: indent + "  ")
            }
        }
        return lines
    }
}
