/// Why a request was refused before any route saw it: the status sent, and a message for tests and
/// logs that never quotes the request.
public struct HTTPRequestError: Error, Sendable, Hashable {
    /// The status answered (400, 404, 405, 413, 431, 505).
    public let status: Int
    /// What was wrong, in words.
    public let message: String

    /// An error answered with `status`.
    public init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }
}
