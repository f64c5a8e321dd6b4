/// Runs the tests that hold or measure large amounts of memory one at a time, whatever suite they are
/// in: a test that bounds the process's peak resident memory cannot pass while another test holds a
/// 50 MB answer in the same process.
actor MemoryHeavy {
    static let gate = MemoryHeavy()

    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` when no other memory-heavy test runs.
    static func exclusively<Result: Sendable>(
        _ body: @Sendable () async throws -> Result
    ) async rethrows -> Result {
        await gate.enter()
        do {
            let result = try await body()
            await gate.leave()
            return result
        } catch {
            await gate.leave()
            throw error
        }
    }

    private func enter() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func leave() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
