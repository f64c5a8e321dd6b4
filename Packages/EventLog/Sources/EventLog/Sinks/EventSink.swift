/// Where the runtime sends its ``Event``s: a log file, a metrics backend, a test's buffer.
///
/// The runtime calls ``record(_:)`` on its own paths, inside fetches, publishes and collections,
/// from any thread, so every implementation must:
///
/// - be cheap and never block: hand the event off (to a buffer, a queue, a non-blocking write) and
///   return; a slow sink must not slow the store down;
/// - be thread-safe: calls come concurrently from many tasks, and events from one task arrive in
///   the order that task recorded them;
/// - never throw, trap or call back into the runtime: a failure to record is the sink's to count
///   or drop, never the app's.
///
/// Events carry no user data (see ``Event``), so a sink may write them anywhere without review.
public protocol EventSink: Sendable {
    /// Takes one event. Cheap, non-blocking, thread-safe; never throws.
    func record(_ event: Event)
}
