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

    /// Empty until the first record is kept, so a store that never serves one costs nothing.
    private var slots: [Slot] = []

    /// The record decoded from `position` at `revision`, when its slot holds it.
    @inline(__always) func record(at position: Int, revision: UInt64) -> Record? {
        guard !slots.isEmpty else { return nil }
        let slot = slots[position & (Self.slotCount - 1)]
        guard slot.position == position, slot.revision == revision else { return nil }
        return slot.record
    }

    /// Keeps `record`, decoded from `position` at `revision`, in the position's slot.
    mutating func keep(_ record: Record?, at position: Int, revision: UInt64) {
        if slots.isEmpty { slots = Array(repeating: Slot(), count: Self.slotCount) }
        slots[position & (Self.slotCount - 1)] = Slot(position: position, revision: revision, record: record)
    }
}
