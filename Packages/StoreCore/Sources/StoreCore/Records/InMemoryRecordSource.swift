import Primitives

/// The default record source: every record's bytes (`RecordEncoding`, the format the SQLite
/// source writes too) in one byte arena, found by position through an ID table (decision 0140).
///
/// - Field keys and typenames are interned once per source (`RecordKeyTable`): a record names
///   them by a one- or two-byte index.
/// - Each position holds a record's offset and length in the arena. Records take positions in the
///   order they are first written, the order reads and collections visit them, so a walk over what
///   one response wrote reads memory in order. A position is what a collection marks (one bit a
///   record, `RecordMarks`).
/// - A write merges the patch into the stored bytes: over the old bytes when the merged record is
///   no longer, else at the arena's end, leaving the old bytes as garbage. The arena is compacted
///   when garbage outnumbers live bytes, and the positions when removed ones outnumber live ones:
///   each is then paid for once, by the writes that made it. Links are data IDs, so no compaction
///   rewrites a record.
///
/// A record whose bytes would pass 4 KB (a query root with thousands of fields, a
/// connection's list of thousands of edges) is kept decoded instead, as a ``Record``: a write to it
/// then costs what it writes, not the record's size, and a page appended to a long list extends
/// the list in place (decision 0140, amendment). There are few such records, so they cost little
/// memory.
///
/// The store reads records where they lie (`EncodedRecord`); ``record(for:)`` decodes one into a
/// ``Record`` for callers outside the store.
public struct InMemoryRecordSource: RecordSource, Sendable {
    /// The keys the records' bytes name by index.
    private(set) var keys = RecordKeyTable()
    /// Every record's bytes, and garbage.
    private(set) var arena: ByteArena
    /// The offset of each position's record in ``arena``.
    private var offsets: [Int] = []
    /// The length of each position's record; 0 where the record was removed.
    private var lengths: [UInt32] = []
    /// The IDs by position, and the index from ID to position.
    private(set) var table = RecordIDTable()
    /// The bytes of the arena that belong to a stored record.
    private var liveBytes = 0
    /// The records kept decoded, by position; their length is ``wideLength``.
    private var wide: [Int: Record] = [:]
    /// The positions whose records this write made decoded, whose links ``shareLinkedIDs()`` points
    /// at the ID table's own IDs once the batch's records all have positions.
    private var newlyWide: [Int] = []

    /// The size past which a record is kept decoded rather than as bytes.
    static let wideRecordBytes = 4096
    /// The length a position of a record kept decoded holds.
    private static let wideLength = UInt32.max

    /// What a new source's arena starts as: shared, so an empty source allocates nothing, and
    /// copied (being shared) by the first write.
    private static let emptyArena = ByteArena(capacity: 0)

    /// An empty source.
    public init() { arena = Self.emptyArena }

    /// A source holding these records (the last of two with one ID wins).
    public init(records: [Record]) {
        self.init()
        makeArenaUnique()
        table.reserve(records.count)
        for record in records {
            let bytes = RecordEncoding.encode(record, keys: &keys)
            let (position, appended) = table.findOrAppend(record.dataID)
            if appended {
                offsets.append(0)
                lengths.append(0)
            }
            bytes.withUnsafeBytes { place($0, at: position) }
        }
        arena.shrinkToFit()
    }

    /// The record with this ID, or `nil`: its bytes decoded.
    public func record(for dataID: DataID) -> Record? {
        guard let position = table.position(of: dataID) else { return nil }
        return record(at: position, dataID: dataID)
    }

    /// The record `dataID` at `position`, which holds it: its bytes decoded.
    func record(at position: Int, dataID: DataID) -> Record? {
        if lengths[position] == Self.wideLength { return wide[position] }
        // The source wrote these bytes itself with these keys; they always decode.
        return try? RecordEncoding.decode(
            arena.bytes(at: offsets[position], length: Int(lengths[position])), dataID: dataID, keys: keys,
            maximumDepth: .max)
    }

    /// The record with this ID where it lies, or `nil`.
    func view(for dataID: DataID) -> RecordView? {
        guard let position = table.position(of: dataID) else { return nil }
        return view(at: position)
    }

    /// The record at `position`, which must hold one.
    func view(at position: Int) -> RecordView {
        let length = lengths[position]
        if length == Self.wideLength, let record = wide[position] { return .decoded(record) }
        return .encoded(EncodedRecord(arena: arena, offset: offsets[position], length: Int(length), keys: keys))
    }

    /// The position of the record with this ID, or `nil`.
    @inline(__always) func position(of dataID: DataID) -> Int? { table.position(of: dataID) }

    /// The position of the record whose ID's text has these UTF-8 bytes (a link in a record's
    /// bytes), or `nil`.
    func position(ofUTF8 bytes: UnsafeRawBufferPointer) -> Int? {
        table.position(ofUTF8: bytes, hash: DataID.hash(ofUTF8: bytes))
    }

    /// Whether `position` holds the record whose ID's text has these UTF-8 bytes.
    func holds(utf8 bytes: UnsafeRawBufferPointer, at position: Int) -> Bool {
        position >= 0 && position < lengths.count && lengths[position] != 0 && table.ids[position].hasUTF8(bytes)
    }

    /// ``view(for:hint:)`` for a link in a record's bytes.
    func view(utf8 bytes: UnsafeRawBufferPointer, hint: inout Int) -> RecordView? {
        if holds(utf8: bytes, at: hint) { return view(at: hint) }
        guard let position = position(ofUTF8: bytes) else {
            hint = -1
            return nil
        }
        hint = position
        return view(at: position)
    }

    /// Whether `position` holds a record with this ID.
    func holds(_ dataID: DataID, at position: Int) -> Bool {
        position >= 0 && position < lengths.count && lengths[position] != 0 && table.ids[position] == dataID
    }

    /// The number of positions, removed ones included: the size of a collection's marks.
    var positions: Int { lengths.count }

    /// The record with this ID where it lies, looked for first at position `hint` (where it was
    /// found last time), and `hint` updated to where it is (`-1` when it is not stored). The
    /// position is checked to hold this very ID, so a hint made stale by a removal or a compaction
    /// only costs the lookup it would have saved.
    func view(for dataID: DataID, hint: inout Int) -> RecordView? {
        if holds(dataID, at: hint) { return view(at: hint) }
        guard let position = table.position(of: dataID) else {
            hint = -1
            return nil
        }
        hint = position
        return view(at: position)
    }

    /// The number of records.
    public var count: Int { table.count }

    /// Merges the patches into their records, in the batch's order (new records then take positions
    /// in the order reads visit them), and removes the removals.
    public mutating func write(_ batch: RecordWriteBatch) {
        _ = write(batch.patches, order: batch.order, at: batch.writtenAt, detectsChanges: false) { _ in false }
        if !batch.fieldRemovals.isEmpty { makeArenaUnique() }
        for (dataID, keys) in batch.fieldRemovals {
            guard let position = table.position(of: dataID), var record = record(for: dataID) else { continue }
            for key in keys { record.fields.removeValue(forKey: key) }
            RecordEncoding.encode(record, keys: &self.keys).withUnsafeBytes { place($0, at: position) }
        }
        for dataID in batch.removals {
            guard let position = table.position(of: dataID) else { continue }
            remove(at: position)
        }
        compactIfSparse()
    }

    /// Merges the patches into their records, in `order` (every ID of `patches` once, or any order
    /// when it is not), and returns what changed: new records, a changed typename, and fields
    /// written with a different value, by storage key for the records `tracksFields` names (nothing
    /// unless `detectsChanges`).
    mutating func write(
        _ patches: [DataID: RecordPatch], order: [DataID], at writtenAt: WallInstant, detectsChanges: Bool = true,
        tracksFields: (DataID) -> Bool
    ) -> StoreChanges {
        var changes = StoreChanges()
        guard !patches.isEmpty else { return changes }
        makeArenaUnique()
        table.reserve(patches.count)
        offsets.reserveCapacity(Self.grown(offsets.capacity, toHold: table.positions + patches.count))
        lengths.reserveCapacity(Self.grown(lengths.capacity, toHold: table.positions + patches.count))
        let bytesBefore = arena.count
        var merger = RecordMerger()
        let ordered = order.count == patches.count ? order : Array(patches.keys)
        for dataID in ordered {
            guard let patch = patches[dataID] else { continue }
            let (position, appended) = table.findOrAppend(dataID)
            if appended {
                offsets.append(0)
                lengths.append(0)
            }
            let change: RecordMerger.Change
            var wideChanges: Set<String> = []
            if lengths[position] == Self.wideLength {
                change = mergeWide(patch, at: position, writtenAt: writtenAt, changedKeys: &wideChanges)
            } else {
                let stored = appended ? nil : arena.bytes(at: offsets[position], length: Int(lengths[position]))
                change = merger.merge(patch, into: stored, writtenAt: writtenAt, keys: &keys)
                merger.output.withBytes { place($0, at: position) }
            }
            guard detectsChanges else { continue }
            switch change {
            case .none:
                continue
            case .record where appended:
                // A new record changes exactly the fields it writes (and its typename): listing
                // them keeps the first write to a shared root record, such as the query root, from
                // re-reading every subscription rooted there.
                var changed = Set(patch.values.keys)
                if patch.typename != nil { changed.insert(SnapshotReader<StoreRecords>.typenameKey) }
                if tracksFields(dataID), !changed.isEmpty {
                    changes.insert(dataID, keys: changed)
                } else {
                    changes.insertRecord(dataID)
                }
            case .record:
                changes.insertRecord(dataID)
            case .fields:
                if tracksFields(dataID) {
                    changes.insert(
                        dataID,
                        keys: lengths[position] == Self.wideLength && !wideChanges.isEmpty
                            ? wideChanges : Set(merger.changedKeys.map { keys.keys[Int($0)] }))
                } else {
                    changes.insertRecord(dataID)
                }
            }
        }
        // A batch that made most of the arena (the first publish of a large response) gives back
        // what the arena's growth reserved beyond it; a small one keeps the room for the next.
        if arena.count - bytesBefore > bytesBefore { arena.shrinkToFit() }
        shareLinkedIDs()
        compactIfSparse()
        return changes
    }

    /// Merges a normalized batch into the records, in its order, and returns what changed, as
    /// ``write(_:order:at:detectsChanges:tracksFields:)`` does: the batch's keys are interned once
    /// each, and its value bytes are merged as they are.
    mutating func write(
        _ batch: NormalizedBatch, at writtenAt: WallInstant, tracksFields: (DataID) -> Bool
    ) -> StoreChanges {
        var changes = StoreChanges()
        guard batch.count > 0 else { return changes }
        makeArenaUnique()
        table.reserve(batch.count)
        offsets.reserveCapacity(Self.grown(offsets.capacity, toHold: table.positions + batch.count))
        lengths.reserveCapacity(Self.grown(lengths.capacity, toHold: table.positions + batch.count))
        let storeKeys = batch.keys.keys.map { keys.intern($0) }
        let bytesBefore = arena.count
        // Room for the batch at once (its runs, and about a header a record more), rather than
        // growing the arena step by step while it is written.
        arena.reserve(batch.byteCount + batch.count * 16)
        if batch.count > 64 { changes.reserveCapacity(batch.count) }
        var merger = RecordMerger()
        for entry in 0..<batch.count {
            let dataID = batch.dataID(of: entry)
            let (position, appended) = table.findOrAppend(dataID)
            if appended {
                offsets.append(0)
                lengths.append(0)
            }
            let change: RecordMerger.Change
            var wideChanges: Set<String> = []
            if lengths[position] == Self.wideLength {
                change = mergeWide(
                    batch.patch(of: entry), at: position, writtenAt: writtenAt,
                    changedKeys: &wideChanges)
            } else {
                let stored = appended ? nil : arena.bytes(at: offsets[position], length: Int(lengths[position]))
                change = merger.merge(
                    entry, of: batch, storeKeys: storeKeys, into: stored, writtenAt: writtenAt)
                merger.output.withBytes { place($0, at: position) }
            }
            changes.insert(change, of: entry, in: batch, isNew: appended, tracksFields: tracksFields) {
                lengths[position] == Self.wideLength && !wideChanges.isEmpty
                    ? wideChanges : Set(merger.changedKeys.map { keys.keys[Int($0)] })
            }
        }
        if arena.count - bytesBefore > bytesBefore { arena.shrinkToFit() }
        shareLinkedIDs()
        compactIfSparse()
        return changes
    }

    /// A capacity for an array of `capacity` that must hold `count`: unchanged when it does, else
    /// at least half again as much, so that many small batches grow it geometrically while one
    /// large batch into an empty source gets exactly its size.
    private static func grown(_ capacity: Int, toHold count: Int) -> Int {
        count <= capacity ? capacity : max(count, capacity + capacity / 2)
    }

    /// Merges `patch` into the record kept decoded at `position`, in place; returns what changed,
    /// with the storage keys of the changed fields in `changedKeys`.
    private mutating func mergeWide(
        _ patch: RecordPatch, at position: Int, writtenAt: WallInstant, changedKeys: inout Set<String>
    ) -> RecordMerger.Change {
        var change = RecordMerger.Change.none
        if let typename = patch.typename, typename != wide[position]?.typename { change = .record }
        for (key, value) in patch.values where wide[position]?.fields[key]?.value != value { changedKeys.insert(key) }
        if change == .none && !changedKeys.isEmpty { change = .fields }
        wide[position]?.apply(patch, writtenAt: writtenAt)
        return change
    }

    /// Points the links of the records this write made decoded at the ID table's own `DataID`s,
    /// where it has them: a list of thousands of links (a query root's, a connection's) then holds
    /// no second copy of each ID's text, and a walk's comparison of a link with the ID at the
    /// position it expects is one of identical strings, which reads no text.
    private mutating func shareLinkedIDs() {
        guard !newlyWide.isEmpty else { return }
        for position in newlyWide where lengths[position] == Self.wideLength {
            guard var record = wide.removeValue(forKey: position) else { continue }
            for key in Array(record.fields.keys) {
                switch record.fields[key]?.value {
                case .link(let dataID)?:
                    if let shared = sharedID(dataID) { record.fields[key]?.value = .link(shared) }
                case .links?:
                    guard var field = record.fields.removeValue(forKey: key), case .links(var links) = field.value
                    else { continue }
                    // The field lets go of the list, so that `links` is its only reference and changes in place.
                    field.value = .null
                    shareIDs(in: &links)
                    field.value = .links(links)
                    record.fields[key] = field
                default:
                    continue
                }
            }
            wide[position] = record
        }
        newlyWide.removeAll()
    }

    private func shareIDs(in links: inout [RecordValue]) {
        for index in links.indices {
            switch links[index] {
            case .link(let dataID): if let shared = sharedID(dataID) { links[index] = .link(shared) }
            case .links(var nested):
                links[index] = .null
                shareIDs(in: &nested)
                links[index] = .links(nested)
            case .null, .scalar, .fieldError: continue
            }
        }
    }

    /// The table's own copy of `dataID`, when it holds the ID.
    private func sharedID(_ dataID: DataID) -> DataID? {
        guard let position = table.position(of: dataID) else { return nil }
        return table.ids[position]
    }

    /// Puts a record's new bytes at `position`: over its old bytes when they fit, else at the end;
    /// a record past ``wideRecordBytes`` is kept decoded instead.
    private mutating func place(_ bytes: UnsafeRawBufferPointer, at position: Int) {
        // A record kept decoded that is replaced whole (a source made from records, one ID twice).
        if lengths[position] == Self.wideLength {
            wide[position] = nil
            lengths[position] = 0
        }
        if bytes.count > Self.wideRecordBytes,
            let record = try? RecordEncoding.decode(
                bytes, dataID: table.ids[position], keys: keys, maximumDepth: .max)
        {
            liveBytes -= Int(lengths[position])
            lengths[position] = Self.wideLength
            wide[position] = record
            newlyWide.append(position)
            return
        }
        let old = Int(lengths[position])
        if old != 0 && bytes.count <= old {
            arena.overwrite(at: offsets[position], with: bytes)
        } else {
            offsets[position] = arena.append(bytes)
        }
        lengths[position] = UInt32(bytes.count)
        liveBytes += bytes.count - old
    }

    /// Copies the arena first when anything else holds it (a view, another copy of the source), so
    /// that what they see never changes.
    private mutating func makeArenaUnique() {
        if !isKnownUniquelyReferenced(&arena) { arena = arena.copy() }
    }

    private mutating func remove(at position: Int) {
        if lengths[position] == Self.wideLength {
            wide[position] = nil
        } else {
            liveBytes -= Int(lengths[position])
        }
        lengths[position] = 0
        table.remove(at: position)
    }

    /// Removes the list of links at `key` of record `dataID` and returns it, when the record is kept
    /// decoded: with the record's reference gone, the caller may hold the list's only one and
    /// append to it in place. `nil` for a record kept as bytes, whose list is copied anyway.
    mutating func takeLinks(_ key: String, of dataID: DataID) -> [RecordValue]? {
        guard let position = table.position(of: dataID), lengths[position] == Self.wideLength,
            case .links? = wide[position]?.fields[key]?.value,
            case .links(let links)? = wide[position]?.fields.removeValue(forKey: key)?.value
        else { return nil }
        return links
    }

    /// The IDs of the records of type `typename`, in position order.
    public func dataIDs(ofType typename: String) -> [DataID] {
        lengths.indices.compactMap { position in
            guard lengths[position] != 0, view(at: position).typename == typename else { return nil }
            return table.ids[position]
        }
    }

    /// Removes every record not in `kept`.
    public mutating func removeAll(notIn kept: Set<DataID>) -> Int {
        var removed = 0
        for position in lengths.indices where lengths[position] != 0 && !kept.contains(table.ids[position]) {
            remove(at: position)
            removed += 1
        }
        compactIfSparse()
        return removed
    }

    /// Removes every record whose position `marks` does not hold: a collection's sweep, one pass
    /// over the positions in order.
    mutating func removeAll(notMarkedIn marks: RecordMarks) -> Int {
        var removed = 0
        for position in lengths.indices where lengths[position] != 0 && !marks.contains(position) {
            remove(at: position)
            removed += 1
        }
        compactIfSparse()
        return removed
    }

    /// Closes the holes once removed positions outnumber the records, and drops the garbage once
    /// it outnumbers the live bytes, keeping the records' order.
    private mutating func compactIfSparse() {
        let sparsePositions = lengths.count - table.count > table.count
        let sparseBytes = arena.count - liveBytes > max(liveBytes, 4096)
        guard sparsePositions || sparseBytes else { return }
        let compacted = ByteArena(capacity: liveBytes)
        var newOffsets: [Int] = []
        var newLengths: [UInt32] = []
        var newWide: [Int: Record] = Dictionary(minimumCapacity: wide.count)
        newOffsets.reserveCapacity(sparsePositions ? table.count : lengths.count)
        newLengths.reserveCapacity(newOffsets.capacity)
        for position in lengths.indices {
            let length = Int(lengths[position])
            if length == 0 {
                if !sparsePositions {
                    newOffsets.append(0)
                    newLengths.append(0)
                }
                continue
            }
            if lengths[position] == Self.wideLength {
                newWide[newLengths.count] = wide[position]
                newOffsets.append(0)
                newLengths.append(Self.wideLength)
                continue
            }
            newOffsets.append(compacted.append(arena.bytes(at: offsets[position], length: length)))
            newLengths.append(UInt32(length))
        }
        wide = newWide
        if sparsePositions {
            let lengths = self.lengths
            table.compact { lengths[$0] != 0 }
        }
        arena = compacted
        offsets = newOffsets
        lengths = newLengths
    }
}
