/// A sink that drops every event: the default when an app configures none.
public struct NoEventSink: EventSink {
    /// The sink.
    public init() {}

    /// Drops the event.
    @inlinable public func record(_ event: Event) {}
}
