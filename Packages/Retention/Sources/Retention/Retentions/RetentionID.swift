/// One attach's retention: what a holder gives back to release it.
///
/// Unique within the ``RetentionTable`` that made it (a counter, never reused), so releasing an id
/// twice, or after its root was retained again by someone else, cannot release another holder.
public struct RetentionID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The counter value; ids made later by the same table are larger.
    public let rawValue: UInt64

    /// An id from a counter value, for tables and tests.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Orders ids by when their retentions were made.
    public static func < (lhs: RetentionID, rhs: RetentionID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `retention#N`.
    public var description: String { "retention#\(rawValue)" }
}
