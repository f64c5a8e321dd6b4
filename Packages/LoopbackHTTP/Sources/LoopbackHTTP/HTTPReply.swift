/// What a route answers: a whole response, or a stream of server-sent events that stays open.
public enum HTTPReply: Sendable {
    /// A response sent at once, then the connection is closed.
    case response(HTTPResponse)
    /// A `text/event-stream` response: the connection stays open and carries what is sent to the
    /// stream until either side closes it.
    case eventStream(EventStream)
}
