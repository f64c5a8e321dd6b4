/// The in-memory source's data IDs by position, and an open-addressed index from ID to position
/// (decision 0140).
///
/// The index probes by the hash each ``DataID`` keeps (computed once, when the ID was made), so a
/// lookup hashes nothing. Each slot holds a position and the hash's high 32 bits, so a probe passes
/// other IDs' slots without reading their IDs: at most three quarters full, a miss reads a few
/// adjacent slots and no ID. The index grows once for a whole batch (``reserve(_:)``) rather than
/// step by step while the batch is written. Linear probing with backward-shift removal: no
/// tombstones, so a store that removes as much as it adds never slows down.
struct RecordIDTable: Sendable {
    /// The IDs by position; a removed position holds ``vacant``.
    private(set) var ids: ContiguousArray<DataID> = []
    /// Per slot, the high 32 bits of the ID's hash and its position plus one in the low 32 bits;
    /// 0 where empty. A power of two long, or empty.
    private var slots: [UInt64] = []
    /// How many positions the index holds (the live records).
    private(set) var count = 0

    /// What a removed position holds: a small string, so it costs no allocation.
    static let vacant = DataID("")

    /// The number of positions, live or removed.
    var positions: Int { ids.count }

    @inline(__always) private static func tag(_ hash: Int) -> UInt64 {
        UInt64(UInt(bitPattern: hash)) & 0xFFFF_FFFF_0000_0000
    }

    @inline(__always) private static func entry(_ hash: Int, _ position: Int) -> UInt64 {
        tag(hash) | UInt64(position + 1)
    }

    @inline(__always) private static func position(of entry: UInt64) -> Int { Int(entry & 0xFFFF_FFFF) - 1 }

    /// The position of `dataID`, or `nil`.
    @inline(__always) func position(of dataID: DataID) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        let tag = Self.tag(dataID.hashOfText)
        var slot = dataID.hashOfText & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if entry & 0xFFFF_FFFF_0000_0000 == tag, ids[Self.position(of: entry)] == dataID {
                return Self.position(of: entry)
            }
            slot = (slot + 1) & mask
        }
    }

    /// The position of the ID whose text has these UTF-8 bytes (a link in a record's bytes) and
    /// whose hash is `hash` (``DataID/hash(ofUTF8:)``), or `nil`: no `String` is made.
    @inline(__always) func position(ofUTF8 bytes: UnsafeRawBufferPointer, hash: Int) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        let tag = Self.tag(hash)
        var slot = hash & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let candidate = ids[Self.position(of: entry)]
                if candidate.hashOfText == hash && candidate.hasUTF8(bytes) { return Self.position(of: entry) }
            }
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
        slots = Array(repeating: 0, count: capacity)
        for entry in old where entry != 0 { place(entry, hash: ids[Self.position(of: entry)].hashOfText) }
        if ids.capacity < ids.count + additional {
            ids.reserveCapacity(max(ids.count + additional, ids.capacity + ids.capacity / 2))
        }
    }

    /// The position of `dataID`, appending it at the next position when it is absent: one probe
    /// for both cases.
    mutating func findOrAppend(_ dataID: DataID) -> (position: Int, appended: Bool) {
        reserve(1)
        let mask = slots.count - 1
        let tag = Self.tag(dataID.hashOfText)
        var slot = dataID.hashOfText & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if entry & 0xFFFF_FFFF_0000_0000 == tag, ids[Self.position(of: entry)] == dataID {
                return (Self.position(of: entry), false)
            }
            slot = (slot + 1) & mask
        }
        let position = ids.count
        slots[slot] = Self.entry(dataID.hashOfText, position)
        ids.append(dataID)
        count += 1
        return (position, true)
    }

    /// Removes the ID at `position` from the index; the position stays, holding ``vacant``.
    mutating func remove(at position: Int) {
        guard !slots.isEmpty else { return }
        let mask = slots.count - 1
        var hole = ids[position].hashOfText & mask
        while Self.position(of: slots[hole]) != position {
            guard slots[hole] != 0 else { return }
            hole = (hole + 1) & mask
        }
        // Backward shift: move up each later entry of the run whose home is not between the hole and
        // it, so that every entry stays reachable from its home without tombstones.
        var next = hole
        while true {
            next = (next + 1) & mask
            let moved = slots[next]
            if moved == 0 { break }
            let home = ids[Self.position(of: moved)].hashOfText & mask
            let staysPut = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if staysPut { continue }
            slots[hole] = moved
            hole = next
        }
        slots[hole] = 0
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
        slots = Array(repeating: 0, count: capacity)
        for position in ids.indices {
            place(Self.entry(ids[position].hashOfText, position), hash: ids[position].hashOfText)
        }
    }

    /// Puts `entry` in the first empty slot from its hash's home.
    private mutating func place(_ entry: UInt64, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = entry
    }
}
