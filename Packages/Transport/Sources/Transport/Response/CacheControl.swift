/// What an HTTP answer's `Cache-Control` header says about keeping its data: how many seconds it
/// stays fresh (`max-age`; `no-cache` is 0: use it, but ask again next time), and whether it may be
/// kept at all (`no-store`). The runtime combines it with the operation's own expiration.
public struct CacheControl: Sendable, Hashable {
    /// How many seconds the answer stays fresh, or `nil` when the header does not say.
    public var maxAge: Int?
    /// Whether the answer must not be kept: it is shown, and never written to a persistent store.
    public var noStore: Bool

    /// A cache control from its parts.
    public init(maxAge: Int? = nil, noStore: Bool = false) {
        self.maxAge = maxAge
        self.noStore = noStore
    }

    /// What the header value says (directives are case-insensitive, separated by commas; unknown
    /// ones and malformed ages are ignored), or `nil` when it says nothing this client reads.
    /// `s-maxage` is for shared caches, not for a client, and is ignored.
    public init?(header: String) {
        var maxAge: Int?
        var noStore = false
        var noCache = false
        for part in header.split(separator: ",") {
            let directive = part.trimmingWhitespace()
            let pieces = directive.split(separator: "=", maxSplits: 1)
            switch pieces.first?.lowercased() {
            case "max-age"?:
                guard pieces.count == 2 else { continue }
                let digits = pieces[1].trimmingWhitespace().trimmingQuotes()
                // A huge age is as good as "forever"; one that does not fit is capped, not refused.
                if !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) {
                    maxAge = min(maxAge ?? .max, Int(digits) ?? .max)
                }
            case "no-store"?: noStore = true
            case "no-cache"?: noCache = true
            default: continue
            }
        }
        if noCache { maxAge = 0 }
        guard maxAge != nil || noStore else { return nil }
        self.init(maxAge: maxAge, noStore: noStore)
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        var result = self
        while result.first?.isWhitespace == true { result.removeFirst() }
        while result.last?.isWhitespace == true { result.removeLast() }
        return result
    }

    fileprivate func trimmingQuotes() -> Substring {
        guard count >= 2, first == "\"", last == "\"" else { return self }
        return dropFirst().dropLast()
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
