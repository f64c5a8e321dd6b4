/// The secret in the page's URL: 32 random hex digits, compared in constant time.
///
/// A page on the loopback interface is still reachable by every process of the machine (and by a
/// web page that guesses ports): the token is what keeps the store's contents to whoever was shown
/// the URL.
public struct AccessToken: Sendable, Hashable, CustomStringConvertible {
    /// The token's text, as it appears in the URL.
    public let text: String

    /// A new token from the system's random generator (128 bits).
    public init() {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<32 { bytes.append(digits[Int(generator.next() % 16)]) }
        text = String(decoding: bytes, as: UTF8.self)
    }

    /// A token with this text (tests); an empty text matches nothing.
    public init(text: String) { self.text = text }

    /// The token's text.
    public var description: String { text }

    /// Whether `candidate` is the token. Every byte of the longer of the two is visited and no
    /// branch depends on where they differ, so the time taken tells nothing about how much of a
    /// guess was right.
    public func matches<Bytes: Collection<UInt8>>(_ candidate: Bytes) -> Bool {
        let expected = Array(text.utf8)
        let given = Array(candidate)
        guard !expected.isEmpty else { return false }
        var difference: UInt8 = expected.count == given.count ? 0 : 1
        let length = max(expected.count, given.count)
        for index in 0..<length {
            let left = index < expected.count ? expected[index] : 0
            let right = index < given.count ? given[index] : 0xFF
            difference |= left ^ right
        }
        return difference == 0
    }
}
