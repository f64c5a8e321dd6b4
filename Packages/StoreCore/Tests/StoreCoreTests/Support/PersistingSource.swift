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
            /// How many batches were written, by every source on the disk.
            var commits = 0
        }

        let contents = Locked(Contents())
    }

    let disk: Disk
    /// The disk's commits when this source last looked, its own included: what
    /// ``takeWritesByOthers()`` compares with, as a SQLite source compares `data_version`.
    private var seenCommits: Int

    init(disk: Disk = Disk()) {
        self.disk = disk
        seenCommits = disk.contents.withLock { $0.commits }
    }

    func record(for dataID: DataID) -> Record? { disk.contents.withLock { $0.records.record(for: dataID) } }

    var count: Int { disk.contents.withLock { $0.records.count } }

    mutating func write(_ batch: RecordWriteBatch) throws(StoreError) {
        let before = disk.contents.withLock { contents -> Int? in
            if contents.refusesWrites { return nil }
            contents.records.write(batch)
            contents.commits += 1
            return contents.commits - 1
        }
        guard let before else { throw StoreError(.recordSourceFailed, "refused by the test") }
        // Its own commit is not another writer's; one made by another before it still is.
        if before == seenCommits { seenCommits += 1 }
    }

    mutating func removeAll(notIn kept: Set<DataID>) -> Int {
        disk.contents.withLock { $0.records.removeAll(notIn: kept) }
    }

    func dataIDs(ofType typename: String) -> [DataID] {
        disk.contents.withLock { $0.records.dataIDs(ofType: typename) }
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

    mutating func takeWritesByOthers() -> Bool {
        let commits = disk.contents.withLock { $0.commits }
        defer { seenCommits = commits }
        return commits != seenCommits
    }

    mutating func keepFirstPersistedRoots(_ count: Int) {
        disk.contents.withLock { $0.roots.removeLast($0.roots.count - count) }
    }
}
