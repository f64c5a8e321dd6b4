extension Schema: CompilationSchema {
    func typeKind(of typeName: String) -> TypeKind? { type(named: typeName)?.kind }

    func fieldType(_ fieldName: String, on typeName: String) -> TypeReference? {
        field(fieldName, on: typeName)?.type
    }

    func possibleTypeNames(of typeName: String) -> Set<String> { possibleTypes(of: typeName) }

    func enumValueNames(of typeName: String) -> [String] { type(named: typeName)?.enumValues.map(\.name) ?? [] }

    func inputFields(of typeName: String) -> [InputValueDefinition] {
        type(named: typeName)?.inputFields.map {
            InputValueDefinition(name: $0.name, type: $0.type, defaultValue: $0.defaultValue)
        } ?? []
    }

    func isOneOf(_ typeName: String) -> Bool { type(named: typeName)?.isOneOf ?? false }

    func argumentType(_ argumentName: String, ofField fieldName: String, on typeName: String) -> TypeReference? {
        field(fieldName, on: typeName)?.arguments.first { $0.name == argumentName }?.type
    }

    func redirect(ofField fieldName: String, on typeName: String) -> FieldRedirect? {
        fieldRedirects[typeName]?[fieldName]
    }
}
