/// Leaf fields have no selection and other fields have one (spec: Leaf Field Selections).
///
/// An empty selection set (`me { }`) is a selection: the parser accepts it and so does this rule, as
/// graphql-core 3.3 and the spec's working draft do (decision record 0110).
final class ScalarLeafsRule: ValidationRule {
    static let name = "ScalarLeafsRule"
    static let hooks: Set<ValidationHook> = [.enterField]

    func enterField(_ field: Field, _ context: ValidationContext) {
        guard let type = context.typeInfo.type, let named = context.namedType(type) else { return }
        if named.isLeaf {
            if let selectionSet = field.selectionSet {
                report(
                    "Field '\(field.name)' must not have a selection since type '\(type)' has no subfields.",
                    [selectionSet.location], context)
            }
        } else if field.selectionSet == nil {
            report(
                "Field '\(field.name)' of type '\(type)' must have a selection of subfields."
                    + " Did you mean '\(field.name) { ... }'?", [field.location], context)
        }
    }
}
