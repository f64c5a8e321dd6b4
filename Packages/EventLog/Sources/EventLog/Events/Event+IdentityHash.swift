extension Event {
    /// An operation identity's hash as an event carries it: 1 to 64 hexadecimal digits, lowercase.
    ///
    /// It names which operation and variables a fetch was for without carrying either: the runtime's
    /// identities are hashes of the canonical document and variables.
    public struct IdentityHash: Sendable, Hashable, CustomStringConvertible {
        /// The longest hash accepted, in hex digits (256 bits).
        public static let maximumLength = 64

        /// The hash, in lowercase hex digits.
        public let hex: String

        /// The hash, or `nil` when `hex` is empty, longer than ``maximumLength`` or not all hex digits.
        /// Uppercase digits are accepted and stored lowercase.
        public init?(hex: String) {
            let bytes = hex.utf8
            guard !bytes.isEmpty, bytes.count <= Self.maximumLength else { return nil }
            for byte in bytes {
                switch byte {
                case 0x30...0x39, 0x41...0x46, 0x61...0x66: continue
                default: return nil
                }
            }
            self.hex = hex.lowercased()
        }

        /// A 64-bit hash, as 16 hex digits.
        public init(_ value: UInt64) {
            let digits = String(value, radix: 16)
            hex = String(repeating: "0", count: 16 - digits.count) + digits
        }

        /// The hash.
        public var description: String { hex }
    }
}
