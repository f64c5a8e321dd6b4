import Testing
import Transport
import TransportTesting

@Suite("LimitedTransport", .timeLimit(.minutes(3)))
struct LimitedTransportTests {
    let query = GraphQLRequest(text: "query Q { a }", operationName: "Q")

    @Test("one limit shared by two transports and the app's own work lets one through at a time, in order")
    func shared() async throws {
        let limit = ConcurrencyLimit(maximumInFlight: 1)
        let firstBase = ScriptedTransport()
        let secondBase = ScriptedTransport()
        for base in [firstBase, secondBase] {
            base.answer(.any, with: .data(["a": 1]))
            base.hold(.any)
        }
        let first = LimitedTransport(firstBase, limit: limit)
        let second = LimitedTransport(secondBase, limit: limit)
        let order = Recorder<String>()

        let one = Task {
            _ = try await first.response(for: query); order.append("first")
        }
        _ = await firstBase.request(at: 0)
        let two = Task {
            _ = try await second.response(for: query); order.append("second")
        }
        try await eventually { limit.waiting == 1 }
        let app = Task { try await limit.run { order.append("app") } }
        try await eventually { limit.waiting == 2 }
        #expect(secondBase.requestCount == 0)

        firstBase.release(requestAt: 0)
        try await one.value
        _ = await secondBase.request(at: 0)
        #expect(order.all == ["first"])
        #expect(limit.waiting == 1)

        secondBase.release(requestAt: 0)
        try await two.value
        try await app.value
        #expect(order.all == ["first", "second", "app"])
        #expect(firstBase.requestCount == 1)
        #expect(secondBase.requestCount == 1)
        #expect(limit.inFlight == 0)
    }

    @Test("a request cancelled while it waits for a permit ends cancelled and never reaches the base")
    func cancelledWhileWaiting() async throws {
        let limit = ConcurrencyLimit(maximumInFlight: 1)
        let base = ScriptedTransport()
        base.answer(.any, with: .data(["a": 1]))
        base.hold(.any)
        let transport = LimitedTransport(base, limit: limit)
        let first = Task { try await transport.response(for: query) }
        _ = await base.request(at: 0)
        let waiting = Task { try await transport.response(for: query) }
        try await eventually { limit.waiting == 1 }
        waiting.cancel()
        let error = await #expect(throws: TransportError.self) { try await waiting.value }
        #expect(error?.code == .cancelled)
        #expect(limit.waiting == 0)

        base.release(requestAt: 0)
        _ = try await first.value
        #expect(base.requestCount == 1)
        #expect(limit.inFlight == 0)
    }

    @Test("cancelling a request in flight returns its permit and closes the base's request")
    func cancelledInFlight() async throws {
        let limit = ConcurrencyLimit(maximumInFlight: 1)
        let base = ScriptedTransport()
        base.hold(.any)
        let transport = LimitedTransport(base, limit: limit)
        let consumer = Task { try await transport.response(for: query) }
        _ = await base.request(at: 0)
        #expect(limit.inFlight == 1)
        consumer.cancel()
        _ = try? await consumer.value
        try await eventually { limit.inFlight == 0 && base.openRequestCount == 0 }
        #expect(base.heldRequests.isEmpty)
    }

    @Test("subscriptions pass through without taking a permit")
    func subscriptionsAreNotLimited() async throws {
        let limit = ConcurrencyLimit(maximumInFlight: 1)
        let base = ScriptedTransport()
        base.answer(.operationName("S"), with: .responses([GraphQLResponse(data: ["s": 1])]))
        let transport = LimitedTransport(base, limit: limit)
        let holder = Gate()
        let blocker = Task { try await limit.run { await holder.wait() } }
        try await eventually { limit.inFlight == 1 }
        var count = 0
        for try await _ in transport.execute(
            GraphQLRequest(text: "subscription S { s }", operationName: "S", kind: .subscription))
        {
            count += 1
        }
        #expect(count == 1)
        holder.open()
        try await blocker.value
    }

    @Test("errors and responses of the base pass through unchanged")
    func passThrough() async throws {
        let base = ScriptedTransport()
        base.answerOnce(.any, with: .response(GraphQLResponse(errors: [GraphQLServerError(message: "no")])))
        base.failOnce(.any, with: TransportError(.timedOut, "slow"))
        let transport = LimitedTransport(base, limit: ConcurrencyLimit(maximumInFlight: 2))
        let response = try await transport.response(for: query)
        #expect(response.errors.map(\.message) == ["no"])
        let error = await #expect(throws: TransportError.self) { try await transport.response(for: query) }
        #expect(error?.code == .timedOut)
        #expect(base.requestCount == 2)
    }
}
