import Testing

@testable import Transport

@Suite("ConcurrencyLimit", .timeLimit(.minutes(3)))
struct ConcurrencyLimitTests {
    @Test("at most N pieces of work run at once and the rest wait")
    func limit() async throws {
        let limit = ConcurrencyLimit(maximumInFlight: 2)
        let gates = (0..<5).map { _ in Gate() }
        let started = Recorder<Int>()
        let tasks = (0..<5).map { index in
            Task {
                try await limit.run {
                    started.append(index)
                    await gates[index].wait()
                }
            }
        }
        // A permit is taken before its work appends to `started`: wait for both.
        try await eventually { limit.waiting == 3 && started.all.count == 2 }
        #expect(limit.inFlight == 2)
        for gate in gates { gate.open() }
        for task in tasks { try await task.value }
        #expect(started.all.sorted() == [0, 1, 2, 3, 4])
        #expect(limit.inFlight == 0)
        #expect(limit.waiting == 0)
    }

    @Test("waiters get permits first come, first served")
    func fifo() async throws {
        let limit = ConcurrencyLimit(maximumInFlight: 1)
        let holder = Gate()
        let started = Recorder<Int>()
        let first = Task { try await limit.run { await holder.wait() } }
        try await eventually { limit.inFlight == 1 }
        var waiters: [Task<Void, any Error>] = []
        for index in 1...6 {
            waiters.append(Task { try await limit.run { started.append(index) } })
            try await eventually { limit.waiting == index }
        }
        holder.open()
        try await first.value
        for waiter in waiters { try await waiter.value }
        #expect(started.all == [1, 2, 3, 4, 5, 6])
    }

    @Test("a cancelled waiter leaves the queue at once, never runs, and leaks no permit")
    func cancelledWaiter() async throws {
        let limit = ConcurrencyLimit(maximumInFlight: 1)
        let holder = Gate()
        let ran = Recorder<String>()
        let first = Task { try await limit.run { await holder.wait() } }
        try await eventually { limit.inFlight == 1 }
        let a = Task { try await limit.run { ran.append("a") } }
        try await eventually { limit.waiting == 1 }
        let b = Task { try await limit.run { ran.append("b") } }
        try await eventually { limit.waiting == 2 }
        let c = Task { try await limit.run { ran.append("c") } }
        try await eventually { limit.waiting == 3 }

        b.cancel()
        await #expect(throws: CancellationError.self) { try await b.value }
        #expect(limit.waiting == 2)

        holder.open()
        try await first.value
        try await a.value
        try await c.value
        #expect(ran.all == ["a", "c"])
        #expect(limit.inFlight == 0)
        #expect(limit.waiting == 0)
        // Every permit came back: the full limit is free again.
        try await limit.run { #expect(limit.inFlight == 1) }
    }

    @Test("a task cancelled before it asks never runs its body")
    func cancelledBeforeAsking() async {
        let limit = ConcurrencyLimit(maximumInFlight: 1)
        let ran = Recorder<Bool>()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await limit.run { ran.append(true) }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(ran.all.isEmpty)
        #expect(limit.inFlight == 0)
    }

    @Test("a body that throws returns its permit")
    func throwingBody() async throws {
        struct Failure: Error {}
        let limit = ConcurrencyLimit(maximumInFlight: 1)
        await #expect(throws: Failure.self) { try await limit.run { throw Failure() } }
        #expect(limit.inFlight == 0)
        let value = try await limit.run { 42 }
        #expect(value == 42)
    }

    @Test("a limit below one allows one")
    func minimum() {
        #expect(ConcurrencyLimit(maximumInFlight: 0).maximumInFlight == 1)
    }
}
