import StoreCore
import Transport

/// Why a fetch failed: the transport could not get a response, the store refused the response, or
/// the server answered with errors and no data. The store is unchanged by a failed fetch, but for
/// the parts of an incremental answer (`@defer`, `@stream`) written before the one that failed.
///
/// One struct with an extensible ``Code`` (the shape of `GraphQLCoreError`), so a new kind of
/// failure does not break a caller's `switch`.
public struct FetchError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, as logged.
        public let name: String

        /// A code with a stable name.
        public init(_ name: String) { self.name = name }

        /// The transport threw (no connection, an HTTP error status, a timeout, a body that is not
        /// a GraphQL response); ``FetchError/underlying`` is the `TransportError`.
        public static let transport = Code("transport")
        /// The response's data does not fit the operation's selection (wrong type, too deep), so
        /// the store refused it whole; ``FetchError/underlying`` is the `StoreError`. For a
        /// mutation whose updater threw, the response was not kept either, and `underlying` is the
        /// updater's own error.
        public static let invalidResponse = Code("invalidResponse")
        /// The server answered with GraphQL errors and no data (``FetchError/serverErrors``).
        public static let graphQLErrors = Code("graphQLErrors")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What went wrong, for a developer; never a server's message or a response value.
    public var message: String
    /// The error underneath: a `TransportError`, a `StoreError`, or a mutation updater's error.
    public var underlying: (any Error)?
    /// The server's errors, for ``Code/graphQLErrors`` (their messages may hold user data: show
    /// them, never log them).
    public var serverErrors: [GraphQLServerError]

    /// An error from its parts.
    public init(
        _ code: Code, _ message: String, underlying: (any Error)? = nil, serverErrors: [GraphQLServerError] = []
    ) {
        self.code = code
        self.message = message
        self.underlying = underlying
        self.serverErrors = serverErrors
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
