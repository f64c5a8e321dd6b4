/// The spec's CoerceVariableValues: an operation's variables checked against their declared types,
/// defaults applied, with graphql-core's messages less the value (`Variable '$input' has invalid
/// value at .tags[1]: String cannot represent a non string value`, where graphql-core adds `: 3`).
///
/// A variable that is not provided and has no default is left out (not set to `null`), so that an
/// argument that reads it is left out of the storage key, as the server leaves it out. Values given
/// for undeclared variables are dropped.
struct VariableCoercion {
    let schema: (any CompilationSchema)?

    /// The coerced variables, in declaration order; throws the first error, with code
    /// ``GraphQLCoreError/Code/invalidVariable`` and a path that starts with the variable's name.
    func coerce(_ values: JSONObject, definitions: [VariableDefinition]) throws(GraphQLCoreError) -> JSONObject {
        let coercion = InputCoercion(schema: schema)
        var coerced = JSONObject(minimumCapacity: definitions.count)
        for definition in definitions {
            let name = definition.name
            let location = [definition.location.start]
            try checkInputType(definition)
            guard let value = values[name] else {
                if let defaultValue = definition.defaultValue {
                    guard let literal = LiteralConversion.json(defaultValue) else {
                        throw GraphQLCoreError(
                            .invalidVariable, "Variable '$\(name)' has a default value that refers to a variable.",
                            locations: location, path: [name])
                    }
                    do {
                        coerced[name] = try coercion.coerce(literal, to: definition.type)
                    } catch {
                        throw Self.error(name, "has invalid default value", error, location)
                    }
                } else if case .nonNull = definition.type {
                    throw GraphQLCoreError(
                        .invalidVariable,
                        "Variable '$\(name)' has invalid value: Expected a value of non-null type '\(definition.type)' to be provided.",
                        locations: location, path: [name])
                }
                continue
            }
            do {
                coerced[name] = try coercion.coerce(value, to: definition.type)
            } catch {
                throw Self.error(name, "has invalid value", error, location)
            }
        }
        return coerced
    }

    /// With a schema, a variable's type must name an input type (scalar, enum or input object).
    private func checkInputType(_ definition: VariableDefinition) throws(GraphQLCoreError) {
        guard let schema else { return }
        let named = definition.type.namedType
        if InputCoercion.BuiltInScalar(rawValue: named) != nil { return }
        switch schema.typeKind(of: named) {
        case .scalar?, .enum?, .inputObject?: return
        default:
            throw GraphQLCoreError(
                .invalidVariable,
                "Variable '$\(definition.name)' expected value of type '\(definition.type)' which cannot be used as an input type.",
                locations: [definition.typeLocation.or(definition.location).start], path: [definition.name])
        }
    }

    private static func error(
        _ name: String, _ what: String, _ failure: InputCoercion.Failure, _ locations: [SourceLocation]
    ) -> GraphQLCoreError {
        if failure.message == InputCoercion.tooDeep {
            // graphql-core reports this one without the variable's prefix and without a location: it is
            // about the value's shape, not a place in the document. The path still names the variable.
            return GraphQLCoreError(.invalidVariable, failure.message, locations: [], path: [name])
        }
        var printedPath = ""
        var path = [name]
        for component in failure.path {
            switch component {
            case .key(let key):
                printedPath += "." + key
                path.append(key)
            case .index(let index):
                printedPath += "[\(index)]"
                path.append(String(index))
            }
        }
        let place = printedPath.isEmpty ? "" : " at " + printedPath
        return GraphQLCoreError(
            .invalidVariable, "Variable '$\(name)' \(what)\(place): \(failure.message)", locations: locations,
            path: path)
    }
}
