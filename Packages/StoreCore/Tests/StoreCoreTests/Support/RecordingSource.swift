import Primitives
import StoreCore

/// A record source of a type the store does not know (so the store collects it through the
/// protocol), that keeps the order of every batch written to it.
struct RecordingSource: RecordSource {
    final class Log: Sendable {
        private let orders = Locked<[[DataID]]>([])

        var batchOrders: [[DataID]] { orders.withLock { $0 } }

        func record(_ order: [DataID]) { orders.withLock { $0.append(order) } }
    }

    let log = Log()
    private var records = InMemoryRecordSource()

    func record(for dataID: DataID) -> Record? { records.record(for: dataID) }

    var count: Int { records.count }

    mutating func write(_ batch: RecordWriteBatch) {
        if !batch.patches.isEmpty { log.record(batch.order) }
        records.write(batch)
    }

    mutating func removeAll(notIn kept: Set<DataID>) -> Int { records.removeAll(notIn: kept) }

    func dataIDs(ofType typename: String) -> [DataID] { records.dataIDs(ofType: typename) }
}
