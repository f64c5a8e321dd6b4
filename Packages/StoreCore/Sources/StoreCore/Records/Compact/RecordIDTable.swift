/// The in-memory source's data IDs by position, and an open-addressed index from ID to position
/// (decision 0140).
///
/// The index probes by the hash each ``DataID`` keeps (computed once, when the ID was made), so a
/// lookup hashes nothing; it holds 4-byte positions, at most three quarters full, and grows once for
/// a whole batch (``reserve(_:)``) rather than step by step while the batch is written. Linear
/// probing with backward-shift removal: no tombstones, so a store that removes as much as it adds
/// never slows down.
struct RecordIDTable: Sendable {
    /// The IDs by position; a removed position holds ``vacant``.
    private(set) var ids: ContiguousArray<DataID> = []
    /// Positions by hash, `-1` where empty; a power of two long, or empty.
    private var slots: [Int32] = []
    /// How many positions the index holds (the live records).
    private(set) var count = 0

    /// What a removed position holds: a small string, so it costs no allocation.
    static let vacant = DataID("")

    /// The number of positions, live or removed.
    var positions: Int { ids.count }

    /// The position of `dataID`, or `nil`.
    @inline(__always) func position(of dataID: DataID) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = dataID.hashOfText & mask
        while true {
            let position = Int(slots[slot])
            if position < 0 { return nil }
            if ids[position] == dataID { return position }
            slot = (slot + 1) & mask
        }
    }

    /// The position of the ID whose text has these UTF-8 bytes (a link in a record's bytes) and
    /// whose hash is `hash` (``DataID/hash(ofUTF8:)``), or `nil`: no `String` is made.
    @inline(__always) func position(ofUTF8 bytes: UnsafeRawBufferPointer, hash: Int) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let position = Int(slots[slot])
            if position < 0 { return nil }
            let candidate = ids[position]
            if candidate.hashOfText == hash && candidate.hasUTF8(bytes) { return position }
            slot = (slot + 1) & mask
        }
    }

    /// Makes room in the index for `additional` more IDs, so a batch never grows it mid-write.
    mutating func reserve(_ additional: Int) {
        let needed = count + additional
        guard needed * 4 > slots.count * 3 else { return }
        var capacity = max(slots.count, 16)
        while needed * 4 > capacity * 3 { capacity *= 2 }
        let old = slots
        slots = Array(repeating: -1, count: capacity)
        for position in old where position >= 0 { place(Int(position)) }
        if ids.capacity < ids.count + additional {
            ids.reserveCapacity(max(ids.count + additional, ids.capacity + ids.capacity / 2))
        }
    }

    /// The position of `dataID`, appending it at the next position when it is absent: one probe
    /// for both cases.
    mutating func findOrAppend(_ dataID: DataID) -> (position: Int, appended: Bool) {
        reserve(1)
        let mask = slots.count - 1
        var slot = dataID.hashOfText & mask
        while true {
            let position = Int(slots[slot])
            if position < 0 { break }
            if ids[position] == dataID { return (position, false) }
            slot = (slot + 1) & mask
        }
        let position = ids.count
        slots[slot] = Int32(position)
        ids.append(dataID)
        count += 1
        return (position, true)
    }

    /// Removes the ID at `position` from the index; the position stays, holding ``vacant``.
    mutating func remove(at position: Int) {
        guard !slots.isEmpty else { return }
        let mask = slots.count - 1
        var hole = ids[position].hashOfText & mask
        while Int(slots[hole]) != position {
            guard slots[hole] >= 0 else { return }
            hole = (hole + 1) & mask
        }
        // Backward shift: move up each later entry of the run whose home is not between the hole and
        // it, so that every entry stays reachable from its home without tombstones.
        var next = hole
        while true {
            next = (next + 1) & mask
            let moved = Int(slots[next])
            if moved < 0 { break }
            let home = ids[moved].hashOfText & mask
            let staysPut = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if staysPut { continue }
            slots[hole] = slots[next]
            hole = next
        }
        slots[hole] = -1
        ids[position] = Self.vacant
        count -= 1
    }

    /// Keeps only the positions `isLive` names, in order, and rebuilds the index.
    mutating func compact(keeping isLive: (Int) -> Bool) {
        var kept = ContiguousArray<DataID>()
        kept.reserveCapacity(count)
        for position in ids.indices where isLive(position) { kept.append(ids[position]) }
        ids = kept
        count = kept.count
        var capacity = 16
        while count * 4 > capacity * 3 { capacity *= 2 }
        slots = Array(repeating: -1, count: capacity)
        for position in ids.indices { place(position) }
    }

    /// Puts `position` in the first empty slot from its ID's home.
    private mutating func place(_ position: Int) {
        let mask = slots.count - 1
        var slot = ids[position].hashOfText & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position)
    }
}
