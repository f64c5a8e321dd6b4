import Primitives

/// Hands one subscription its snapshots, in order, one at a time, outside the store's lock.
///
/// Two publishes on two threads may finish in either order; each delivery carries its snapshot's
/// version (``Snapshot/version``), and an older one arriving after a newer one is dropped, as is one
/// older than a snapshot a write reported to its caller instead (``taken(_:)``). A snapshot that arrives
/// while the callback runs (on another thread, or from inside the callback when it publishes) waits
/// and is delivered after the callback returns, latest first-come: so the callback is never
/// re-entered and never sees data go back in time.
final class SubscriptionDelivery: Sendable {
    private struct State {
        var latestSequence: UInt64 = 0
        var isDelivering = false
        var waiting: Snapshot?
        var isCancelled = false
    }

    private let onChange: @Sendable (Snapshot) -> Void
    private let state = Locked(State())

    init(onChange: @escaping @Sendable (Snapshot) -> Void) { self.onChange = onChange }

    func cancel() { state.withLock { $0.isCancelled = true } }

    /// The write's caller took `snapshot` from its report instead of this callback: nothing older
    /// is delivered after it, and an older one waiting goes.
    func taken(_ snapshot: Snapshot) {
        state.withLock { state in
            guard snapshot.version > state.latestSequence else { return }
            state.latestSequence = snapshot.version
            state.waiting = nil
        }
    }

    func deliver(_ snapshot: Snapshot) {
        let sequence = snapshot.version
        let start = state.withLock { state -> Bool in
            guard !state.isCancelled, sequence > state.latestSequence else { return false }
            state.latestSequence = sequence
            if state.isDelivering {
                state.waiting = snapshot
                return false
            }
            state.isDelivering = true
            return true
        }
        guard start else { return }
        var next: Snapshot? = snapshot
        while let current = next {
            onChange(current)
            next = state.withLock { state -> Snapshot? in
                guard !state.isCancelled, let waiting = state.waiting else {
                    state.isDelivering = false
                    state.waiting = nil
                    return nil
                }
                state.waiting = nil
                return waiting
            }
        }
    }
}

/// A snapshot to hand to a subscription once the store's lock is released.
struct PendingDelivery {
    let delivery: SubscriptionDelivery
    let snapshot: Snapshot
    /// Whether the write's caller takes the snapshot from its report
    /// (``PublishReport/snapshot``) instead of the callback.
    var isReported = false

    func perform() {
        if isReported { delivery.taken(snapshot) } else { delivery.deliver(snapshot) }
    }
}
