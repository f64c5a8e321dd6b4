import Foundation

/// The open end of one `text/event-stream` response: what a route sends to it is written to the
/// client in order, until either side closes it.
///
/// A slow reader never slows the sender: ``send(event:data:)`` appends to a bounded buffer and
/// returns; when the buffer is full, the oldest message is dropped.
public final class EventStream: @unchecked Sendable {
    // Safe: `messages`, `closed` and `dropped` are read and written only between `condition.lock()`
    // and `condition.unlock()`; the condition is what lets the connection's thread wait for a
    // message without spinning, which `Locked` has no way to do.
    private let condition = NSCondition()
    private var messages: [String] = []
    private var closed = false
    private var dropped = 0
    private let capacity: Int

    /// A stream that keeps at most `capacity` unsent messages.
    public init(capacity: Int = 1024) {
        self.capacity = max(1, capacity)
    }

    /// Queues one server-sent event named `event` carrying `data` (each line of it becomes a
    /// `data:` line). Does nothing once the stream is closed.
    public func send(event: String, data: String) {
        let safeName = event.filter { $0 != "\n" && $0 != "\r" }
        var message = "event: \(safeName)\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            message += "data: \(line.filter { $0 != "\r" })\n"
        }
        message += "\n"
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        if messages.count >= capacity {
            messages.removeFirst()
            dropped += 1
        }
        messages.append(message)
        condition.signal()
    }

    /// Ends the stream: the connection is closed once what was queued before is written.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the stream was closed, by the route, the server or the client going away.
    public var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }

    /// How many messages were dropped because the reader was slower than the sender.
    public var droppedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return dropped
    }

    /// The queued messages, waiting up to `timeout` for one: `[]` when none came in time, `nil`
    /// when the stream is closed and nothing is left to write.
    func next(timeout: Duration) -> [String]? {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while messages.isEmpty && !closed {
            if !condition.wait(until: deadline) { break }
        }
        if messages.isEmpty { return closed ? nil : [] }
        let taken = messages
        messages.removeAll(keepingCapacity: true)
        return taken
    }
}
