/// Why the server could not start.
public struct ServerError: Error, Sendable, Hashable {
    /// What went wrong, as a code.
    public enum Code: String, Sendable, Hashable {
        /// The loopback port could not be bound (in use, or no permission).
        case cannotListen
    }

    /// What went wrong.
    public let code: Code
    /// The details, in words.
    public let message: String

    /// An error of `code`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
