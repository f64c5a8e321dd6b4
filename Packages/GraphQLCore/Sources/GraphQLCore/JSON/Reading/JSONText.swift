import Foundation

/// The UTF-8 text of one JSON value, checked, with the ``JSONTape`` of its tokens: what a transport
/// hands a store, so that the store normalizes the answer from the tape the check built, and the
/// bytes are scanned once on their way in.
///
/// The two come only from one scan (``init(checking:)``, or `JSONReader.read(_:tapingMember:)`),
/// so the tape always describes these bytes.
@_spi(Runtime) public struct JSONText: Sendable {
    /// The text; its indices need not start at zero.
    public let bytes: Data
    /// The tokens of ``bytes``, with offsets from its first byte.
    public let tape: JSONTape

    /// Checks `bytes` as one JSON text within the reader's default limits, building its tape, or
    /// throws `GraphQLCoreError` with code `invalidJSON`.
    public init(checking bytes: Data) throws(GraphQLCoreError) {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(GraphQLCoreError) in try JSONTape(bytes: raw.assumingMemoryBound(to: UInt8.self)) }
        }
        self.init(bytes: bytes, tape: try result.get())
    }

    init(bytes: Data, tape: JSONTape) {
        self.bytes = bytes
        self.tape = tape
    }
}
