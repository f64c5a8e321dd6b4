/// What `@catch(to:)` makes of a field error at or under a field: the client directive of Relay and
/// Apollo Kotlin, on a field, an operation or a fragment definition (where it is the default for the
/// definition's own fields).
public enum CatchTarget: String, Sendable, Hashable, CaseIterable {
    /// `@catch` or `@catch(to: RESULT)`: the value is a `Result`, its failure the error caught.
    case result = "RESULT"
    /// `@catch(to: NULL)`: the value is `nil` when an error is caught.
    case null = "NULL"

    /// The directive's name.
    public static let directiveName = "catch"

    /// The target of the `@catch` among `directives`, `nil` without one. A `to:` that is not an enum
    /// value of this type also gives `nil` (validation reports it: `CatchDirectiveRule`).
    public static func of(_ directives: [Directive]) -> CatchTarget? {
        guard let directive = directives.first(where: { $0.name == directiveName }) else { return nil }
        guard let argument = directive.arguments.first(where: { $0.name == "to" }) else { return .result }
        guard case .enumValue(let name) = argument.value else { return nil }
        return CatchTarget(rawValue: name)
    }
}
