import Primitives
import StoreCore

/// Collects the snapshots a subscription is given.
final class Recorder: Sendable {
    private let received = Locked<[Snapshot]>([])

    var snapshots: [Snapshot] { received.withLock { $0 } }
    var count: Int { received.withLock { $0.count } }

    func record(_ snapshot: Snapshot) { received.withLock { $0.append(snapshot) } }
}
