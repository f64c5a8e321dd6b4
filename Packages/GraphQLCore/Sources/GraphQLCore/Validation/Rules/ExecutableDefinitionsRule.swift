/// A document sent for execution holds only operations and fragments (spec: Executable Definitions).
final class ExecutableDefinitionsRule: ValidationRule {
    static let name = "ExecutableDefinitionsRule"
    static let hooks: Set<ValidationHook> = [.enterDocument]

    func enterDocument(_ document: Document, _ context: ValidationContext) {
        for definition in document.definitions {
            let described: String
            let location: NodeLocation
            switch definition {
            case .operation, .fragment: continue
            case .schema(let schema), .schemaExtension(let schema): (described, location) = ("schema", schema.location)
            case .type(let type), .typeExtension(let type): (described, location) = ("'\(type.name)'", type.location)
            case .directive(let directive): (described, location) = ("'\(directive.name)'", directive.location)
            }
            report("The \(described) definition is not executable.", [location], context)
        }
    }
}
