import GraphQLCore
import Primitives
import Testing

@testable import Transport

/// A batch-sending base that records what it was sent and answers each request with the name in its
/// variables, so a test sees which caller got which answer.
private final class ScriptedBatchBase: BatchSendingTransport {
    private struct State {
        var batches: [[GraphQLRequest]] = []
        var singles: [GraphQLRequest] = []
        var log: [String] = []
    }

    private let state = Locked(State())
    /// Answers a batch with this error instead.
    let failure: TransportError?
    /// The batch with this operation name waits for the gate before it answers.
    let held: (name: String, gate: Gate)?

    init(failure: TransportError? = nil, held: (name: String, gate: Gate)? = nil) {
        self.failure = failure
        self.held = held
    }

    var batches: [[GraphQLRequest]] { state.withLock { $0.batches } }
    var singles: [GraphQLRequest] { state.withLock { $0.singles } }
    var log: [String] { state.withLock { $0.log } }

    static func answer(_ request: GraphQLRequest) -> GraphQLResponse {
        let name = request.variables["name"]?.stringValue ?? "?"
        if name.hasPrefix("bad") {
            return GraphQLResponse(errors: [GraphQLServerError(message: "refused \(name)")])
        }
        return GraphQLResponse(data: ["hello": .string("Hello, \(name)!")])
    }

    func responses(forBatch requests: [GraphQLRequest]) async throws(TransportError) -> [GraphQLResponse] {
        let names = requests.map { $0.variables["name"]?.stringValue ?? "?" }.joined(separator: ",")
        state.withLock {
            $0.batches.append(requests)
            $0.log.append("start \(names)")
        }
        if let held, requests.contains(where: { $0.operationName == held.name }) { await held.gate.wait() }
        state.withLock { $0.log.append("end \(names)") }
        if let failure { throw failure }
        return requests.map(Self.answer)
    }

    func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        state.withLock { $0.singles.append(request) }
        return AsyncThrowingStream { continuation in
            continuation.yield(Self.answer(request))
            continuation.finish()
        }
    }
}

@Suite("BatchingTransport", .timeLimit(.minutes(3)))
struct BatchingTransportTests {
    func hello(_ name: String, kind: OperationKind = .query, operationName: String = "Hello") -> GraphQLRequest {
        GraphQLRequest(
            text: "\(kind == .mutation ? "mutation" : "query") \(operationName)($name: String) { hello(name: $name) }",
            operationName: operationName, kind: kind, variables: ["name": .string(name)])
    }

    func greeting(_ response: GraphQLResponse) -> String? { response.data?["hello"]?.stringValue }

    @Test("ten requests sent in one turn go as one batch of ten, each caller getting its own answer")
    func tenInOneBatch() async throws {
        let base = ScriptedBatchBase()
        let sleeper = ManualSleeper()
        let transport = BatchingTransport(base, options: .init(maximumBatchSize: 10), sleep: sleeper.sleep)
        let answers = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<10 {
                group.addTask { (index, greeting(try await transport.response(for: hello("n\(index)")))) }
            }
            return try await group.reduce(into: [Int: String?]()) { $0[$1.0] = $1.1 }
        }
        #expect(base.batches.count == 1)
        #expect(base.batches.first?.count == 10)
        #expect(base.singles.isEmpty)
        for index in 0..<10 { #expect(answers[index] == "Hello, n\(index)!") }
        #expect(sleeper.requested == [.milliseconds(10)])
    }

    @Test("answers reach their callers when the callers joined the batch in another order than they started")
    func answersFollowTheirCallers() async throws {
        let base = ScriptedBatchBase()
        let transport = BatchingTransport(base, options: .init(window: .seconds(3600)), sleep: ManualSleeper().sleep)
        var tasks: [(String, Task<GraphQLResponse, any Error>)] = []
        for (joined, name) in ["e", "d", "c", "b", "a"].enumerated() {
            tasks.append((name, Task { try await transport.response(for: hello(name)) }))
            try await eventually { transport.gatheredCount == joined + 1 }
        }
        transport.flush()
        for (name, task) in tasks.reversed() { #expect(greeting(try await task.value) == "Hello, \(name)!") }
        #expect(base.batches.map { $0.map { $0.variables["name"]?.stringValue ?? "" } } == [["e", "d", "c", "b", "a"]])
    }

    @Test("the batch goes when its window ends, after one wait of the window")
    func windowEnds() async throws {
        let base = ScriptedBatchBase()
        let sleeper = ManualSleeper()
        let transport = BatchingTransport(base, options: .init(window: .milliseconds(7)), sleep: sleeper.sleep)
        let tasks = ["x", "y", "z"].map { name in Task { try await transport.response(for: hello(name)) } }
        try await eventually { transport.gatheredCount == 3 }
        #expect(base.batches.isEmpty)
        try await sleeper.wake(.milliseconds(7))
        for task in tasks { _ = try await task.value }
        #expect(base.batches.map(\.count) == [3])
        #expect(sleeper.requested == [.milliseconds(7)])
    }

    @Test("a batch that fails fails each of its callers with the same typed error")
    func failedBatch() async throws {
        let base = ScriptedBatchBase(failure: TransportError(.http, "bad gateway", status: 502, bodyKind: .html))
        let transport = BatchingTransport(base, options: .init(maximumBatchSize: 3), sleep: ManualSleeper().sleep)
        let tasks = ["x", "y", "z"].map { name in Task { try await transport.response(for: hello(name)) } }
        for task in tasks {
            let error = try await #require(throws: TransportError.self) { try await task.value }
            #expect(error.code == .http)
            #expect(error.status == 502)
            #expect(error.message == "bad gateway")
        }
        #expect(base.batches.count == 1)
    }

    @Test("one request's GraphQL errors reach only its caller")
    func oneRefused() async throws {
        let base = ScriptedBatchBase()
        let transport = BatchingTransport(base, options: .init(maximumBatchSize: 3), sleep: ManualSleeper().sleep)
        async let x = transport.response(for: hello("x"))
        async let bad = transport.response(for: hello("bad"))
        async let z = transport.response(for: hello("z"))
        let (first, refused, last) = try await (x, bad, z)
        #expect(greeting(first) == "Hello, x!" && first.errors.isEmpty)
        #expect(refused.errors.map(\.message) == ["refused bad"] && refused.data == nil)
        #expect(greeting(last) == "Hello, z!" && last.errors.isEmpty)
        #expect(base.batches.count == 1)
    }

    @Test("a request the options decline goes to the base alone and the others still batch")
    func optOut() async throws {
        let base = ScriptedBatchBase()
        let transport = BatchingTransport(
            base, options: .init(maximumBatchSize: 2, isBatched: { $0.operationName != "Alone" }),
            sleep: ManualSleeper().sleep)
        async let alone = transport.response(for: hello("solo", operationName: "Alone"))
        async let x = transport.response(for: hello("x"))
        async let y = transport.response(for: hello("y"))
        let answers = try await [alone, x, y].map(greeting)
        #expect(answers == ["Hello, solo!", "Hello, x!", "Hello, y!"])
        #expect(base.singles.map(\.operationName) == ["Alone"])
        #expect(base.batches.map(\.count) == [2])
    }

    @Test("a batch with a mutation goes only after the previous batch with a mutation has its answer")
    func mutationsKeepTheirOrder() async throws {
        let gate = Gate()
        let base = ScriptedBatchBase(held: ("First", gate))
        let transport = BatchingTransport(base, options: .init(window: .seconds(3600)), sleep: ManualSleeper().sleep)
        // Each caller joins before the next starts: two tasks started together join in either order,
        // and the log names them in the order they joined.
        func joined(_ requests: [GraphQLRequest]) async throws -> [Task<GraphQLResponse, any Error>] {
            var tasks: [Task<GraphQLResponse, any Error>] = []
            for request in requests {
                tasks.append(Task { try await transport.response(for: request) })
                try await eventually { transport.gatheredCount == tasks.count }
            }
            return tasks
        }
        let first = try await joined([
            hello("m1", kind: .mutation, operationName: "First"), hello("m2", kind: .mutation, operationName: "First"),
        ])
        transport.flush()
        try await eventually { base.log == ["start m1,m2"] }
        let second = try await joined([hello("m3", kind: .mutation), hello("m4", kind: .mutation)])
        transport.flush()
        // A batch of queries is not held back: once it has gone, the held mutation batch is the only
        // thing that can keep the second one waiting.
        let queries = try await joined([hello("q1"), hello("q2")])
        transport.flush()
        for task in queries { _ = try await task.value }
        #expect(base.log == ["start m1,m2", "start q1,q2", "end q1,q2"])
        gate.open()
        for task in first + second { _ = try await task.value }
        #expect(base.log == ["start m1,m2", "start q1,q2", "end q1,q2", "end m1,m2", "start m3,m4", "end m3,m4"])
    }

    @Test("with a ConcurrencyLimit a batch waits for one permit and gives it back")
    func limit() async throws {
        let limit = ConcurrencyLimit(maximumInFlight: 1)
        let holder = Gate()
        let app = Task { try await limit.run { await holder.wait() } }
        try await eventually { limit.inFlight == 1 }
        let base = ScriptedBatchBase()
        let transport = BatchingTransport(
            base, options: .init(maximumBatchSize: 3, limit: limit), sleep: ManualSleeper().sleep)
        let tasks = ["x", "y", "z"].map { name in Task { try await transport.response(for: hello(name)) } }
        try await eventually { limit.waiting == 1 }
        #expect(base.batches.isEmpty)
        holder.open()
        try await app.value
        for task in tasks { _ = try await task.value }
        #expect(base.batches.map(\.count) == [3])
        #expect(limit.inFlight == 0 && limit.waiting == 0)
    }

    @Test("a caller cancelled before its batch goes leaves it with a typed cancellation")
    func cancelledBeforeSending() async throws {
        let base = ScriptedBatchBase()
        let transport = BatchingTransport(base, options: .init(window: .seconds(3600)), sleep: ManualSleeper().sleep)
        let kept = Task { try await transport.response(for: hello("kept")) }
        try await eventually { transport.gatheredCount == 1 }
        let dropped = Task { try await transport.response(for: hello("dropped")) }
        try await eventually { transport.gatheredCount == 2 }
        let other = Task { try await transport.response(for: hello("other")) }
        try await eventually { transport.gatheredCount == 3 }
        dropped.cancel()
        let error = try await #require(throws: TransportError.self) { try await dropped.value }
        #expect(error.code == .cancelled)
        #expect(transport.gatheredCount == 2)
        transport.flush()
        #expect(greeting(try await kept.value) == "Hello, kept!")
        #expect(greeting(try await other.value) == "Hello, other!")
        #expect(base.batches.map { $0.map { $0.variables["name"]?.stringValue ?? "" } } == [["kept", "other"]])
    }

    @Test("a base that answers a batch with the wrong number of responses fails it as invalidResponse")
    func wrongCount() async throws {
        struct Short: BatchSendingTransport {
            func responses(forBatch requests: [GraphQLRequest]) async throws(TransportError) -> [GraphQLResponse] {
                [GraphQLResponse(data: [:])]
            }
            func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
                AsyncThrowingStream { $0.finish() }
            }
        }
        let transport = BatchingTransport(Short(), options: .init(maximumBatchSize: 2), sleep: ManualSleeper().sleep)
        let tasks = ["x", "y"].map { name in Task { try await transport.response(for: hello(name)) } }
        for task in tasks {
            let error = try await #require(throws: TransportError.self) { try await task.value }
            #expect(error.code == .invalidResponse)
        }
    }
}
