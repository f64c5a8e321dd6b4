/// What kind of failure ended a fetch, without the failure's text: a value the event log may carry.
///
/// A struct with an extensible set of names rather than an enum, so a new kind does not break a
/// caller's `switch`; the runtime maps its transport and store errors onto these.
public struct FetchFailureKind: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kind's stable name, as logged.
    public let name: String

    /// A kind with a stable name.
    public init(_ name: String) { self.name = name }

    /// The request did not complete: no connection, a timeout, a cancelled task.
    public static let transport = FetchFailureKind("transport")
    /// The server answered with an HTTP error status.
    public static let http = FetchFailureKind("http")
    /// The response was not a GraphQL response, or its data did not match the selection.
    public static let invalidResponse = FetchFailureKind("invalidResponse")
    /// The response carried GraphQL errors and no usable data.
    public static let graphQL = FetchFailureKind("graphQL")
    /// The response was written and the root still reads missing data.
    public static let missingData = FetchFailureKind("missingData")

    /// The kind's name.
    public var description: String { name }
}
