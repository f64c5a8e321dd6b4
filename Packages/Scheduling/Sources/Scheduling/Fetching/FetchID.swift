/// One fetch in flight: what a request that starts it or joins it is given, and what finishes it.
///
/// Unique within the `InFlightRegistry` that made it (a counter, never reused), so finishing an id
/// twice cannot finish a later fetch of the same root.
public struct FetchID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The counter value; fetches started later by the same registry have larger ids.
    public let rawValue: UInt64

    /// An id from a counter value, for registries and tests.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Orders ids by when their fetches started.
    public static func < (lhs: FetchID, rhs: FetchID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `fetch#N`.
    public var description: String { "fetch#\(rawValue)" }
}
