import Primitives

/// Hands one subscription its snapshots, in order, one at a time, outside the store's lock.
///
/// Two publishes on two threads may finish in either order; each delivery carries the store's
/// sequence number, and an older one arriving after a newer one is dropped. A snapshot that arrives
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

    func deliver(_ snapshot: Snapshot, sequence: UInt64) {
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
    let sequence: UInt64

    func perform() { delivery.deliver(snapshot, sequence: sequence) }
}
