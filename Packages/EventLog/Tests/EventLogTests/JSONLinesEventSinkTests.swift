import Foundation
import Testing

@testable import EventLog

@Suite("JSONLinesEventSink")
struct JSONLinesEventSinkTests {
    /// Runs `body` with a sink writing to a fresh temporary file and returns the file's lines.
    private func lines(_ body: (JSONLinesEventSink) async throws -> Void) async throws -> [String] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).jsonl")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        let sink = JSONLinesEventSink(fileHandle: handle)
        try await body(sink)
        try handle.close()
        #expect(sink.failedWrites == 0)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test("each event is one line of JSON with sorted keys")
    func exactLines() async throws {
        let written = try await lines { sink in
            for event in EventSamples.all { sink.record(event) }
        }
        #expect(
            written == [
                #"{"event":"fetchStarted","identity":"00ff3a9c0b1d2e4f","operation":"Items","reason":"attach"}"#,
                #"{"event":"fetchShared","identity":"00ff3a9c0b1d2e4f","reason":"revalidation"}"#,
                #"{"durationNanoseconds":12500000,"event":"fetchSucceeded","identity":"00ff3a9c0b1d2e4f","operation":"Items","reason":"heal"}"#,
                #"{"durationNanoseconds":2000000000,"error":"httpStatus","event":"fetchFailed","identity":"00ff3a9c0b1d2e4f","operation":"Items","reason":"refetch","status":503}"#,
                #"{"event":"published","recordsChanged":3,"subscriptionsNotified":2}"#,
                #"{"event":"collected","recordsKept":90,"recordsRemoved":10,"roots":4}"#,
                #"{"event":"handleAttached","identity":"00ff3a9c0b1d2e4f","operation":"Items","policy":"storeOrNetwork"}"#,
                #"{"event":"handleReleased","identity":"00ff3a9c0b1d2e4f","operation":"Items"}"#,
                #"{"candidates":20,"event":"revalidationSwept","fetched":18,"joined":2}"#,
                #"{"event":"invalidated"}"#,
                #"{"durationNanoseconds":30000000000,"event":"subscriptionParked","identity":"00ff3a9c0b1d2e4f","operation":"ItemUpdated"}"#,
                #"{"durationNanoseconds":1000,"event":"subscriptionCancelled","identity":"00ff3a9c0b1d2e4f"}"#,
                #"{"count":2,"event":"serverErrors","identity":"00ff3a9c0b1d2e4f","operation":"ItemUpdated","reason":"subscription"}"#,
                #"{"event":"mutationQueue","expired":0,"pending":3,"queued":1,"rejected":1,"replayed":2}"#,
                #"{"bytes":1048576,"event":"uploadStarted","files":2,"identity":"00ff3a9c0b1d2e4f","operation":"Items"}"#,
                #"{"count":1,"event":"fieldErrorsStored","identity":"00ff3a9c0b1d2e4f","operation":"Items","reason":"attach"}"#,
            ])
        for line in written {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["event"] is String)
        }
    }

    @Test("a mutation's and a subscription's fetches are written with their reasons")
    func mutationAndSubscriptionReasons() async throws {
        let written = try await lines { sink in
            sink.record(.fetchStarted(operation: nil, identity: EventSamples.identity, reason: .mutation))
            sink.record(
                .fetchFailed(
                    operation: EventSamples.updates, identity: EventSamples.identity, reason: .subscription,
                    duration: .seconds(1), error: .transport))
        }
        #expect(
            written == [
                #"{"event":"fetchStarted","identity":"00ff3a9c0b1d2e4f","reason":"mutation"}"#,
                #"{"durationNanoseconds":1000000000,"error":"transport","event":"fetchFailed","identity":"00ff3a9c0b1d2e4f","operation":"ItemUpdated","reason":"subscription"}"#,
            ])
    }

    @Test("durations too long for Int64 nanoseconds saturate instead of trapping")
    func hugeDuration() async throws {
        let written = try await lines { sink in
            sink.record(
                .fetchSucceeded(
                    operation: nil, identity: EventSamples.identity, reason: .attach, duration: .seconds(Int64.max)))
        }
        #expect(written.count == 1)
        #expect(written.first?.hasPrefix(#"{"durationNanoseconds":9223372036854775807,"#) == true)
    }

    @Test("events recorded from many tasks at once each arrive as a whole line")
    func concurrentRecording() async throws {
        let tasks = 8
        let perTask = 200
        let written = try await lines { sink in
            await withTaskGroup(of: Void.self) { group in
                for task in 0..<tasks {
                    group.addTask {
                        for index in 0..<perTask {
                            sink.record(.published(recordsChanged: task, subscriptionsNotified: index))
                        }
                    }
                }
            }
        }
        #expect(written.count == tasks * perTask)
        var seen = Set<[Int]>()
        for line in written {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            seen.insert([object["recordsChanged"] as? Int ?? -1, object["subscriptionsNotified"] as? Int ?? -1])
        }
        #expect(seen.count == tasks * perTask)
    }

    @Test("a write that fails is counted and does not throw")
    func failedWrite() throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let writer = pipe.fileHandleForWriting
        try writer.close()
        let sink = JSONLinesEventSink(fileHandle: writer)
        sink.record(.invalidated)
        sink.record(.invalidated)
        #expect(sink.failedWrites == 2)
    }
}
