/// One event of a `text/event-stream`: its type and its data lines joined by newlines.
struct ServerSentEvent: Sendable, Equatable {
    /// The `event:` field; `message` when the event had none.
    var type: String
    /// The `data:` lines joined with `\n`.
    var data: String
}

/// Reads a `text/event-stream` (the WHATWG "event stream interpretation") from chunks of bytes
/// that may split a line, a CR LF pair or a UTF-8 sequence anywhere.
///
/// A value type with one mutating method, so it is tested byte by byte without any networking.
struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var lastWasCR = false
    private var eventType = ""
    private var data: [UInt8] = []
    private var hasData = false

    /// Reads `bytes` and returns the events they complete, in order.
    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n"):
                if lastWasCR {
                    lastWasCR = false
                    continue
                }
                endLine(into: &events)
            case UInt8(ascii: "\r"):
                lastWasCR = true
                endLine(into: &events)
            default:
                lastWasCR = false
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            if hasData {
                let type = eventType.isEmpty ? "message" : eventType
                events.append(ServerSentEvent(type: type, data: String(decoding: data, as: UTF8.self)))
            } else if eventType == "complete" {
                // graphql-sse allows `complete` with no data line at all.
                events.append(ServerSentEvent(type: eventType, data: ""))
            }
            eventType = ""
            data.removeAll(keepingCapacity: true)
            hasData = false
            return
        }
        if line[0] == UInt8(ascii: ":") { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        let field = String(decoding: line[..<colon], as: UTF8.self)
        var valueStart = colon < line.endIndex ? colon + 1 : colon
        if valueStart < line.endIndex && line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = line[valueStart...]
        switch field {
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data.append(UInt8(ascii: "\n")) }
            data.append(contentsOf: value)
            hasData = true
        default:
            break  // `id` and `retry` matter for reconnecting, which the transport does not do.
        }
    }
}
