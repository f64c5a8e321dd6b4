/// What makes two attaches "the same operation": the text sent and the canonical variables.
///
/// Retention, the sharing of fetches in flight and fetch times are all keyed by it. The hash is
/// computed by a fixed function of the bytes (not Swift's per-process seeded `Hasher`), so an
/// identity written to a persisted store or a log means the same thing in the next launch.
public struct OperationIdentity: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The hash as 16 lowercase hex digits.
    public let hash: String

    /// The identity of `text` with `variables` (object keys compared in sorted order).
    public init(text: String, variables: JSONObject) {
        var canonical = text
        canonical.append("\u{0}")
        StorageKey.appendCanonical(.object(variables), to: &canonical)
        self.hash = Self.fnv1a64Hex(canonical)
    }

    /// An identity from a hash read back from storage or a log.
    public init(hash: String) { self.hash = hash }

    /// The hash.
    public var description: String { hash }

    /// FNV-1a, 64 bits: stable across processes and platforms, and fast for short texts.
    static func fnv1a64Hex(_ string: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in string.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
