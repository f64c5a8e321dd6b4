/// The in-memory source's records that ``Store/record(_:)`` decoded, kept so that the next call for
/// the same record is a lookup instead of a decode of its bytes (decision 0219).
///
/// The walks never need it: they read records where they lie. It serves callers outside the store
/// that ask for whole records again and again (a view model, the inspector). A slot holds the
/// record decoded from one position at one ``InMemoryRecordSource/revision``, which moves with any
/// change to any record, so it never shows a value a write replaced, and a write costs it nothing:
/// a slot of an older revision is simply decoded again. Positions share ``slotCount`` slots
/// (a position's slot is its low bits), so the cache holds at most that many records, whatever the
/// store's size; the lookup is the ID table's, with no second hash of the ID.
struct DecodedRecordCache {
    /// How many records it holds at most: a screen's worth, several times over.
    static let slotCount = 512

    private struct Slot {
        var position = -1
        var revision: UInt64 = 0
        var record: Record?
    }

    /// Empty until the first call, so a store that never serves one costs nothing.
    private var slots: [Slot] = []

    /// The record with this ID from `source`: decoded at most once per revision of the source while
    /// its slot is not taken by another position.
    mutating func record(_ dataID: DataID, in source: borrowing InMemoryRecordSource) -> Record? {
        guard let position = source.position(of: dataID) else { return nil }
        if slots.isEmpty { slots = Array(repeating: Slot(), count: Self.slotCount) }
        let index = position & (Self.slotCount - 1)
        let revision = source.revision
        if slots[index].position == position, slots[index].revision == revision, let record = slots[index].record {
            return record
        }
        let record = source.record(at: position, dataID: dataID)
        slots[index] = Slot(position: position, revision: revision, record: record)
        return record
    }
}
