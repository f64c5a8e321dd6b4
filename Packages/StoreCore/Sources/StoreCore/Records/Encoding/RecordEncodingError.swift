/// Bytes that are not a record in the format ``RecordEncoding`` writes: cut short, from a newer
/// format, naming a key the key table lacks, or otherwise damaged.
///
/// One struct with an extensible ``Code`` (the shape of ``StoreError``). Decoding never traps on
/// hostile bytes and never allocates more than the bytes could hold: every count is checked against
/// the bytes left before anything is reserved.
@_spi(RecordFormat) public struct RecordEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of damage this is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, as logged.
        public let name: String

        /// A code with a stable name.
        public init(_ name: String) { self.name = name }

        /// The bytes end before the record does.
        public static let truncated = Code("truncated")
        /// The bytes go on after the record ends.
        public static let trailingBytes = Code("trailingBytes")
        /// The record's format version is one this library does not read (a newer library wrote it).
        public static let unsupportedVersion = Code("unsupportedVersion")
        /// A flag bit this format version does not define is set.
        public static let unknownFlags = Code("unknownFlags")
        /// A value's tag byte is not one the format defines in that place (a link inside a JSON
        /// scalar, a scalar inside a list of links, an undefined tag).
        public static let unknownTag = Code("unknownTag")
        /// A key index is not in the key table.
        public static let unknownKey = Code("unknownKey")
        /// The key table holds one key twice, or a record names one field twice.
        public static let duplicateKey = Code("duplicateKey")
        /// A count or a length is larger than the bytes left could hold.
        public static let countTooLarge = Code("countTooLarge")
        /// A variable-length integer runs over 64 bits, or a field's age reaches before the
        /// earliest representable instant.
        public static let integerOverflow = Code("integerOverflow")
        /// A string's bytes are not UTF-8.
        public static let invalidText = Code("invalidText")
        /// Lists or JSON values nest deeper than the decoder's limit.
        public static let nestingTooDeep = Code("nestingTooDeep")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of damage this is.
    public var code: Code
    /// What went wrong, for a developer. Never holds a value from the record.
    public var message: String
    /// The offset in the bytes where the damage was found.
    public var offset: Int

    /// An error with a code, a message and the offset where it was found.
    public init(_ code: Code, _ message: String, offset: Int = 0) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    /// `code at byte N: message`.
    public var description: String { "\(code) at byte \(offset): \(message)" }
}
