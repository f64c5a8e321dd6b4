/// `@stream` is used only on a field whose type is a list (`[T]` or `[T]!`) (spec draft: Stream Directives
/// Are Used On List Fields): only a list's items can arrive one by one.
///
/// As in graphql-core, a `@stream` written elsewhere than on a field (which ``KnownDirectivesRule``
/// reports) is judged by the enclosing field; the field's name is in the message only when it is one of
/// the parent type's declared fields (not `__typename`, and not the enclosing field of an inline
/// fragment or spread), graphql-core's lookup.
final class StreamDirectiveOnListField: ValidationRule {
    static let name = "StreamDirectiveOnListField"
    static let hooks: Set<ValidationHook> = [.enterDirective]

    func enterDirective(_ directive: Directive, on location: DirectiveLocation, _ context: ValidationContext) {
        guard directive.name == "stream", let definition = context.typeInfo.fieldDefinition,
            let parentType = context.typeInfo.parentType
        else { return }
        switch definition.type {
        case .list, .nonNull(.list): return
        default: break
        }
        let declared = parentType.field(named: definition.name) == definition
        let fieldName = declared ? " '\(definition.name)'" : ""
        report(
            "Stream directive cannot be used on non-list field\(fieldName) on type '\(parentType.name)'.",
            [directive.location], context)
    }
}
