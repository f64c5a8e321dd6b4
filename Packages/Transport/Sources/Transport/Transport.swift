/// Sends GraphQL requests and delivers their responses: the one thing the data layer needs from the
/// network, so that an app can swap HTTP for a test script, a decorator, or its own stack.
///
/// A transport turns a ``GraphQLRequest`` into an asynchronous sequence of ``GraphQLResponse``s. The
/// runtime above it never looks at URLs, status codes or sockets; it reads responses and typed errors.
///
/// # Implementation requirements
///
/// To implement a transport (or a decorator around one), respect these rules, so that the runtime
/// behaves the same whichever transport an app plugs in:
///
/// - **One request per call.** Each call to ``execute(_:)`` sends the request at most once per
///   attempt the implementation documents (a retrying decorator says how many). It never answers one
///   request with another request's responses, and never shares work between two calls: sharing a
///   fetch in flight is the runtime's job, and it counts on every call reaching the network.
/// - **How many responses.** A query or a mutation yields exactly one response and then finishes. A
///   subscription yields one response per event and finishes when the server completes the stream.
///   An implementation does not reconnect a stream by itself: when the connection ends early, the
///   sequence throws and the caller decides. (``WebSocketTransport`` reconnects the one socket its
///   streams share, within its reconnect policy, and documents it.)
/// - **GraphQL errors are responses.** A well-formed GraphQL response is yielded even when it has
///   `errors`, partial `data`, or no `data` at all. Only a failure to obtain a GraphQL response is
///   thrown, and it is thrown as ``TransportError`` so that callers can switch on its code. After
///   throwing, the sequence yields nothing more.
/// - **Cancellation.** Cancelling the task that iterates the sequence cancels the request and frees
///   what it holds (the connection, a permit of a concurrency limit, a held response) promptly. The
///   iteration then ends, either by returning `nil` or by throwing a ``TransportError`` with code
///   ``TransportError/Code/cancelled``. Dropping the sequence after it finished costs nothing.
/// - **Values only.** A transport may be called from any task at once (`Sendable`) and must not
///   keep the responses it delivered.
/// - **No logging of values.** An implementation that logs must not log variables, headers, bodies
///   or server error messages: they hold user data.
public protocol Transport: Sendable {
    /// Sends `request` and returns its responses: one for a query or a mutation, one per event for a
    /// subscription. Failures to get a GraphQL response are thrown by the sequence as ``TransportError``.
    func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error>
}
