/// No fragment spreads itself, directly or through others (spec: Fragment Spreads Must Not Form Cycles).
///
/// One depth-first search over all fragments, each visited once, reporting every cycle it closes.
final class NoFragmentCyclesRule: ValidationRule {
    static let name = "NoFragmentCyclesRule"
    static let hooks: Set<ValidationHook> = [.enterFragment]
    private var visited: Set<String> = []
    private var spreadPath: [FragmentSpread] = []
    private var spreadPathIndexByName: [String: Int] = [:]

    func enterFragment(_ fragment: FragmentDefinition, _ context: ValidationContext) {
        detectCycles(from: fragment, context)
    }

    private func detectCycles(from fragment: FragmentDefinition, _ context: ValidationContext) {
        guard visited.insert(fragment.name).inserted else { return }
        let spreads = context.fragmentSpreads(in: fragment.selectionSet)
        if spreads.isEmpty { return }
        spreadPathIndexByName[fragment.name] = spreadPath.count
        for spread in spreads {
            let cycleIndex = spreadPathIndexByName[spread.name]
            spreadPath.append(spread)
            if let cycleIndex {
                let cycle = Array(spreadPath[cycleIndex...])
                let via = cycle.dropLast().map { "'\($0.name)'" }.joined(separator: ", ")
                report(
                    "Cannot spread fragment '\(spread.name)' within itself" + (via.isEmpty ? "." : " via \(via)."),
                    cycle.map(\.location), context)
            } else if let target = context.fragment(named: spread.name) {
                detectCycles(from: target, context)
            }
            spreadPath.removeLast()
        }
        spreadPathIndexByName[fragment.name] = nil
    }
}
