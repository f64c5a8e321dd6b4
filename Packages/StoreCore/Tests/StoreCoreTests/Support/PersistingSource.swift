import Primitives
import StoreCore

/// A record source of a type the store does not know, standing in for a persistent one: what it
/// keeps lives in a ``Disk`` that outlives the store, so a test "relaunches" by opening a new store
/// over a new source on the same disk. It can be told to refuse batches, keeps an invalidation
/// point, and hands collections the roots it was told of, most recently read first.
struct PersistingSource: RecordSource {
    /// What survives a relaunch.
    final class Disk: Sendable {
        struct Contents {
            var records = InMemoryRecordSource()
            var invalidationPoint: WallInstant?
            /// The roots read, most recently read first.
            var roots: [StoreRoot] = []
            var recordLimit: Int?
            /// While true, every batch is refused with ``StoreError/Code/recordSourceFailed``.
            var refusesWrites = false
        }

        let contents = Locked(Contents())
    }

    let disk: Disk

    init(disk: Disk = Disk()) { self.disk = disk }

    func record(for dataID: DataID) -> Record? { disk.contents.withLock { $0.records.record(for: dataID) } }

    var count: Int { disk.contents.withLock { $0.records.count } }

    mutating func write(_ batch: RecordWriteBatch) throws(StoreError) {
        let refused = disk.contents.withLock { contents in
            if contents.refusesWrites { return true }
            contents.records.write(batch)
            return false
        }
        if refused { throw StoreError(.recordSourceFailed, "refused by the test") }
    }

    mutating func removeAll(notIn kept: Set<DataID>) -> Int {
        disk.contents.withLock { $0.records.removeAll(notIn: kept) }
    }

    var invalidationPoint: WallInstant? { disk.contents.withLock { $0.invalidationPoint } }

    mutating func keepInvalidationPoint(_ point: WallInstant) {
        disk.contents.withLock { $0.invalidationPoint = point }
    }

    mutating func noteRead(of root: StoreRoot, at instant: WallInstant) {
        disk.contents.withLock { contents in
            contents.roots.removeAll { $0 == root }
            contents.roots.insert(root, at: 0)
        }
    }

    mutating func persistedRoots(at instant: WallInstant) -> PersistedRoots {
        disk.contents.withLock { PersistedRoots(roots: $0.roots, recordLimit: $0.recordLimit) }
    }

    mutating func keepFirstPersistedRoots(_ count: Int) {
        disk.contents.withLock { $0.roots.removeLast($0.roots.count - count) }
    }
}
