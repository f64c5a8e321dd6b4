/// A call on a ``Handle`` that the handle cannot serve: it was released, or its policy does not
/// allow the network. Nothing was sent and the store is as it was.
public struct HandleError: Error, Sendable, CustomStringConvertible {
    /// What kind of refusal this is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name.
        public let name: String

        /// A code with a stable name.
        public init(_ name: String) { self.name = name }

        /// The handle was released (``Handle/release()``) before or while the call waited.
        public static let released = Code("released")
        /// The handle was attached `storeOnly`, which never fetches: ``Handle/refetch()`` refuses.
        public static let storeOnly = Code("storeOnly")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of refusal this is.
    public var code: Code
    /// The operation's name, when it has one.
    public var operationName: String?
    /// What was refused and why, for a developer.
    public var message: String

    /// An error from its parts.
    public init(_ code: Code, operationName: String?, message: String) {
        self.code = code
        self.operationName = operationName
        self.message = message
    }

    /// `code in Name: message`.
    public var description: String { "\(code) in \(operationName ?? "an unnamed operation"): \(message)" }
}
