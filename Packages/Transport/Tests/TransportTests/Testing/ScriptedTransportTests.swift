import GraphQLCore
import Testing
import Transport
import TransportTesting

@Suite("ScriptedTransport", .timeLimit(.minutes(3)))
struct ScriptedTransportTests {
    func request(_ name: String, variables: JSONObject = [:]) -> GraphQLRequest {
        GraphQLRequest(text: "query \(name) { a }", operationName: name, variables: variables)
    }

    @Test("every request is recorded in order and counted exactly, by name and by identity")
    func recording() async throws {
        let transport = ScriptedTransport()
        transport.answer(.any, with: .data(["a": 1]))
        _ = try await transport.response(for: request("A"))
        _ = try await transport.response(for: request("B"))
        _ = try await transport.response(for: request("A", variables: ["x": 1]))
        #expect(transport.requestCount == 3)
        #expect(transport.requests.map(\.operationName) == ["A", "B", "A"])
        #expect(transport.requests(named: "A").count == 2)
        #expect(transport.requests(named: "C").isEmpty)
        #expect(transport.requests(for: request("A", variables: ["x": 1]).identity).count == 1)
    }

    @Test("an identity answer wins over a name answer, which wins over any; once-answers come first, in order")
    func precedence() async throws {
        let transport = ScriptedTransport()
        transport.answer(.any, with: .data(["from": "any"]))
        transport.answer(.operationName("A"), with: .data(["from": "name"]))
        transport.answer(.identity(request("A", variables: ["x": 1]).identity), with: .data(["from": "identity"]))
        transport.answerOnce(.operationName("A"), with: .data(["from": "once 1"]))
        transport.answerOnce(.operationName("A"), with: .data(["from": "once 2"]))
        var answers: [JSONValue?] = []
        for _ in 0..<3 { answers.append(try await transport.response(for: request("A")).data?["from"]) }
        answers.append(try await transport.response(for: request("A", variables: ["x": 1])).data?["from"])
        answers.append(try await transport.response(for: request("B")).data?["from"])
        #expect(answers == ["once 1", "once 2", "name", "identity", "any"])
    }

    @Test("a request nothing answers fails with unscripted")
    func unscripted() async {
        let transport = ScriptedTransport()
        let error = await #expect(throws: TransportError.self) { try await transport.response(for: request("A")) }
        #expect(error?.code == .unscripted)
        #expect(transport.requestCount == 1)
    }

    @Test("fails on demand, once, then answers again")
    func failOnDemand() async throws {
        let transport = ScriptedTransport()
        transport.answer(.operationName("A"), with: .data(["a": 1]))
        transport.failOnce(.operationName("A"), with: TransportError(.timedOut, "slow"))
        let error = await #expect(throws: TransportError.self) { try await transport.response(for: request("A")) }
        #expect(error?.code == .timedOut)
        #expect(try await transport.response(for: request("A")).data == ["a": 1])
    }

    @Test("a held request waits until released, and a test can await its arrival without sleeping")
    func holdAndRelease() async throws {
        let transport = ScriptedTransport()
        transport.answer(.any, with: .data(["a": 1]))
        transport.hold(.operationName("A"))
        // One at a time: two identical requests started together arrive in either order.
        let first = Task { try await transport.response(for: request("A")) }
        _ = await transport.request(at: 0)
        let second = Task { try await transport.response(for: request("A")) }
        _ = await transport.request(at: 1)
        #expect(transport.heldRequests == [0, 1])
        #expect(transport.openRequestCount == 2)

        #expect(transport.release(requestAt: 1, with: .data(["a": 2])))
        #expect(try await second.value.data == ["a": 2])
        #expect(transport.heldRequests == [0])
        transport.stopHolding(.operationName("A"))
        let third = Task { try await transport.response(for: request("A")) }
        #expect(try await third.value.data == ["a": 1])
        #expect(transport.heldRequests == [0])
        #expect(transport.release(requestAt: 0))
        #expect(try await first.value.data == ["a": 1])
        #expect(!transport.release(requestAt: 0))
        #expect(transport.openRequestCount == 0)
    }

    @Test("releaseAll answers the held requests in arrival order, each from the script as it is now")
    func releaseAllHeld() async throws {
        let transport = ScriptedTransport()
        transport.hold(.any)
        let consumers = (0..<3).map { index in
            Task { try await transport.response(for: request("A", variables: ["n": .int(index)])) }
        }
        for index in 0..<3 { _ = await transport.request(at: index) }
        transport.answerOnce(.any, with: .data(["order": 0]))
        transport.answerOnce(.any, with: .data(["order": 1]))
        transport.answerOnce(.any, with: .data(["order": 2]))

        transport.releaseAll()

        var answered: [JSONValue?] = []
        for consumer in consumers { answered.append(try await consumer.value.data?["order"]) }
        // The request that arrived at `position` got the `position`th scripted answer.
        for (position, request) in transport.requests.enumerated() {
            let index = try #require(consumers.indices.first { request.variables["n"] == .int($0) })
            #expect(answered[index] == .int(position))
        }
        #expect(transport.heldRequests.isEmpty)
        #expect(transport.openRequestCount == 0)
        #expect(transport.requestCount == 3)
    }

    @Test("releaseAll also stops holding: a request that arrives after it is answered, not held")
    func releaseAllBeforeArrival() async throws {
        let transport = ScriptedTransport()
        transport.answer(.any, with: .data(["a": 1]))
        transport.hold(.operationName("A"))
        transport.hold(.any)

        // Before releaseAll stopped holding, the request below was held for good: the suite's time
        // limit cancels the wait, and the cancelled request throws, so the test fails instead of
        // hanging.
        transport.releaseAll()
        #expect(try await transport.response(for: request("A")).data == ["a": 1])
        #expect(transport.heldRequests.isEmpty)

        // Holding again holds again.
        transport.hold(.any)
        async let held = transport.response(for: request("B"))
        _ = await transport.request(at: 1)
        #expect(transport.heldRequests == [1])
        transport.releaseAll()
        #expect(try await held.data == ["a": 1])
        #expect(transport.requestCount == 2)
    }

    @Test("request(at:) returns at once for a request that already arrived")
    func arrivedAlready() async throws {
        let transport = ScriptedTransport()
        transport.answer(.any, with: .data([:]))
        _ = try await transport.response(for: request("A"))
        #expect(await transport.request(at: 0).operationName == "A")
    }

    @Test("cancelling a held request closes it: it is no longer held or open")
    func cancelHeld() async throws {
        let transport = ScriptedTransport()
        transport.hold(.any)
        let consumer = Task { try await transport.response(for: request("A")) }
        _ = await transport.request(at: 0)
        consumer.cancel()
        _ = try? await consumer.value
        try await eventually { transport.openRequestCount == 0 }
        #expect(transport.heldRequests.isEmpty)
        #expect(transport.requestCount == 1)
    }

    @Test("several responses stream in order, and an open stream yields what the test sends until it finishes")
    func streams() async throws {
        let transport = ScriptedTransport()
        transport.answerOnce(
            .any, with: .responses([GraphQLResponse(data: ["n": 1]), GraphQLResponse(data: ["n": 2])]))
        var values: [JSONValue?] = []
        for try await response in transport.execute(request("S")) { values.append(response.data?["n"]) }
        #expect(values == [1, 2])

        transport.answerOnce(.any, with: .open)
        let received = Recorder<JSONValue?>()
        let consumer = Task {
            for try await response in transport.execute(request("S")) { received.append(response.data?["n"]) }
        }
        _ = await transport.request(at: 1)
        transport.send(GraphQLResponse(data: ["n": 3]), toRequestAt: 1)
        transport.send(GraphQLResponse(data: ["n": 4]), toRequestAt: 1)
        transport.finish(requestAt: 1, throwing: TransportError(.truncated, "cut"))
        let error = await #expect(throws: TransportError.self) { try await consumer.value }
        #expect(error?.code == .truncated)
        #expect(received.all == [3, 4])
        #expect(transport.openRequestCount == 0)
    }
}
