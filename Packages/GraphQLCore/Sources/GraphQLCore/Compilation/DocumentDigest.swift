/// SHA-256 of a document's text: the hash automatic persisted queries send in place of the text, and
/// the function an ``OperationIdentity`` is built on.
///
/// Public so that a transport computes the persisted-query hash with the same code the identity uses,
/// instead of carrying a second copy of the algorithm. Not for secrets: it makes no attempt at constant
/// time. Named for what it is used for, not `SHA256`, so that it never clashes with CryptoKit's type in
/// an app that imports both.
public enum DocumentDigest {
    /// The 32-byte SHA-256 digest of `bytes`.
    public static func sha256<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        SHA256.hash(bytes)
    }

    /// The SHA-256 digest of `text`'s UTF-8 bytes as 64 lowercase hex digits, the form persisted
    /// queries send.
    public static func sha256Hex(_ text: String) -> String {
        sha256Hex(bytes: text.utf8)
    }

    /// The SHA-256 digest of `bytes` as 64 lowercase hex digits.
    public static func sha256Hex<Bytes: Sequence<UInt8>>(bytes: Bytes) -> String {
        let hexDigits: [Character] = Array("0123456789abcdef")
        var out = ""
        out.reserveCapacity(64)
        for byte in SHA256.hash(bytes) {
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0x0f)])
        }
        return out
    }
}
