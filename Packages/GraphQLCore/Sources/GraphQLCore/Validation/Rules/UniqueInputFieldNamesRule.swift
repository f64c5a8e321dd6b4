/// No field is given twice in one input object literal (spec: Input Object Field Uniqueness).
final class UniqueInputFieldNamesRule: ValidationRule {
    static let name = "UniqueInputFieldNamesRule"
    static let hooks: Set<ValidationHook> = [.enterObjectFields]

    func enterObjectFields(_ fields: [ObjectField], _ context: ValidationContext) {
        var known: [String: NodeLocation] = [:]
        for field in fields {
            if let first = known[field.name] {
                report("There can be only one input field named '\(field.name)'.", [first, field.location], context)
            } else {
                known[field.name] = field.location
            }
        }
    }
}
