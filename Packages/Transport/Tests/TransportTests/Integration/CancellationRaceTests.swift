import Foundation
import GraphQLCore
import GraphQLTestServer
import Primitives
import Testing
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Requests cancelled at the moment their answers arrive, the race in which URLSession's own
/// `data(for:)` on Linux deadlocked (the cancelling thread and the network thread each waiting for
/// the other, and every later request on the session waiting behind them) or trapped (a task
/// cancelled during its URL cache lookup failed twice). Each request must end, typed.
@Suite("Requests cancelled as their answers arrive", .loopbackServer, .timeLimit(.minutes(3)))
struct CancellationRaceTests {
    @Test(
        "a hundred requests cancelled as their connections are refused each end typed, ten times over, and the next request is answered"
    )
    func requestsCancelledAsRefused() async throws {
        let server = try LoopbackServer.shared()
        let transport = try await refusedTransport(server)
        try await storm(endings: [.failed(.cancelled), .failed(.cannotConnect)]) {
            _ = try await transport.response(for: GraphQLRequest(text: "{ hello }"))
        }
        let live = HTTPTransport(url: server.graphQLURL, session: URLSession(configuration: .ephemeral))
        let answer = try await live.response(for: GraphQLRequest(text: "{ hello }"))
        #expect(answer.data == ["hello": "Hello, world!"])
    }

    @Test(
        "a hundred subscriptions cancelled as their connections are refused each end typed, ten times over, and the next one streams"
    )
    func subscriptionsCancelledAsRefused() async throws {
        let server = try LoopbackServer.shared()
        let transport = try await refusedTransport(server)
        let subscription = GraphQLRequest(text: "subscription { countdown(from: 2) }", kind: .subscription)
        // A stream whose consumer is cancelled may also just end, as an AsyncThrowingStream does.
        try await storm(endings: [.failed(.cancelled), .failed(.cannotConnect), .ended]) {
            for try await _ in transport.execute(subscription) {}
        }
        let live = HTTPTransport(url: server.graphQLURL, session: URLSession(configuration: .ephemeral))
        var values: [JSONValue?] = []
        for try await response in live.execute(subscription) { values.append(response.data?["countdown"]) }
        #expect(values == [2, 1, 0])
    }

    /// A transport to a loopback port nothing listens on: every connection is refused at once.
    private func refusedTransport(_ server: LoopbackServer) async throws -> HTTPTransport {
        let port = try await server.unusedPort()
        return HTTPTransport(
            url: URL(string: "http://127.0.0.1:\(port)/graphql")!, session: URLSession(configuration: .ephemeral))
    }

    /// Ten rounds of a hundred `operation`s, each round cancelled once all hundred are on their way
    /// (some refused already, some not): each must end, in one of `endings`.
    private func storm(
        endings: Set<Ending>, _ operation: @escaping @Sendable () async throws -> Void
    ) async throws {
        for round in 1...10 {
            let outcomes = Recorder<Ending>()
            let started = Locked(0)
            let remaining = Locked(100)
            let allEnded = DispatchSemaphore(value: 0)
            let operations = (0..<100).map { _ in
                Task {
                    started.withLock { $0 += 1 }
                    do {
                        try await operation()
                        outcomes.append(.ended)
                    } catch let error as TransportError {
                        outcomes.append(.failed(error.code))
                    } catch {
                        outcomes.append(.other("\(error)"))
                    }
                    let isLast = remaining.withLock { count -> Bool in
                        count -= 1
                        return count == 0
                    }
                    if isLast { allEnded.signal() }
                }
            }
            // Cancelled once all hundred have started, from a thread of its own, not awaited: a
            // deadlocked cancellation holds that thread only, and the test fails below instead of
            // hanging with it.
            Thread {
                while started.withLock({ $0 }) < 100 { sched_yield() }
                for operation in operations { operation.cancel() }
            }.start()
            let ended = await isSignalled(allEnded, within: .seconds(60))
            #expect(ended, "round \(round): \(remaining.withLock { $0 }) never ended")
            guard ended else { return }
            let codes = outcomes.all
            #expect(codes.count == 100)
            let unexpected = codes.filter { !endings.contains($0) }
            #expect(unexpected.isEmpty, "round \(round): \(unexpected)")
        }
    }

    /// How one operation of a storm ended.
    enum Ending: Hashable, Sendable {
        /// Without an error.
        case ended
        /// With a ``TransportError`` of this code.
        case failed(TransportError.Code)
        /// With an error of another type, described.
        case other(String)
    }
}
