import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Cancels `task` from a queue of its own, after the caller returned.
///
/// The caller is usually a Swift task's cancellation handler, which the runtime runs while it holds
/// that task's cancellation lock. swift-corelibs-foundation's `URLSessionTask.cancel()` waits for the
/// session's work queue, and a network thread on that queue that is resuming the same Swift task at
/// that moment waits for the lock: each waits for the other, for good, and every request on the
/// session waits behind them. From the queue, `cancel()` holds no lock of ours.
func cancelLater(_ task: URLSessionTask) {
    taskCancellations.async { task.cancel() }
}

/// One serial queue for every cancellation: `cancel()` returns at once, so they never pile up.
private let taskCancellations = DispatchQueue(label: "swift-graphql-environment.url-task-cancellations")
