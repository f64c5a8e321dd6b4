/// A subscription selects exactly one root field, not an introspection field, and without `@skip` or
/// `@include` at its top level (spec: Single Root Field).
final class SingleFieldSubscriptionsRule: ValidationRule {
    static let name = "SingleFieldSubscriptionsRule"
    static let hooks: Set<ValidationHook> = [.enterOperation]

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        guard operation.kind == .subscription,
            let rootName = context.schema.rootTypeName(for: .subscription),
            let root = context.schema.type(named: rootName)
        else { return }
        let subject = operation.name.map { "Subscription '\($0)'" } ?? "Anonymous Subscription"
        var collector = Collector(context: context, runtimeType: root)
        collector.collect(operation.selectionSet)
        if !collector.forbidden.isEmpty {
            report(
                subject + " must not use `@skip` or `@include` directives in the top level selection.",
                collector.forbidden, context)
            return
        }
        if collector.order.isEmpty {
            report(subject + " must select one top level field.", [operation.selectionSet.location], context)
        } else if collector.order.count > 1 {
            let extra = collector.order.dropFirst().flatMap { collector.groups[$0] ?? [] }
            report(subject + " must select only one top level field.", extra.map(\.location), context)
        }
        for key in collector.order {
            guard let fields = collector.groups[key], let first = fields.first, first.name.hasPrefix("__") else {
                continue
            }
            report(subject + " must not select an introspection top level field.", fields.map(\.location), context)
        }
    }

    /// The execution algorithm's CollectFields for the subscription root, refusing `@skip` and `@include`.
    private struct Collector {
        let context: ValidationContext
        let runtimeType: NamedType
        var order: [String] = []
        var groups: [String: [Field]] = [:]
        var forbidden: [NodeLocation] = []
        var visitedFragments: Set<String> = []

        mutating func collect(_ selectionSet: SelectionSet) {
            for selection in selectionSet.selections {
                switch selection {
                case .field(let field):
                    guard include(field.directives) else { continue }
                    if groups[field.responseKey] == nil { order.append(field.responseKey) }
                    groups[field.responseKey, default: []].append(field)
                case .inlineFragment(let inline):
                    guard include(inline.directives), matches(inline.typeCondition) else { continue }
                    collect(inline.selectionSet)
                case .fragmentSpread(let spread):
                    guard include(spread.directives), let fragment = context.fragment(named: spread.name),
                        matches(fragment.typeCondition), visitedFragments.insert(spread.name).inserted
                    else { continue }
                    collect(fragment.selectionSet)
                }
            }
        }

        private mutating func include(_ directives: [Directive]) -> Bool {
            if let skip = directives.first(where: { $0.name == "skip" }) {
                forbidden.append(skip.location)
                return false
            }
            if let include = directives.first(where: { $0.name == "include" }) {
                forbidden.append(include.location)
                return false
            }
            return true
        }

        private func matches(_ condition: String?) -> Bool {
            guard let condition else { return true }
            if condition == runtimeType.name { return true }
            guard let type = context.schema.type(named: condition), type.isAbstract else { return false }
            return context.schema.isSubtype(runtimeType.name, of: condition)
        }
    }
}
