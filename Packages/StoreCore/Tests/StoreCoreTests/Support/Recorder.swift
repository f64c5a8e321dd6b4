import StoreCore
import Synchronization

/// Collects the snapshots a subscription is given.
final class Recorder: Sendable {
    private let received = Mutex<[Snapshot]>([])

    var snapshots: [Snapshot] { received.withLock { $0 } }
    var count: Int { received.withLock { $0.count } }

    func record(_ snapshot: Snapshot) { received.withLock { $0.append(snapshot) } }
}
