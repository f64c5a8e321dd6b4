import Primitives

/// The default record source: records in one array in the order they were first written, found by
/// a table from data ID to position.
///
/// The position is what a garbage collection marks (one bit per record, see `RecordMarks`), and
/// records written together lie together, so a walk over what one response wrote reads memory in
/// order. Patches merge into the stored record in place, so a publish copies no record it writes.
/// Removing a record leaves a hole that later writes do not reuse (that would break the order);
/// once holes outnumber records, the array is compacted.
public struct InMemoryRecordSource: RecordSource, Sendable {
    /// The records by position; `nil` where one was removed.
    private(set) var slots: ContiguousArray<Record?>
    /// Each stored record's position in ``slots``.
    private(set) var positions: [DataID: Int]

    /// An empty source.
    public init() {
        slots = []
        positions = [:]
    }

    /// A source holding these records (the last of two with one ID wins).
    public init(records: [Record]) {
        self.init()
        for record in records {
            if let position = positions[record.dataID] {
                slots[position] = record
            } else {
                positions[record.dataID] = slots.count
                slots.append(record)
            }
        }
    }

    /// The record with this ID, or `nil`.
    public func record(for dataID: DataID) -> Record? {
        guard let position = positions[dataID] else { return nil }
        return slots[position]
    }

    /// The record with this ID, looked for first at position `hint` (where it was found last
    /// time), and `hint` updated to where it is (`-1` when it is not stored). The slot is checked
    /// to hold this very ID, so a hint made stale by a removal or a compaction only costs the
    /// lookup it would have saved.
    func record(for dataID: DataID, hint: inout Int) -> Record? {
        if slots.indices.contains(hint), let record = slots[hint], record.dataID == dataID { return record }
        guard let position = positions[dataID] else {
            hint = -1
            return nil
        }
        hint = position
        return slots[position]
    }

    /// The number of records.
    public var count: Int { positions.count }

    /// Merges the patches into their records, in the batch's order (new records are then appended
    /// in the order reads visit them, which keeps a walk over a large store in step with memory),
    /// and removes the removals.
    public mutating func write(_ batch: RecordWriteBatch) {
        if batch.order.count == batch.patches.count {
            for dataID in batch.order {
                guard let patch = batch.patches[dataID] else { continue }
                merge(patch, into: dataID, at: batch.writtenAt)
            }
        } else {
            // An order that does not list every patch once: apply them all, in any order.
            for (dataID, patch) in batch.patches { merge(patch, into: dataID, at: batch.writtenAt) }
        }
        for dataID in batch.removals {
            guard let position = positions.removeValue(forKey: dataID) else { continue }
            slots[position] = nil
        }
        compactIfSparse()
    }

    private mutating func merge(_ patch: RecordPatch, into dataID: DataID, at writtenAt: WallInstant) {
        // One probe of the table for a new record as for an existing one: the `default:` accessor
        // inserts the next position when the ID is absent.
        let next = slots.count
        let position = Self.value(of: &positions[dataID, default: next])
        if position == next {
            var record = Record(dataID: dataID, typename: patch.typename)
            Record.merge(patch, writtenAt: writtenAt, into: &record)
            slots.append(record)
        } else {
            slots[position]?.apply(patch, writtenAt: writtenAt)
        }
    }

    private static func value(of position: inout Int) -> Int { position }

    /// Removes the list of links at `key` of record `dataID` and returns it: with the record's
    /// reference gone, the caller may hold the list's only one and append to it in place.
    mutating func takeLinks(_ key: String, of dataID: DataID) -> [RecordValue]? {
        guard let position = positions[dataID], case .links? = slots[position]?.fields[key]?.value else { return nil }
        guard case .links(let links)? = slots[position]?.fields.removeValue(forKey: key)?.value else { return nil }
        return links
    }

    /// Removes every record not in `kept`.
    public mutating func removeAll(notIn kept: Set<DataID>) -> Int {
        removeAll { kept.contains($0.dataID) }
    }

    /// Removes every record whose position `marks` does not hold: a collection's sweep, one pass
    /// over the array in order, probing the table only for the records it removes.
    mutating func removeAll(notMarkedIn marks: RecordMarks) -> Int {
        var removed = 0
        for position in slots.indices where !marks.contains(position) {
            guard let dataID = slots[position]?.dataID else { continue }
            positions.removeValue(forKey: dataID)
            slots[position] = nil
            removed += 1
        }
        compactIfSparse()
        return removed
    }

    private mutating func removeAll(where isKept: (Record) -> Bool) -> Int {
        var removed = 0
        for position in slots.indices {
            guard let record = slots[position], !isKept(record) else { continue }
            positions.removeValue(forKey: record.dataID)
            slots[position] = nil
            removed += 1
        }
        compactIfSparse()
        return removed
    }

    /// Closes the holes once they outnumber the records, keeping the records' order: each hole is
    /// then paid for once, by the removal that made it.
    private mutating func compactIfSparse() {
        guard slots.count - positions.count > positions.count else { return }
        var compacted = ContiguousArray<Record?>()
        compacted.reserveCapacity(positions.count)
        for case let record? in slots {
            positions[record.dataID] = compacted.count
            compacted.append(record)
        }
        slots = compacted
    }
}
