/// What makes two attaches "the same operation": the text sent and the canonical variables.
///
/// Retention, the sharing of fetches in flight and fetch times are all keyed by it. The hash is
/// computed by a fixed function of the bytes (not Swift's per-process seeded `Hasher`), so an
/// identity written to a persisted store or a log means the same thing in the next launch.
public struct OperationIdentity: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The hash as 32 lowercase hex digits (SHA-256 truncated to 128 bits).
    public let hash: String

    /// The identity of `text` with `variables` (object keys compared in sorted order).
    ///
    /// The hash is SHA-256 over the text's own SHA-256 digest followed by the variables as canonical
    /// JSON, truncated to 128 bits; a compiled operation keeps its text's digest, so making an
    /// operation hashes only its variables.
    public init(text: String, variables: JSONObject) {
        self.init(textDigest: Self.textDigest(text), variables: variables)
    }

    /// The identity from a text's ``textDigest(_:)`` and the variables.
    init(textDigest: [UInt8], variables: JSONObject) {
        var canonical = ""
        StorageKey.appendCanonical(.object(variables), to: &canonical)
        var hasher = SHA256()
        hasher.update(textDigest)
        hasher.update(canonical.utf8)
        self.hash = Self.hex(hasher.finalize().prefix(16))
    }

    /// The SHA-256 digest of the text's UTF-8 bytes.
    static func textDigest(_ text: String) -> [UInt8] { SHA256.hash(text.utf8) }

    /// An identity from a hash read back from storage or a log.
    public init(hash: String) { self.hash = hash }

    /// The hash.
    public var description: String { hash }

    /// Lowercase hex: 128 bits of SHA-256 put collisions between distinct operations, which would
    /// merge their fetches, out of reach.
    private static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        let digits: [Character] = Array("0123456789abcdef")
        var hex = ""
        hex.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return hex
    }
}
