/// Why a queued mutation was dropped without reaching the server.
public struct MutationQueueError: Error, Sendable, CustomStringConvertible {
    /// What kind of drop this is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name.
        public let name: String

        /// A code with a stable name.
        public init(_ name: String) { self.name = name }

        /// It waited longer than ``MutationQueueConfiguration/maximumAge``.
        public static let expired = Code("expired")
        /// It was the oldest when the queue grew past ``MutationQueueConfiguration/maximumLength``.
        public static let queueFull = Code("queueFull")
        /// After a relaunch its stored form could not be read or compiled (a schema that changed
        /// under it, a damaged row).
        public static let unreadable = Code("unreadable")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of drop this is.
    public var code: Code
    /// What happened, for a developer; never a variable's value.
    public var message: String

    /// An error from its parts.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
