/// The spec's type-system validation, run on a schema's merged parts before the schema exists.
///
/// Stops at the first problem, in the order the SDL defines its types, so the error a developer sees
/// is the earliest one in their file. Messages follow graphql-core's wording.
struct SchemaValidator {
    let parts: SchemaBuilder.Parts

    func validate() throws(GraphQLCoreError) {
        try validateRoots()
        for name in parts.definedTypeNames {
            guard let type = parts.types[name] else { continue }
            let location = parts.locations[name]
            switch type.kind {
            case .object, .interface:
                try validateFields(of: type, at: location)
                try validateInterfaces(of: type, at: location)
            case .union:
                try validateUnion(type, at: location)
            case .enum:
                if type.enumValues.isEmpty { throw fail("Enum type \(name) must define one or more values.", location) }
                try unique(type.enumValues.map(\.name), location) {
                    "Enum value '\(name).\($0)' can only be defined once."
                }
            case .inputObject:
                try validateInputObject(type, at: location)
            case .scalar:
                break
            }
        }
        try validateInputObjectsHaveFiniteValues()
        for name in parts.definedDirectiveNames {
            guard let directive = parts.directives[name] else { continue }
            let location = parts.locations["@" + name]
            try unique(directive.arguments.map(\.name), location) {
                "Argument '@\(name)(\($0):)' can only be defined once."
            }
            for argument in directive.arguments {
                try expectInputType(argument.type, "@\(name)(\(argument.name):)", location)
            }
        }
    }

    private func validateRoots() throws(GraphQLCoreError) {
        guard parts.roots[.query] != nil else {
            throw fail("Query root type must be provided.", parts.schemaLocation)
        }
        for kind in [OperationKind.query, .mutation, .subscription] {
            guard let name = parts.roots[kind] else { continue }
            let location = parts.locations["schema." + kind.rawValue] ?? parts.locations[name]
            guard let type = parts.types[name] else { throw fail("Unknown type '\(name)'.", location) }
            if type.kind != .object {
                let title = kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
                let ifProvided = kind == .query ? "" : " if provided"
                throw fail("\(title) root type must be Object type\(ifProvided), it cannot be \(name).", location)
            }
        }
    }

    private func validateFields(of type: NamedType, at location: SourceLocation?) throws(GraphQLCoreError) {
        if type.fields.isEmpty { throw fail("Type \(type.name) must define one or more fields.", location) }
        try unique(type.fields.map(\.name), location) { "Field '\(type.name).\($0)' can only be defined once." }
        for field in type.fields {
            try reserved(field.name, location)
            try expectOutputType(field.type, "\(type.name).\(field.name)", location)
            try unique(field.arguments.map(\.name), location) {
                "Argument '\(type.name).\(field.name)(\($0):)' can only be defined once."
            }
            for argument in field.arguments {
                try reserved(argument.name, location)
                try expectInputType(argument.type, "\(type.name).\(field.name)(\(argument.name):)", location)
            }
        }
    }

    private func validateInterfaces(of type: NamedType, at location: SourceLocation?) throws(GraphQLCoreError) {
        var seen: Set<String> = []
        for interfaceName in type.interfaces {
            guard let interface = parts.types[interfaceName] else {
                throw fail("Unknown type '\(interfaceName)'.", location)
            }
            guard interface.kind == .interface else {
                throw fail(
                    "Type \(type.name) must only implement Interface types, it cannot implement \(interfaceName).",
                    location)
            }
            if interfaceName == type.name {
                throw fail(
                    "Type \(type.name) cannot implement itself because it would create a circular reference.",
                    location)
            }
            guard seen.insert(interfaceName).inserted else {
                throw fail("Type \(type.name) can only implement \(interfaceName) once.", location)
            }
            for transitive in interface.interfaces where !type.interfaces.contains(transitive) {
                throw fail(
                    transitive == type.name
                        ? "Type \(type.name) cannot implement \(interfaceName) because it would create a circular reference."
                        : "Type \(type.name) must implement \(transitive) because it is implemented by \(interfaceName).",
                    location)
            }
            try validateImplementation(of: interface, by: type, at: location)
        }
    }

    private func validateImplementation(
        of interface: NamedType, by type: NamedType, at location: SourceLocation?
    ) throws(GraphQLCoreError) {
        for interfaceField in interface.fields {
            let name = interfaceField.name
            guard let field = type.field(named: name) else {
                throw fail(
                    "Interface field \(interface.name).\(name) expected but \(type.name) does not provide it.", location
                )
            }
            if !isTypeSubtype(field.type, of: interfaceField.type) {
                throw fail(
                    "Interface field \(interface.name).\(name) expects type \(interfaceField.type)"
                        + " but \(type.name).\(name) is type \(field.type).", location)
            }
            for interfaceArgument in interfaceField.arguments {
                guard let argument = field.argument(named: interfaceArgument.name) else {
                    throw fail(
                        "Interface field argument \(interface.name).\(name)(\(interfaceArgument.name):) expected"
                            + " but \(type.name).\(name) does not provide it.", location)
                }
                if argument.type != interfaceArgument.type {
                    throw fail(
                        "Interface field argument \(interface.name).\(name)(\(interfaceArgument.name):) expects type"
                            + " \(interfaceArgument.type) but \(type.name).\(name)(\(argument.name):) is type"
                            + " \(argument.type).", location)
                }
            }
            for argument in field.arguments
            where argument.isRequired && interfaceField.argument(named: argument.name) == nil {
                throw fail(
                    "Argument '\(type.name).\(name)(\(argument.name):)' must not be required type '\(argument.type)'"
                        + " if not provided by the Interface field '\(interface.name).\(name)'.", location)
            }
        }
    }

    private func validateUnion(_ union: NamedType, at location: SourceLocation?) throws(GraphQLCoreError) {
        if union.unionMembers.isEmpty {
            throw fail("Union type \(union.name) must define one or more member types.", location)
        }
        try unique(union.unionMembers, location) { "Union type \(union.name) can only include type \($0) once." }
        for member in union.unionMembers {
            guard let type = parts.types[member] else { throw fail("Unknown type '\(member)'.", location) }
            if type.kind != .object {
                throw fail(
                    "Union type \(union.name) can only include Object types, it cannot include \(member).", location)
            }
        }
    }

    private func validateInputObject(_ input: NamedType, at location: SourceLocation?) throws(GraphQLCoreError) {
        if input.inputFields.isEmpty {
            throw fail("Input Object type \(input.name) must define one or more fields.", location)
        }
        try unique(input.inputFields.map(\.name), location) { "Field '\(input.name).\($0)' can only be defined once." }
        for field in input.inputFields {
            try reserved(field.name, location)
            try expectInputType(field.type, "\(input.name).\(field.name)", location)
            if input.isOneOf {
                if field.type.isNonNull {
                    throw fail("OneOf input field \(input.name).\(field.name) must be nullable.", location)
                }
                if field.defaultValue != nil {
                    throw fail("OneOf input field \(input.name).\(field.name) cannot have a default value.", location)
                }
            }
        }
    }

    /// The spec's InputObjectHasUnbreakableCycle: an input object whose non-null input-object fields lead
    /// back to itself can never be written down. A `@oneOf` input object breaks a cycle when any one of its
    /// fields does.
    private func validateInputObjectsHaveFiniteValues() throws(GraphQLCoreError) {
        let inputs = parts.definedTypeNames.compactMap { parts.types[$0] }.filter { $0.kind == .inputObject }
        var targets: [String: [(field: String, target: String)]] = [:]
        for input in inputs {
            targets[input.name] = input.inputFields.compactMap { field in
                let core: TypeReference? =
                    input.isOneOf ? field.type : (field.type.isNonNull ? field.type.nullable : nil)
                guard case .named(let name)? = core, parts.types[name]?.kind == .inputObject else { return nil }
                return (field.name, name)
            }
        }
        var finite: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for input in inputs where !finite.contains(input.name) {
                let edges = targets[input.name] ?? []
                let isFinite =
                    input.isOneOf
                    ? edges.count < input.inputFields.count || edges.contains { finite.contains($0.target) }
                    : edges.allSatisfy { finite.contains($0.target) }
                if isFinite {
                    finite.insert(input.name)
                    changed = true
                }
            }
        }
        var visited: Set<String> = []
        var path: [String] = []
        var indexByType: [String: Int] = [:]
        func findCycle(_ name: String) -> (target: String, path: [String])? {
            guard visited.insert(name).inserted else { return nil }
            indexByType[name] = path.count
            defer { indexByType[name] = nil }
            for edge in targets[name] ?? [] where !finite.contains(edge.target) {
                path.append("\(name).\(edge.field)")
                defer { path.removeLast() }
                if let index = indexByType[edge.target] { return (edge.target, Array(path[index...])) }
                if let cycle = findCycle(edge.target) { return cycle }
            }
            return nil
        }
        for input in inputs where !finite.contains(input.name) {
            guard let cycle = findCycle(input.name) else { continue }
            throw fail(
                "Input Object \(cycle.target) cannot be provided a finite value because it references itself"
                    + " through fields: \(cycle.path.joined(separator: ", ")).", parts.locations[cycle.target])
        }
    }

    private func expectOutputType(
        _ type: TypeReference, _ owner: String, _ location: SourceLocation?
    ) throws(GraphQLCoreError) {
        guard let named = parts.types[type.namedType] else { throw fail("Unknown type '\(type.namedType)'.", location) }
        if !named.isOutputType { throw fail("The type of \(owner) must be Output Type but got: \(type).", location) }
    }

    private func expectInputType(
        _ type: TypeReference, _ owner: String, _ location: SourceLocation?
    ) throws(GraphQLCoreError) {
        guard let named = parts.types[type.namedType] else { throw fail("Unknown type '\(type.namedType)'.", location) }
        if !named.isInputType { throw fail("The type of \(owner) must be Input Type but got: \(type).", location) }
    }

    private func reserved(_ name: String, _ location: SourceLocation?) throws(GraphQLCoreError) {
        if name.hasPrefix("__") {
            throw fail(
                "Name '\(name)' must not begin with '__', which is reserved by GraphQL introspection.", location)
        }
    }

    private func unique(
        _ names: [String], _ location: SourceLocation?, _ message: (String) -> String
    ) throws(GraphQLCoreError) {
        var seen: Set<String> = []
        for name in names where !seen.insert(name).inserted { throw fail(message(name), location) }
    }

    /// Covariant field types, as the spec's IsValidImplementationFieldType defines them.
    private func isTypeSubtype(_ type: TypeReference, of superType: TypeReference) -> Bool {
        switch (type, superType) {
        case (.nonNull(let inner), .nonNull(let superInner)): return isTypeSubtype(inner, of: superInner)
        case (.nonNull(let inner), _): return isTypeSubtype(inner, of: superType)
        case (_, .nonNull): return false
        case (.list(let item), .list(let superItem)): return isTypeSubtype(item, of: superItem)
        case (.list, _), (_, .list): return false
        case (.named(let name), .named(let superName)):
            if name == superName { return true }
            guard let superNamed = parts.types[superName], let named = parts.types[name] else { return false }
            switch superNamed.kind {
            case .union: return superNamed.unionMembers.contains(name)
            case .interface: return named.interfaces.contains(superName)
            default: return false
            }
        }
    }

    private func fail(_ message: String, _ location: SourceLocation?) -> GraphQLCoreError {
        SchemaBuilder.invalid(message, location)
    }
}
