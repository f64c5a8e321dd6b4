import EventLog

/// Hands every event to several sinks.
struct TeeSink: EventSink {
    let sinks: [any EventSink]

    func record(_ event: Event) {
        for sink in sinks { sink.record(event) }
    }
}
