import GraphQLCore
import Transport

extension ScriptedTransport {
    /// Which requests a script entry or a hold applies to.
    public enum Key: Sendable, Hashable {
        /// Every request.
        case any
        /// Requests whose operation name is this.
        case operationName(String)
        /// Requests whose text and variables have this identity (see `GraphQLRequest.identity`).
        case identity(OperationIdentity)
    }

    /// What a scripted request gets.
    public enum Answer: Sendable {
        /// One response, then the end of the stream.
        case response(GraphQLResponse)
        /// These responses in order, then the end of the stream: a subscription's events.
        case responses([GraphQLResponse])
        /// The stream throws this error.
        case failure(any Error)
        /// The stream stays open; the test sends responses with ``ScriptedTransport/send(_:toRequestAt:)``
        /// and ends it with ``ScriptedTransport/finish(requestAt:throwing:)``.
        case open

        /// One response whose `data` is `data`.
        public static func data(_ data: JSONValue) -> Answer { .response(GraphQLResponse(data: data)) }
    }
}

extension TransportError.Code {
    /// A ``ScriptedTransport`` got a request its script has no answer for.
    public static let unscripted = TransportError.Code("unscripted")
}
