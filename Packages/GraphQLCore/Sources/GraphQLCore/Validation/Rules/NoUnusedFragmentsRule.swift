/// Every fragment is spread by some operation, directly or through other fragments (spec: Fragments
/// Must Be Used).
final class NoUnusedFragmentsRule: ValidationRule {
    static let name = "NoUnusedFragmentsRule"
    static let hooks: Set<ValidationHook> = [.leaveDocument]

    func leaveDocument(_ document: Document, _ context: ValidationContext) {
        var used: Set<String> = []
        for (index, definition) in document.definitions.enumerated() {
            guard case .operation = definition else { continue }
            for fragmentIndex in context.recursivelyReferencedFragments(ofDefinition: index) {
                if case .fragment(let fragment) = document.definitions[fragmentIndex] { used.insert(fragment.name) }
            }
        }
        for fragment in document.fragments where !used.contains(fragment.name) {
            report("Fragment '\(fragment.name)' is never used.", [fragment.location], context)
        }
    }
}
