import Primitives
@_spi(Runtime) import Scheduling

/// How a root's last fetch ended: its reason, outcome, duration and end. The in-flight registry
/// keeps the status `revalidate()` decides from; this is the story around it, for the inspector.
struct LastFetch: Sendable, Hashable {
    let reason: Scheduling.FetchReason
    let outcome: FetchOutcome
    let duration: Duration
    let endedAt: WallInstant
}
