import Foundation
import GraphQLCore
import Primitives
import Testing

@testable import Transport

/// Swift runs a stream's termination handler from its consumer's cancellation while holding that
/// task's internal lock (and, for a task group's `cancelAll()`, the parent's); resuming the consumer,
/// or cancelling a task, takes the same lock. The transport's termination handler takes the
/// transport's lock, so the transport must neither resume a stream nor cancel a task under it: the
/// WebSocket benchmark's 1,000 `forever` subscriptions hung, idle, when a task group cancelled their
/// consumers while the reader thread delivered their events.
@Suite("Consumers cancelled while their events arrive", .timeLimit(.minutes(3)))
struct CancellationUnderDeliveryTests {
    static let url = URL(string: "ws://scripted.invalid/graphql")!

    static func request(_ index: Int) -> GraphQLRequest {
        GraphQLRequest(
            text: "subscription Ticker($id: ID!) { forever(id: $id) { value } }", operationName: "Ticker",
            kind: .subscription, variables: ["id": .string("t\(index)")])
    }

    /// Opens and acknowledges the scripted socket once the transport sent `connection_init`.
    static func acknowledge(_ connection: ScriptedWebSocketConnection) async throws {
        connection.report(.opened)
        try await eventually { connection.sent.contains { $0.contains("connection_init") } }
        connection.report(.text(#"{"type":"connection_ack"}"#))
    }

    @Test("a task group cancelling 300 consumers while the reader thread delivers their events ends every consumer")
    func groupCancelsWhileReaderDelivers() async throws {
        // Rounds, because the two threads must meet on one consumer; on the code that resumed streams
        // under the transport's lock the first round already hung (every run tried).
        for round in 0..<10 {
            let connection = ScriptedWebSocketConnection()
            let transport = WebSocketTransport(
                url: Self.url, options: WebSocketTransport.Options(linger: .zero), sleep: ManualSleeper().sleep,
                random: { 0 }, connector: connection.connector)
            let subscriptions = 300
            let streams = (0..<subscriptions).map { transport.execute(Self.request($0)) }
            try await Self.acknowledge(connection)
            try await eventually {
                connection.sent.filter { $0.contains(#""type":"subscribe""#) }.count == subscriptions
            }
            let ids = (1...subscriptions).map(String.init)

            // The reader thread: one event for every subscription, then (until the cancelling
            // starts) a wait until each consumer read it, so that consumers wait in `next()` with
            // nothing buffered, as they do for a server's paced events: only then does an event
            // resume its consumer.
            let pacing = Locked((read: 0, target: 0, isCancelling: false))
            let caughtUp = DispatchSemaphore(value: 0)
            let stop = Locked(false)
            let readerStopped = DispatchSemaphore(value: 0)
            Thread {
                var value = 0
                while !stop.withLock({ $0 }) {
                    value += 1
                    let isCancelling = pacing.withLock { pacing -> Bool in
                        pacing.target = value * subscriptions
                        return pacing.isCancelling
                    }
                    for id in ids {
                        connection.report(
                            .text(
                                #"{"id":""# + id
                                    + #"","type":"next","payload":{"data":{"forever":{"value":\#(value)}}}}"#))
                    }
                    if !isCancelling { caughtUp.wait() }
                }
                readerStopped.signal()
            }.start()

            let ended = DispatchSemaphore(value: 0)
            // Unstructured, so that a hang is reported below instead of holding the test.
            let consumers = Task {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for stream in streams {
                        group.addTask {
                            for try await _ in stream {
                                let isLast = pacing.withLock { pacing -> Bool in
                                    pacing.read += 1
                                    return pacing.read == pacing.target
                                }
                                if isLast { caughtUp.signal() }
                            }
                        }
                    }
                    // Every consumer has read its first events and waits for the next.
                    try await eventually { pacing.withLock { $0.read >= 2 * subscriptions } }
                    pacing.withLock { $0.isCancelling = true }
                    caughtUp.signal()
                    group.cancelAll()
                    try await group.waitForAll()
                }
                ended.signal()
            }
            let didEnd = await isSignalled(ended, within: .seconds(60))
            stop.withLock { $0 = true }
            caughtUp.signal()
            #expect(didEnd, "round \(round): the consumers did not end within a minute of cancelAll (deadlock)")
            guard didEnd else {
                // A consumer still spinning in `eventually` ends with the cancellation.
                consumers.cancel()
                return
            }
            #expect(await isSignalled(readerStopped, within: .seconds(60)))
            // Every consumer's end sent `complete`, and the last one closed the socket.
            #expect(connection.sent.filter { $0.contains(#""type":"complete""#) }.count == subscriptions)
            #expect(connection.isClosed)
        }
    }

    @Test("the acknowledgement timer's task is cancelled after the transport's lock is released")
    func timerCancelledOutsideTheLock() async throws {
        let connection = ScriptedWebSocketConnection()
        let sleeper = ManualSleeper()
        let holder = Locked<WebSocketTransport?>(nil)
        let lockWasFree = Recorder<Bool>()
        // The timer's sleep, whose cancellation handler needs the transport's lock from another
        // thread (as a stream's termination handler does from a cancelled consumer).
        let sleep: @Sendable (Duration) async throws -> Void = { duration in
            try await withTaskCancellationHandler {
                try await sleeper.sleep(duration)
            } onCancel: {
                guard let transport = holder.withLock({ $0 }) else { return }
                let acquired = DispatchSemaphore(value: 0)
                Thread {
                    _ = transport.isAcknowledged
                    acquired.signal()
                }.start()
                lockWasFree.append(acquired.wait(timeout: .now() + .seconds(10)) == .success)
            }
        }
        let transport = WebSocketTransport(
            url: Self.url, options: WebSocketTransport.Options(acknowledgementTimeout: .seconds(7)), sleep: sleep,
            random: { 0 }, connector: connection.connector)
        holder.withLock { $0 = transport }
        let stream = transport.execute(Self.request(0))
        connection.report(.opened)
        // The acknowledgement's timer sleeps; the acknowledgement cancels it.
        try await sleeper.waitUntilSleeping(.seconds(7))
        connection.report(.text(#"{"type":"connection_ack"}"#))
        try await eventually { !lockWasFree.all.isEmpty }
        #expect(lockWasFree.all == [true])
        withExtendedLifetime(stream) {}
    }
}
