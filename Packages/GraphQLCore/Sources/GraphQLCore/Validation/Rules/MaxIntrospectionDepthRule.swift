/// Introspection nests lists of types at most three deep (graphql-core's recommended rule, not the
/// spec's): `__schema { types { fields { type { fields { ... } } } } }` asks for the whole schema again
/// at every level, work that grows exponentially with the depth, for a result no client needs.
///
/// From each `__schema` or `__type` field, the rule counts the `fields`, `interfaces`, `possibleTypes`
/// and `inputFields` fields on every path through selections and fragments; reaching three reports
/// "Maximum introspection depth exceeded" at the `__schema` or `__type` field.
///
/// The walk is graphql-core's, from an explicit stack (a chain of fragments can be as long as the
/// document), with its memory of the depths at which each fragment was found under or at the limit, so a
/// fragment spread from many places is walked a bounded number of times. Unlike graphql-core, an
/// introspection field inside one already checked is not checked again: the outer check walked it at
/// a depth at least as great, so it cannot reach the limit either, and skipping it keeps nested
/// introspection fields from costing the square of their nesting (decision record 0161).
final class MaxIntrospectionDepthRule: ValidationRule {
    static let name = "MaxIntrospectionDepthRule"
    static let hooks: Set<ValidationHook> = [.enterField, .leaveField]

    private static let maxListDepth = 3
    private static let listFields: Set<String> = ["fields", "interfaces", "possibleTypes", "inputFields"]

    /// For each fragment, the entry depth at which its last check finished under the limit (entry depth is
    /// the list depth before the fragment's selections). Shared by every check, as in graphql-core.
    private var checkedFragments: [String: Int] = [:]
    /// For each fragment, the smallest entry depth at which a check reached the limit.
    private var exceededFragments: [String: Int] = [:]
    /// How many fields the walk has entered inside the checked introspection field it is in, counting
    /// that field; 0 outside one.
    private var insideChecked = 0

    private struct Frame {
        var selections: [Selection]
        var next = 0
        var depth: Int
        /// The fragment whose selections these are, `nil` for a field's or inline fragment's.
        var fragment: String?
    }

    func enterField(_ field: Field, _ context: ValidationContext) {
        if insideChecked > 0 {
            insideChecked += 1
            return
        }
        guard field.name == "__schema" || field.name == "__type" else { return }
        if exceedsLimit(field, context) { report("Maximum introspection depth exceeded", [field.location], context) }
        insideChecked = 1
    }

    func leaveField(_ field: Field, _ context: ValidationContext) {
        if insideChecked > 0 { insideChecked -= 1 }
    }

    private func exceedsLimit(_ field: Field, _ context: ValidationContext) -> Bool {
        // For each fragment, the greatest entry depth at which this check entered it, visits still in
        // progress included: a visit at that depth or less can find nothing new (or is a cycle).
        var visited: [String: Int] = [:]
        var stack: [Frame] = []
        if let selectionSet = field.selectionSet { stack.append(Frame(selections: selectionSet.selections, depth: 0)) }
        while let top = stack.indices.last {
            let frame = stack[top]
            guard frame.next < frame.selections.count else {
                stack.removeLast()
                if let fragment = frame.fragment { checkedFragments[fragment] = frame.depth }
                continue
            }
            stack[top].next += 1
            var depth = frame.depth
            switch frame.selections[frame.next] {
            case .fragmentSpread(let spread):
                // A check that reached the limit reaches it again from an equal or greater depth.
                if let exceeded = exceededFragments[spread.name], exceeded <= depth {
                    markExceeded(stack)
                    return true
                }
                if visited[spread.name, default: -1] >= depth || checkedFragments[spread.name, default: -1] >= depth {
                    continue
                }
                // Unknown fragments are KnownFragmentNamesRule's.
                guard let fragment = context.fragment(named: spread.name) else { continue }
                visited[spread.name] = depth
                stack.append(Frame(selections: fragment.selectionSet.selections, depth: depth, fragment: spread.name))
            case .field(let nested):
                if Self.listFields.contains(nested.name) {
                    depth += 1
                    if depth >= Self.maxListDepth {
                        markExceeded(stack)
                        return true
                    }
                }
                if let selectionSet = nested.selectionSet {
                    stack.append(Frame(selections: selectionSet.selections, depth: depth))
                }
            case .inlineFragment(let inline):
                stack.append(Frame(selections: inline.selectionSet.selections, depth: depth))
            }
        }
        return false
    }

    /// Every fragment being walked reached the limit, each from the depth it was entered at; innermost
    /// first, as a recursive walk returns, so a fragment entered twice keeps the smaller depth.
    private func markExceeded(_ stack: [Frame]) {
        for frame in stack.reversed() {
            if let fragment = frame.fragment { exceededFragments[fragment] = frame.depth }
        }
    }
}
