extension Event {
    /// An operation's name as an event carries it: GraphQL `Name` grammar and nothing else.
    ///
    /// The initializer refuses anything that is not `[_A-Za-z][_0-9A-Za-z]*` of at most 128
    /// characters, so a sentence, a token, an email address or a server's message cannot pass for a
    /// name.
    public struct OperationName: Sendable, Hashable, CustomStringConvertible {
        /// The longest name accepted.
        public static let maximumLength = 128

        /// The name.
        public let text: String

        /// The name, or `nil` when `text` is not a GraphQL name of at most ``maximumLength`` characters.
        public init?(_ text: String) {
            let bytes = text.utf8
            guard let first = bytes.first, bytes.count <= Self.maximumLength, Self.isNameStart(first) else {
                return nil
            }
            for byte in bytes.dropFirst() where !Self.isNameStart(byte) && !(byte >= 0x30 && byte <= 0x39) {
                return nil
            }
            self.text = text
        }

        /// The name.
        public var description: String { text }

        private static func isNameStart(_ byte: UInt8) -> Bool {
            byte == 0x5F || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }
    }
}
