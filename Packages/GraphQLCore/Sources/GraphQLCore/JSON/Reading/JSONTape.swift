/// JSON text as one entry a token, checked as JSON (RFC 8259) whole while it is built, so that a
/// store can walk a response with no `JSONValue` tree alive: 8 bytes a token where the tree spends
/// about 24 a value plus its arrays and strings.
///
/// It is built by the same scanner as `JSONReader`'s tree, with its rules, limits and errors:
/// nesting at most `JSONReader.Options.maximumDepth` (512), no byte order mark, no trailing commas or
/// leading zeros, control characters escaped, valid UTF-8, paired surrogates, no number beyond a
/// Double. Either from bytes alone (``init(bytes:maximumDepth:)``), or while `JSONReader` reads a
/// response around them, so that the bytes of its `data` are checked once on the way into the store.
@_spi(Runtime) public struct JSONTape: Sendable {
    /// One token: where it starts in the bytes, its kind, and for a scalar its length in bytes or for
    /// an array or object the index of the entry after its end.
    public struct Entry: Sendable {
        /// The token's first byte: the quote of a string, the bracket of a container.
        public var offset: UInt32
        /// The kind in the top 3 bits; the length or the end below them.
        public var packed: UInt32

        /// What the token is.
        public var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: packed >> 29))! }
        /// A scalar's length in bytes, or the index of the entry after a container's end.
        public var payload: Int { Int(packed & JSONTape.payloadMask) }
    }

    /// What a token is. `escapedString` holds an escape or a byte beyond ASCII, so that its text is
    /// not its bytes between the quotes; a `string` is.
    public enum Kind: UInt8, Sendable {
        case null, `true`, `false`, number, string, escapedString, array, object
    }

    /// The bits of an entry's payload: a tape holds text of at most this many bytes.
    public static let payloadMask: UInt32 = (1 << 29) - 1

    /// The entries, in the order of the text. The bytes are not kept: the caller holds them for as
    /// long as the tape is walked, so a publish holds one copy of the response, not two.
    public private(set) var entries: [Entry] = []

    /// How many objects the text holds: at most the records a response writes (each object is one,
    /// or a custom scalar's value), so a batch can be sized before the walk.
    public private(set) var objectCount = 0

    /// Builds the tape of `bytes`, or throws `GraphQLCoreError` with code `invalidJSON` (and the
    /// texts `JSONReader` gives) when they are not one JSON text within the reader's limits.
    public init(
        bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = JSONReader.Options.default.maximumDepth
    ) throws(GraphQLCoreError) {
        guard Self.canHold(bytes.count) else {
            throw GraphQLCoreError(
                .invalidJSON, "the response is larger than the \(Self.payloadMask) bytes a tape can hold")
        }
        var scanner = JSONScanner(bytes: bytes, maximumDepth: maximumDepth)
        var builder = Builder(origin: 0)
        try scanner.scanDocument(into: &builder)
        self.init(builder)
    }

    init(_ builder: Builder) {
        entries = builder.entries
        objectCount = builder.objectCount
    }

    /// Whether a text of `count` bytes fits a tape's offsets.
    static func canHold(_ count: Int) -> Bool { count <= Int(payloadMask) }
}

extension JSONTape {
    /// The sink that writes the entries as the scanner checks the tokens. Open containers are the
    /// indices of their entries on a stack, patched with their end when they close.
    struct Builder: JSONTokenSink {
        /// The offset in the scanner's bytes of the tape's first byte: offsets on the tape are from it.
        let origin: Int
        var entries: [Entry] = []
        var objectCount = 0
        var open: [Int] = []

        init(origin: Int) {
            self.origin = origin
            entries.reserveCapacity(256)
        }

        mutating func string(_ scanner: inout JSONScanner) throws(GraphQLCoreError) {
            let start = scanner.position
            let plain = try scanner.skipString()
            append(plain ? .string : .escapedString, at: start, payload: scanner.position - start)
        }

        mutating func key(_ scanner: inout JSONScanner) throws(GraphQLCoreError) {
            try string(&scanner)
        }

        mutating func number(_ scanner: inout JSONScanner) throws(GraphQLCoreError) {
            let start = scanner.position
            try scanner.skipNumber()
            append(.number, at: start, payload: scanner.position - start)
        }

        mutating func literal(_ literal: JSONLiteral, at offset: Int) {
            switch literal {
            case .true: append(.true, at: offset, payload: 4)
            case .false: append(.false, at: offset, payload: 5)
            case .null: append(.null, at: offset, payload: 4)
            }
        }

        mutating func open(isObject: Bool, at offset: Int) {
            open.append(entries.count)
            if isObject { objectCount += 1 }
            append(isObject ? .object : .array, at: offset, payload: 0)
        }

        mutating func close(isObject: Bool) {
            let container = open.removeLast()
            entries[container].packed |= UInt32(truncatingIfNeeded: entries.count)
        }

        private mutating func append(_ kind: Kind, at offset: Int, payload: Int) {
            entries.append(
                Entry(
                    offset: UInt32(truncatingIfNeeded: offset - origin),
                    packed: UInt32(kind.rawValue) << 29 | UInt32(truncatingIfNeeded: payload)))
        }
    }
}
