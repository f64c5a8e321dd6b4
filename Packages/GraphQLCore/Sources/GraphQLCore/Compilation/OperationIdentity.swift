/// What makes two attaches "the same operation": the text sent and the canonical variables.
///
/// Retention, the sharing of fetches in flight and fetch times are all keyed by it. The hash is
/// computed by a fixed function of the bytes (not Swift's per-process seeded `Hasher`), so an
/// identity written to a persisted store or a log means the same thing in the next launch.
public struct OperationIdentity: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The hash as 32 lowercase hex digits (SHA-256 truncated to 128 bits).
    public let hash: String

    /// The identity of `text` with `variables` (object keys compared in sorted order).
    public init(text: String, variables: JSONObject) {
        var canonical = text
        canonical.append("\u{0}")
        StorageKey.appendCanonical(.object(variables), to: &canonical)
        self.hash = Self.digestHex(canonical)
    }

    /// An identity from a hash read back from storage or a log.
    public init(hash: String) { self.hash = hash }

    /// The hash.
    public var description: String { hash }

    /// SHA-256 of the UTF-8 bytes, the first 128 bits as hex: collisions between distinct operations,
    /// which would merge their fetches, are out of reach, and the function is the same everywhere.
    static func digestHex(_ string: String) -> String {
        let digest = SHA256.hash(string.utf8)
        let digits: [Character] = Array("0123456789abcdef")
        var hex = ""
        hex.reserveCapacity(32)
        for byte in digest.prefix(16) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return hex
    }
}
