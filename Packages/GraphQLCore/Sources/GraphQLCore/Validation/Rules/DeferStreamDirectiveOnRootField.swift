/// `@defer` and `@stream` are not used on the root fields of a mutation or a subscription (spec draft:
/// Defer And Stream Directives Are Used On Valid Root Field): a mutation's root fields run in order and a
/// subscription has one event per result, so neither can be delivered in parts.
///
/// As in graphql-core, the rule looks at the root selection set itself and through its fragments
/// (spread or inline), not inside fields, and it applies by the directives' names whether or not the
/// schema declares them. A fragment spread twice is looked at once per operation, and a fragment found
/// clean under one operation is not looked at again under another.
final class DeferStreamDirectiveOnRootField: ValidationRule {
    static let name = "DeferStreamDirectiveOnRootField"
    static let hooks: Set<ValidationHook> = [.enterOperation]

    /// Fragments looked at under an operation in which nothing was reported.
    private var checkedFragments: Set<String> = []

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        guard operation.kind == .mutation || operation.kind == .subscription,
            let rootName = context.schema.rootTypeName(for: operation.kind),
            context.schema.type(named: rootName)?.kind == .object
        else { return }
        let place = "root \(operation.kind.rawValue) type '\(rootName)'."
        var visited: Set<String> = []
        var valid = true
        // Depth first from an explicit stack, in graphql-core's order: fragment chains can be as long as
        // the document (decision record 0100).
        var stack: [(selections: [Selection], next: Int)] = [(operation.selectionSet.selections, 0)]
        while let top = stack.indices.last {
            let (selections, next) = stack[top]
            guard next < selections.count else {
                stack.removeLast()
                continue
            }
            stack[top].next += 1
            switch selections[next] {
            case .field(let field):
                if let stream = field.directives.first(where: { $0.name == "stream" }) {
                    valid = false
                    report("Stream directive cannot be used on \(place)", [stream.location], context)
                }
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name).inserted, let fragment = context.fragment(named: spread.name)
                else { continue }
                if let deferred = spread.directives.first(where: { $0.name == "defer" }) {
                    valid = false
                    report("Defer directive cannot be used on \(place)", [deferred.location], context)
                }
                if !checkedFragments.contains(spread.name) { stack.append((fragment.selectionSet.selections, 0)) }
            case .inlineFragment(let inline):
                if let deferred = inline.directives.first(where: { $0.name == "defer" }) {
                    valid = false
                    report("Defer directive cannot be used on \(place)", [deferred.location], context)
                }
                stack.append((inline.selectionSet.selections, 0))
            }
        }
        if valid { checkedFragments.formUnion(visited) }
    }
}
