import Primitives

/// Where the runtime reads the time: when data was written, and whether it has since expired.
///
/// An implementation returns the current wall-clock (calendar) time, the same in every process,
/// because write times outlive the process in a persisted store. It may move backwards when the
/// user changes the device's time; staleness treats data written "in the future" as fresh until
/// the clock passes its write time plus its expiration. It is read only on demand (at an attach and
/// by `revalidate()` / `invalidate()`); the runtime sets no timer on it.
public protocol WallClock: Sendable {
    /// The current instant.
    func now() -> WallInstant
}
