import Primitives

/// A root's last fetch, as `revalidate()` reads it ("whose last fetch failed") and a handle derives
/// its phase from it.
public enum FetchStatus: Sendable, Hashable {
    /// No fetch for the root yet (its data, if any, came from other operations or a persisted store).
    case idle
    /// A fetch for the root is in flight.
    case inFlight
    /// The last fetch succeeded at this instant.
    case succeeded(at: WallInstant)
    /// The last fetch failed at this instant, for this kind of reason.
    case failed(at: WallInstant, kind: FetchFailureKind)

    /// The status a completed fetch leaves.
    public init(_ outcome: FetchOutcome) {
        switch outcome {
        case .succeeded(let instant): self = .succeeded(at: instant)
        case .failed(let instant, let kind): self = .failed(at: instant, kind: kind)
        }
    }

    /// Whether a fetch is in flight.
    public var isInFlight: Bool {
        if case .inFlight = self { return true }
        return false
    }

    /// Whether the last fetch failed.
    public var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }
}
