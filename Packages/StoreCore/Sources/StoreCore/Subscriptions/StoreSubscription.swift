/// A live subscription to a root: keeps its callback called with each new snapshot, and keeps the
/// records its snapshot reads from being collected, until cancelled or released.
public final class StoreSubscription: Sendable {
    private let cancelAction: @Sendable () -> Void
    private let snapshotAction: @Sendable () -> Snapshot?
    /// What calls its callback: a write names the subscription it reports to by it, which no
    /// subscription of another store shares.
    let delivery: SubscriptionDelivery

    init(
        delivery: SubscriptionDelivery, cancel: @escaping @Sendable () -> Void,
        snapshot: @escaping @Sendable () -> Snapshot?
    ) {
        self.delivery = delivery
        self.cancelAction = cancel
        self.snapshotAction = snapshot
    }

    /// The subscription's latest snapshot (what its callback was last given, or the first read);
    /// `nil` once cancelled.
    public var snapshot: Snapshot? { snapshotAction() }

    /// Stops the callbacks and lets the records go; calling it again does nothing.
    public func cancel() { cancelAction() }

    deinit { cancelAction() }
}
