/// The directives only the client reads: they steer the runtime and never reach the server.
enum ClientDirectives {
    /// `@cacheExpiration(seconds: Int!)` on an operation: how long its data stays fresh.
    static let cacheExpiration = "cacheExpiration"

    /// `@connection(key: String!, filters: [String!])` on a field: its pages are one list in the store
    /// (see `ConnectionDirective.swift`).
    static let connection = "connection"

    /// Every client-only directive's name; the text to send has none of them (`@catch` steers the
    /// generated code: `CatchTarget`).
    static let names: Set<String> = [cacheExpiration, connection, CatchTarget.directiveName]

    /// The expiration an operation asks for, or `nil` when it has no `@cacheExpiration`.
    ///
    /// The argument must be a literal positive integer within GraphQL's `Int` (a variable would make
    /// the freshness of stored data depend on who asked), and the directive may appear once.
    static func cacheExpiration(of operation: OperationDefinition) throws(GraphQLCoreError) -> Duration? {
        let directives = operation.directives.filter { $0.name == cacheExpiration }
        guard let directive = directives.first else { return nil }
        let place = [directive.location.start]
        guard directives.count == 1 else {
            throw GraphQLCoreError(
                .invalidClientDirective, "The directive '@cacheExpiration' can only be used once on an operation.",
                locations: directives.map(\.location.start))
        }
        guard let argument = directive.arguments.first(where: { $0.name == "seconds" }) else {
            throw GraphQLCoreError(
                .invalidClientDirective, "The directive '@cacheExpiration' needs the argument 'seconds: Int!'.",
                locations: place)
        }
        if let unknown = directive.arguments.first(where: { $0.name != "seconds" }) {
            throw GraphQLCoreError(
                .invalidClientDirective, "Unknown argument '\(unknown.name)' on directive '@cacheExpiration'.",
                locations: [unknown.location.start])
        }
        guard case .int(let text) = argument.value, let seconds = Int32(text), seconds > 0 else {
            throw GraphQLCoreError(
                .invalidClientDirective,
                "The argument 'seconds' of '@cacheExpiration' must be a positive Int literal, got \(Printer.print(argument.value)).",
                locations: [argument.location.start])
        }
        return .seconds(Int(seconds))
    }
}
