import Foundation
import Primitives

/// A sink that writes each event as one line of JSON to a file handle (JSON Lines).
///
/// Each line is one object with its keys in sorted order, so equal events write equal bytes:
///
///     {"durationNanoseconds":12500000,"event":"fetchSucceeded","identity":"00ff3a9c0b1d2e4f","operation":"Items","reason":"attach"}
///
/// A `Duration` is written in whole nanoseconds, an ``Event/ErrorKind`` as its name plus `status`
/// for HTTP statuses. Events carry no time of their own; a reader that needs one takes the line's
/// arrival time.
///
/// Thread-safe: a lock keeps lines whole and in the order they were recorded. A failed write is
/// counted in ``failedWrites`` and otherwise dropped, as ``EventSink`` requires. The write itself
/// happens on the recording thread: point the sink at a file, or at a pipe that is drained, since
/// a full pipe would block the runtime.
public final class JSONLinesEventSink: EventSink {
    private struct State {
        let fileHandle: FileHandle
        var failedWrites = 0
    }

    private let state: Locked<State>

    /// A sink that appends to `fileHandle` (a file opened for writing, a pipe, standard error).
    public init(fileHandle: FileHandle) {
        state = Locked(State(fileHandle: fileHandle))
    }

    /// How many events could not be written.
    public var failedWrites: Int { state.withLock { $0.failedWrites } }

    /// Writes the event as one line.
    public func record(_ event: Event) {
        var line = event.jsonLine
        line.append(0x0A)
        let data = Data(line)
        state.withLock { state in
            do {
                try state.fileHandle.write(contentsOf: data)
            } catch {
                state.failedWrites += 1
            }
        }
    }
}
