/// A subscription uses `@defer` and `@stream` only where they can be turned off (spec draft: Defer And
/// Stream Directives Are Used On Valid Operations): an event is one result, never delivered in parts, so
/// each such directive needs an `if` argument that is `false` or a variable, unless `@skip` or `@include`
/// can leave out the selection carrying it or one around it.
///
/// As graphql-core does, the error points at the directive, then at the fragment spreads that lead to
/// it, innermost first (at most ``maxSpreadLocations`` of them; see below); a fragment is looked at
/// once per operation, and a fragment found clean under one operation is not looked at again.
final class DeferStreamDirectiveOnValidOperationsRule: ValidationRule {
    static let name = "DeferStreamDirectiveOnValidOperationsRule"
    static let hooks: Set<ValidationHook> = [.enterOperation]

    /// graphql-core lists every spread on the path; a chain of fragments each deferring the next would then
    /// make errors whose locations grow with the chain, quadratic in all. Like the overlapping-fields
    /// rule's bound of 20 locations, this keeps an error's size fixed (decision record 0161).
    static let maxSpreadLocations = 19

    /// Fragments looked at under an operation in which nothing was reported.
    private var checkedFragments: Set<String> = []

    private struct Frame {
        var selections: [Selection]
        var next = 0
        /// The spread whose fragment these selections are, `nil` for a field's or inline fragment's.
        var spread: NodeLocation?
    }

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        guard operation.kind == .subscription else { return }
        var visited: Set<String> = []
        var valid = true
        // Depth first from an explicit stack, in graphql-core's order (decision record 0100).
        var stack = [Frame(selections: operation.selectionSet.selections)]
        while let top = stack.indices.last {
            let frame = stack[top]
            guard frame.next < frame.selections.count else {
                stack.removeLast()
                continue
            }
            stack[top].next += 1
            let selection = frame.selections[frame.next]
            let directives = selection.directivesForValidation
            if let skip = directives.first(where: { $0.name == "skip" }), Self.canBeSkipped(viaSkip: skip) { continue }
            if let include = directives.first(where: { $0.name == "include" }), Self.canBeSkipped(viaInclude: include) {
                continue
            }
            for directive in directives where directive.name == "defer" || directive.name == "stream" {
                if Self.ifArgumentCanBeFalse(directive) { continue }
                valid = false
                let (name, spelled) = directive.name == "defer" ? ("Defer", "@defer") : ("Stream", "@stream")
                let spreads = stack.reversed().lazy.compactMap(\.spread).prefix(Self.maxSpreadLocations)
                report(
                    "\(name) directive not supported on subscription operations."
                        + " Disable `\(spelled)` by setting the `if` argument to `false`.",
                    [directive.location] + spreads, context)
            }
            switch selection {
            case .fragmentSpread(let spread):
                guard !visited.contains(spread.name), !checkedFragments.contains(spread.name) else { continue }
                visited.insert(spread.name)
                if let fragment = context.fragment(named: spread.name) {
                    stack.append(Frame(selections: fragment.selectionSet.selections, spread: spread.location))
                }
            case .field(let field):
                if let selectionSet = field.selectionSet { stack.append(Frame(selections: selectionSet.selections)) }
            case .inlineFragment(let inline):
                stack.append(Frame(selections: inline.selectionSet.selections))
            }
        }
        if valid { checkedFragments.formUnion(visited) }
    }

    /// `@defer(if: false)` or `@defer(if: $variable)`; a missing `if` means `true`.
    private static func ifArgumentCanBeFalse(_ directive: Directive) -> Bool {
        switch directive.arguments.first(where: { $0.name == "if" })?.value {
        case .boolean(let value): !value
        case .variable: true
        default: false
        }
    }

    /// `@skip(if: true)` or `@skip(if: $variable)`. A malformed `@skip` (no `if`, or a value of the wrong
    /// type, which other rules report) counts as skippable, so the selection gets no second error.
    private static func canBeSkipped(viaSkip directive: Directive) -> Bool {
        switch directive.arguments.first(where: { $0.name == "if" })?.value {
        case .boolean(let value): value
        default: true
        }
    }

    /// `@include(if: false)` or `@include(if: $variable)`; an `@include` without `if` counts as not
    /// skippable, as in graphql-core, while any other value counts as skippable.
    private static func canBeSkipped(viaInclude directive: Directive) -> Bool {
        switch directive.arguments.first(where: { $0.name == "if" }) {
        case nil: false
        case let argument?:
            if case .boolean(let value) = argument.value { !value } else { true }
        }
    }
}

extension Selection {
    /// The directives written on the selection.
    fileprivate var directivesForValidation: [Directive] {
        switch self {
        case .field(let field): field.directives
        case .fragmentSpread(let spread): spread.directives
        case .inlineFragment(let inline): inline.directives
        }
    }
}
