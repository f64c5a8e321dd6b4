/// No argument is given twice to one field or directive (spec: Argument Uniqueness).
final class UniqueArgumentNamesRule: ValidationRule {
    static let name = "UniqueArgumentNamesRule"
    static let hooks: Set<ValidationHook> = [.enterArguments]

    func enterArguments(_ arguments: [Argument], _ context: ValidationContext) {
        var order: [String] = []
        var locations: [String: [NodeLocation]] = [:]
        for argument in arguments {
            if locations[argument.name] == nil { order.append(argument.name) }
            locations[argument.name, default: []].append(argument.location)
        }
        for name in order {
            guard let all = locations[name], all.count > 1 else { continue }
            report("There can be only one argument named '\(name)'.", all, context)
        }
    }
}
