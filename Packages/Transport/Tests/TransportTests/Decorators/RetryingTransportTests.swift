import GraphQLCore
import Testing
import Transport
import TransportTesting

@Suite("RetryingTransport", .timeLimit(.minutes(3)))
struct RetryingTransportTests {
    let query = GraphQLRequest(text: "query Q { a }", operationName: "Q")
    let policy = RetryPolicy(
        maximumAttempts: 4, initialDelay: .milliseconds(100), multiplier: 2, maximumDelay: .milliseconds(250),
        jitter: 0.5)

    /// A transport over `base` whose waits are recorded instead of waited, with a fixed "random" 0.5.
    func retrying(_ base: ScriptedTransport, policy: RetryPolicy? = nil, waits: Recorder<Duration>) -> RetryingTransport
    {
        RetryingTransport(base, policy: policy ?? self.policy, sleep: { waits.append($0) }, random: { 0.5 })
    }

    @Test("transient failures are retried with growing, capped, jittered waits until a response comes")
    func retriesTransientFailures() async throws {
        let base = ScriptedTransport()
        base.failOnce(.any, with: TransportError(.cannotConnect, "down"))
        base.failOnce(.any, with: TransportError(.timedOut, "slow"))
        base.failOnce(.any, with: TransportError(.http, "busy", status: 503))
        base.answer(.any, with: .data(["a": 1]))
        let waits = Recorder<Duration>()
        let response = try await retrying(base, waits: waits).response(for: query)
        #expect(response.data == ["a": 1])
        #expect(base.requestCount == 4)
        // 100 ms, 200 ms, then 400 ms capped at 250 ms; each with a quarter taken off by jitter 0.5 × 0.5.
        #expect(waits.all == [.milliseconds(75), .milliseconds(150), .microseconds(187_500)])
    }

    @Test("a GraphQL response with errors is delivered, never retried")
    func graphQLErrorsAreNotRetried() async throws {
        let base = ScriptedTransport()
        base.answer(.any, with: .response(GraphQLResponse(data: nil, errors: [GraphQLServerError(message: "no")])))
        let waits = Recorder<Duration>()
        let response = try await retrying(base, waits: waits).response(for: query)
        #expect(response.errors.map(\.message) == ["no"])
        #expect(base.requestCount == 1)
        #expect(waits.all.isEmpty)
    }

    @Test(
        "a failure that is not transient is thrown at once",
        arguments: [
            TransportError(.invalidResponse, "x"), TransportError(.notJSON, "x"),
            TransportError(.http, "x", status: 400),
            TransportError(.http, "x", status: 500), TransportError(.cancelled, "x"),
            TransportError(.invalidRequest, "x"),
        ])
    func permanentFailures(failure: TransportError) async throws {
        let base = ScriptedTransport()
        base.answer(.any, with: .failure(failure))
        let waits = Recorder<Duration>()
        let error = await #expect(throws: TransportError.self) {
            try await retrying(base, waits: waits).response(for: query)
        }
        #expect(error?.code == failure.code)
        #expect(base.requestCount == 1)
    }

    @Test("after the last attempt the last failure is thrown")
    func givesUp() async throws {
        let base = ScriptedTransport()
        base.answer(.any, with: .failure(TransportError(.cannotConnect, "down")))
        let waits = Recorder<Duration>()
        let error = await #expect(throws: TransportError.self) {
            try await retrying(base, waits: waits).response(for: query)
        }
        #expect(error?.code == .cannotConnect)
        #expect(base.requestCount == 4)
        #expect(waits.all.count == 3)
    }

    @Test("mutations are not retried unless the policy says so")
    func mutations() async throws {
        let mutation = GraphQLRequest(text: "mutation M { a }", operationName: "M", kind: .mutation)
        let base = ScriptedTransport()
        base.answer(.any, with: .failure(TransportError(.timedOut, "slow")))
        let waits = Recorder<Duration>()
        await #expect(throws: TransportError.self) { try await retrying(base, waits: waits).response(for: mutation) }
        #expect(base.requestCount == 1)

        var retriesMutations = policy
        retriesMutations.retriesMutations = true
        await #expect(throws: TransportError.self) {
            try await retrying(base, policy: retriesMutations, waits: waits).response(for: mutation)
        }
        #expect(base.requestCount == 5)
    }

    @Test("a subscription is retried before its first event, never after")
    func subscriptions() async throws {
        let subscription = GraphQLRequest(text: "subscription S { a }", operationName: "S", kind: .subscription)
        let base = ScriptedTransport()
        base.failOnce(.any, with: TransportError(.cannotConnect, "down"))
        base.answer(.any, with: .open)
        let waits = Recorder<Duration>()
        let transport = retrying(base, waits: waits)
        let values = Recorder<JSONValue?>()
        let consumer = Task {
            for try await response in transport.execute(subscription) { values.append(response.data) }
        }
        _ = await base.request(at: 1)
        base.send(GraphQLResponse(data: ["a": 1]), toRequestAt: 1)
        try await eventually { values.all.count == 1 }
        base.finish(requestAt: 1, throwing: TransportError(.truncated, "cut"))
        let error = await #expect(throws: TransportError.self) { try await consumer.value }
        #expect(error?.code == .truncated)
        #expect(base.requestCount == 2)
    }

    @Test("cancelling during the wait before a retry stops it: no further request")
    func cancelledWhileWaiting() async throws {
        let base = ScriptedTransport()
        base.answer(.any, with: .failure(TransportError(.cannotConnect, "down")))
        let sleeping = Gate()
        let transport = RetryingTransport(
            base, policy: policy,
            sleep: { _ in
                sleeping.open()
                // Waits until cancelled: an AsyncStream that never yields ends when its task is cancelled.
                let (never, continuation) = AsyncStream<Never>.makeStream()
                for await _ in never {}
                withExtendedLifetime(continuation) {}
                try Task.checkCancellation()
            })
        let consumer = Task { try await transport.response(for: query) }
        await sleeping.wait()
        consumer.cancel()
        let error = await #expect(throws: TransportError.self) { try await consumer.value }
        #expect(error?.code == .cancelled)
        #expect(base.requestCount == 1)
    }

    @Test("the default policy retries only failures that another attempt may not meet")
    func transientClassification() {
        #expect(RetryPolicy.isTransient(TransportError(.truncated, "")))
        #expect(RetryPolicy.isTransient(TransportError(.http, "", status: 429)))
        #expect(!RetryPolicy.isTransient(TransportError(.http, "", status: 404)))
        #expect(!RetryPolicy.isTransient(TransportError(.http, "")))
        #expect(RetryPolicy().maximumAttempts == 3)
        #expect(RetryPolicy(maximumAttempts: 0).maximumAttempts == 1)
        #expect(RetryPolicy(jitter: 0).delay(beforeRetry: 2, random: 0.9) == .seconds(1))
        #expect(RetryPolicy(jitter: 1).delay(beforeRetry: 1, random: 1) == .zero)
    }
}
