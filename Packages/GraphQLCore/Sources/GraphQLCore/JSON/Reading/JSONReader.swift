import Foundation

/// Reads JSON text (RFC 8259) into ``JSONValue``s, strictly and without recursion.
///
/// Strict means what the RFC's grammar says and nothing more: no trailing commas, comments, leading
/// zeros, `NaN` or `Infinity`; control characters in strings must be escaped; `\u` escapes must
/// pair their surrogates; the text must be valid UTF-8 with no byte order mark. Integers that fit
/// in `Int` read as ``JSONValue/int(_:)``, every other number as ``JSONValue/double(_:)``.
///
/// Every failure is a ``GraphQLCoreError`` with code ``GraphQLCoreError/Code/invalidJSON`` whose
/// message gives the byte offset, and whose ``GraphQLCoreError/locations`` give line and column.
/// Nesting deeper than ``Options/maximumDepth`` fails the same way, however deep the input goes.
public struct JSONReader: Sendable {
    /// The limits a reader enforces.
    public struct Options: Sendable, Hashable {
        /// How many arrays and objects may be open at once. The reader itself never recurses, and
        /// neither do ``JSONValue/serialized(sortedKeys:)`` and the canonical writer of storage keys,
        /// but a ``JSONValue`` is a tree that Swift compares, hashes and destroys recursively: about
        /// 200 bytes of stack per level to destroy one, so the default of 512 needs about 100 KB and
        /// a 512 KB thread holds about 2,000 levels (see ``JSONValue``). Raise it only for values
        /// used on a thread with a stack to match.
        public var maximumDepth: Int

        /// Options with a nesting limit, 512 unless told.
        public init(maximumDepth: Int = 512) {
            self.maximumDepth = maximumDepth
        }

        /// A nesting limit of 512.
        public static let `default` = Options()
    }

    /// The limits this reader enforces.
    public var options: Options

    /// A reader with the given limits.
    public init(options: Options = .default) {
        self.options = options
    }

    /// Reads one JSON text from raw bytes.
    public func read(_ buffer: UnsafeRawBufferPointer) throws(GraphQLCoreError) -> JSONValue {
        try JSONParser.parseDocument(buffer.assumingMemoryBound(to: UInt8.self), maximumDepth: options.maximumDepth)
    }

    /// Reads one JSON text from UTF-8 bytes.
    public func read(_ data: Data) throws(GraphQLCoreError) -> JSONValue {
        let result = data.withUnsafeBytes { buffer in
            Result { () throws(GraphQLCoreError) in try read(buffer) }
        }
        return try result.get()
    }

    /// Reads one JSON text from UTF-8 bytes as ``read(_:)-(Data)`` does, checking all of it, but
    /// when it is an object, leaves its top-level member `key` out of the value and returns where
    /// that member's value lies in `data` (indices of `data`) instead: no `JSONValue` of the member is
    /// built, so a caller can hand its text on. A GraphQL transport does this with a response's `data`,
    /// which a store then normalizes from the bytes.
    ///
    /// The range is `nil` when the object has no such member or the text is not an object; with a
    /// repeated key it is the last one's, as `JSONObject` keeps the last value. The member's text
    /// read alone with ``read(_:)-(Data)`` gives the value ``read(_:)-(Data)`` gives it inside the
    /// whole text; it is one level less deep.
    public func read(_ data: Data, skippingMember key: String) throws(GraphQLCoreError) -> (
        value: JSONValue, skipped: Range<Data.Index>?
    ) {
        let result = data.withUnsafeBytes { buffer in
            Result { () throws(GraphQLCoreError) in
                try JSONParser.parseDocument(
                    buffer.assumingMemoryBound(to: UInt8.self), maximumDepth: options.maximumDepth, member: key
                ) { _ in JSONSkippingSink() }
            }
        }
        let (value, member) = try result.get()
        return (value, member.map { (data.startIndex + $0.range.lowerBound)..<(data.startIndex + $0.range.upperBound) })
    }

    /// Reads one JSON text from UTF-8 bytes as ``read(_:skippingMember:)`` does, and builds the
    /// ``JSONTape`` of the member `key` in the same scan: the member's bytes are checked once, and a
    /// store normalizes them from the tape with no second look. A GraphQL transport does this with a
    /// response's `data`.
    ///
    /// `text` is `nil` when the member is absent, and when the whole text is too large for a tape
    /// (then the member is only checked, and `skipped` still says where it lies).
    @_spi(Runtime) public func read(_ data: Data, tapingMember key: String) throws(GraphQLCoreError) -> (
        value: JSONValue, skipped: Range<Data.Index>?, text: JSONText?
    ) {
        guard JSONTape.canHold(data.count) else {
            let (value, skipped) = try read(data, skippingMember: key)
            return (value, skipped, nil)
        }
        let result = data.withUnsafeBytes { buffer in
            Result { () throws(GraphQLCoreError) in
                try JSONParser.parseDocument(
                    buffer.assumingMemoryBound(to: UInt8.self), maximumDepth: options.maximumDepth, member: key
                ) { start in JSONTape.Builder(origin: start) }
            }
        }
        let (value, member) = try result.get()
        guard let member else { return (value, nil, nil) }
        let range = (data.startIndex + member.range.lowerBound)..<(data.startIndex + member.range.upperBound)
        return (value, range, JSONText(bytes: data[range], tape: JSONTape(member.sink)))
    }

    /// Reads one JSON text from UTF-8 bytes.
    public func read(_ bytes: [UInt8]) throws(GraphQLCoreError) -> JSONValue {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(GraphQLCoreError) in try read(buffer) }
        }
        return try result.get()
    }

    /// Reads one JSON text from a string.
    public func read(_ string: String) throws(GraphQLCoreError) -> JSONValue {
        var string = string
        let result = string.withUTF8 { buffer in
            Result { () throws(GraphQLCoreError) in try read(UnsafeRawBufferPointer(buffer)) }
        }
        return try result.get()
    }
}
