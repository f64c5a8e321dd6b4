import Foundation

/// Runs `body`, which blocks (a child process to its end, a blocking socket, a pipe read), on a
/// thread of its own and returns what it returns: a test that waited for it on its task would hold
/// one of the cooperative pool's threads, which are as many as the cores. On a two-core machine two
/// such waits stall every other test in the run until they end, and tests with time limits fail.
public func offCooperativePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result(catching: body)) }.start()
    }
}
