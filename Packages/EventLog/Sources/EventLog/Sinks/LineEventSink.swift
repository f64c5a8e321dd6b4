/// A sink that hands each event, as one line of text, to a function: the bridge to the app's own
/// logger (`os.Logger`, swift-log's `Logger`, a `TextOutputStream`).
///
/// The line is the event's ``Event/description``, the JSON object ``JSONLinesEventSink`` writes.
/// Events carry no user data, so a logger may mark the line public:
///
///     let logger = Logger(subsystem: "com.example.app", category: "graphql")
///     let sink = LineEventSink { line in logger.info("\(line, privacy: .public)") }
///
/// `write` runs on the recording thread, from many threads at once, and sees each thread's events in
/// the order that thread recorded them. It must be thread-safe and must not block, as ``EventSink``
/// requires; `os.Logger` and swift-log's `Logger` are both.
public struct LineEventSink: EventSink {
    private let write: @Sendable (String) -> Void

    /// A sink that calls `write` with each event's line.
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Hands the event's line to the function.
    public func record(_ event: Event) {
        write(event.description)
    }
}
