import EventLog
import Foundation

// The EventLog catalog's "Forwarding events to the app's log" snippet, verbatim: what an app writes to
// send events to `os.Logger` on Apple platforms and to standard error elsewhere. `LineEventSinkTests`
// runs it.

#if canImport(os)
    import os

    /// The app's sink: every event into the unified log, where Console.app and `log stream` show it.
    func appEventSink() -> LineEventSink {
        let logger = Logger(subsystem: "com.example.app", category: "graphql")
        return LineEventSink { line in logger.info("\(line, privacy: .public)") }
    }
#else
    /// The app's sink: every event to standard error, one line each.
    func appEventSink() -> LineEventSink {
        textEventSink(StandardError())
    }
#endif

/// A sink that prints each event's line to `output`.
func textEventSink(_ output: some TextOutputStream & Sendable) -> LineEventSink {
    LineEventSink { line in
        var output = output
        print(line, to: &output)
    }
}

/// Standard error as a `TextOutputStream`.
struct StandardError: TextOutputStream, Sendable {
    mutating func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
