import EventLog
import StoreCore

extension GraphQLEnvironment {
    /// Removes every record that no retained root, no root in the release buffer and no live
    /// handle reads; returns what it removed and kept. Runs on its own (coalesced) after a release
    /// pushes a root out of the release buffer;
    /// an app may call it too, for example on a memory warning.
    @discardableResult
    public func collectGarbage() -> CollectionReport {
        let roots = state.withLock { state -> [StoreRoot] in
            state.collectionPending = false
            return state.retentions.collectionRoots.compactMap { state.roots[$0]?.storeRoot }
        }
        let report = store.collectGarbage(retaining: roots)
        let now = clock.now()
        state.withLock { $0.lastCollection = LastCollection(report: report, roots: roots.count, at: now) }
        log.record(
            .collected(recordsRemoved: report.removedRecords, recordsKept: report.keptRecords, roots: roots.count))
        return report
    }

    /// Runs one collection in a task: releases that come before it starts share it.
    func scheduleCollection() {
        Task { [self] in collectGarbage() }
    }
}
