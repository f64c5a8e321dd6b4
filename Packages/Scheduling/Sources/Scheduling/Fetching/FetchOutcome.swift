import Primitives

/// How a fetch ended, as the in-flight registry records it.
public enum FetchOutcome: Sendable, Hashable {
    /// The response was received and written, at this instant.
    case succeeded(at: WallInstant)
    /// The fetch failed at this instant, for this kind of reason.
    case failed(at: WallInstant, kind: FetchFailureKind)
}
