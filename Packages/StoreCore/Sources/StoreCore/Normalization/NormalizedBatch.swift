/// What a normalization writes, already in the record format's pieces (decision 0140): each
/// record's fields as key indices and value bytes, so that the in-memory source merges them into
/// its records' bytes without a dictionary, a `RecordValue` or a retained key per field.
///
/// A record's fields lie together, as one *run*: its field count, each field's key index (varints),
/// then the fields' values in the same order (`RecordEncoding`'s `value`, each self-delimiting), as
/// one copy of the bytes the walk wrote for the object. A run is written whole when its object's
/// walk ends, so the batch holds no per-field entries, and runs fill chunks of ``chunkSize`` bytes
/// that never grow, so no buffer doubles: the batch is most of a publish's peak, beside the input
/// and the store (decision 0140's amendment on the batch).
///
/// The normalizer runs outside the store's lock, so its keys are indices into a key table of its
/// own; the write maps each to the store's once per batch. Other callers (optimistic layers,
/// transactions, connection pages, other record sources) take ``patches()``, the same writes as
/// ``RecordPatch``es.
struct NormalizedBatch {
    /// One field of an object being walked: its key in ``keys``, and its value's bytes in the
    /// walk's scratch buffer, until the object's run is written.
    struct Field {
        var key: UInt32
        var start: Int
        var end: Int
    }

    /// Where a run lies: its chunk, and its first byte in it.
    private struct Run {
        var chunk: UInt32
        var offset: UInt32

        /// An entry no visit gave a field yet.
        static let none = Run(chunk: .max, offset: 0)
    }

    /// The bytes a chunk holds; a run longer than this has a chunk of its own.
    static let chunkSize = 64 * 1024

    /// The storage keys and typenames the fields name.
    var keys = RecordKeyTable()
    /// The records' IDs in the order the walk first reached them (positions are entries).
    private(set) var table = RecordIDTable()
    /// Each entry's typename's index in ``keys``, or `-1` to keep the stored one.
    private var typenames: [Int32] = []
    /// Each entry's first visit's run, or ``Run/none``.
    private var runs: [Run] = []
    /// The runs of later visits to an entry (the same object reached by another path), in order:
    /// rare, so kept aside.
    private var revisits: [Int: [Run]] = [:]
    /// The full chunks' bytes.
    private var chunks: [RecordByteWriter] = []
    /// The chunk being written, whose index is `chunks.count`: a stored property of its own, so a
    /// write goes straight to its buffer rather than through the array of chunks.
    private var current = RecordByteWriter(capacity: 0)
    /// The room of ``current``.
    private var currentCapacity = 0

    /// The number of records the batch writes.
    var count: Int { runs.count }

    /// The bytes of every run: about what the records' fields take in a record.
    private(set) var byteCount = 0

    /// The IDs in walk order.
    var order: [DataID] { Array(table.ids) }

    /// Makes room for `records` entries at once (a count known before the walk, from the tape),
    /// rather than doubling the tables as the walk goes.
    mutating func reserve(records: Int) {
        table.reserve(records)
        typenames.reserveCapacity(records)
        runs.reserveCapacity(records)
    }

    /// The entry of `dataID`, adding an empty one when it is new.
    mutating func entry(for dataID: DataID) -> Int {
        let (position, appended) = table.findOrAppend(dataID)
        if appended {
            typenames.append(-1)
            runs.append(.none)
        }
        return position
    }

    /// Writes a visit's fields (`stack`, their values in `values`) and typename for `entry` as one
    /// run; later visits' fields win over earlier ones of the same key, as later writes would. The
    /// fields' values end `values` and follow one another, in order (the walk's scratch holds the
    /// open objects' values, this one's last), so they are copied at once.
    mutating func commit(
        _ stack: ArraySlice<Field>, values: UnsafeRawBufferPointer, typename: String?, to entry: Int
    ) {
        if let typename { typenames[entry] = Int32(keys.intern(typename)) }
        guard !stack.isEmpty else { return }
        let valuesStart = stack[stack.startIndex].start
        assert(stack.last?.end == values.count && zip(stack, stack.dropFirst()).allSatisfy { $0.end == $1.start })
        // At most: a 10-byte count, a 5-byte varint per key, and the values.
        let size = 10 + 5 * stack.count + values.count - valuesStart
        if current.count + size > currentCapacity {
            if currentCapacity > 0 { chunks.append(current) }
            currentCapacity = max(Self.chunkSize, size)
            current = RecordByteWriter(capacity: currentCapacity)
        }
        defer {
            // A run longer than a chunk keeps its chunk to itself, so every offset in a chunk stays
            // below ``chunkSize`` and fits its 32 bits.
            if currentCapacity > Self.chunkSize { currentCapacity = current.count }
        }
        let start = current.count
        let run = Run(chunk: UInt32(chunks.count), offset: UInt32(start))
        current.varint(UInt64(stack.count))
        for field in stack { current.varint(UInt64(field.key)) }
        current.append(UnsafeRawBufferPointer(rebasing: values[valuesStart...]))
        byteCount += current.count - start
        if runs[entry].chunk == Run.none.chunk {
            runs[entry] = run
        } else {
            revisits[entry, default: []].append(run)
        }
    }

    /// The ID of `entry`.
    func dataID(of entry: Int) -> DataID { table.ids[entry] }

    /// The typename `entry` sets, or `nil`.
    func typename(of entry: Int) -> String? {
        typenames[entry] < 0 ? nil : keys.keys[Int(typenames[entry])]
    }

    /// The typename's key index `entry` sets, or `nil`.
    func typenameKey(of entry: Int) -> UInt32? {
        typenames[entry] < 0 ? nil : UInt32(typenames[entry])
    }

    /// Calls `body` with each field of `entry`, its key and its value's bytes (valid during the
    /// call), in the order the walk wrote them (a key may come more than once; the last one wins).
    func forEachField(of entry: Int, _ body: (UInt32, UnsafeRawBufferPointer) -> Void) {
        guard runs[entry].chunk != Run.none.chunk else { return }
        forEachField(in: runs[entry], body)
        if !revisits.isEmpty, let more = revisits[entry] { for run in more { forEachField(in: run, body) } }
    }

    private func forEachField(in run: Run, _ body: (UInt32, UnsafeRawBufferPointer) -> Void) {
        withBytes(of: run) { bytes in
            Self.forEachField(in: bytes, at: Int(run.offset)) { key, start, end in
                body(key, UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            }
        }
    }

    /// Calls `body` with the bytes of `run`'s chunk.
    private func withBytes<Result>(of run: Run, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        Int(run.chunk) == chunks.count ? current.withBytes(body) : chunks[Int(run.chunk)].withBytes(body)
    }

    /// Calls `body` with each field of the run at `offset` in `bytes`: its key and its value's range.
    private static func forEachField(
        in bytes: UnsafeRawBufferPointer, at offset: Int, _ body: (UInt32, Int, Int) -> Void
    ) {
        guard let base = bytes.baseAddress else { return }
        var keyCursor = offset
        let count = EncodedBytes.varint(base, &keyCursor)
        var cursor = keyCursor
        for _ in 0..<count { _ = EncodedBytes.varint(base, &cursor) }
        for _ in 0..<count {
            let key = UInt32(truncatingIfNeeded: EncodedBytes.varint(base, &keyCursor))
            let start = cursor
            EncodedBytes.skipValue(base, &cursor)
            body(key, start, cursor)
        }
    }

    /// Calls `body` with the bytes of the chunk holding `entry`'s fields, and passes each field's
    /// key and value range in them to `field` first, when one run holds them all (an entry reached
    /// once, the usual case: nothing is copied); returns `nil`, calling neither, when the entry was
    /// reached more than once.
    func withFields<Result>(
        of entry: Int, _ field: (UInt32, Int, Int) -> Void, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result? {
        guard revisits.isEmpty || revisits[entry] == nil else { return nil }
        let run = runs[entry]
        guard run.chunk != Run.none.chunk else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return withBytes(of: run) { bytes in
            Self.forEachField(in: bytes, at: Int(run.offset), field)
            return body(bytes)
        }
    }

    /// The patch of `entry`, its values decoded.
    func patch(of entry: Int) -> RecordPatch {
        var values: [String: RecordValue] = [:]
        forEachField(of: entry) { key, bytes in
            var cursor = 0
            values[keys.keys[Int(key)]] = EncodedBytes.value(bytes.baseAddress!, &cursor)
        }
        return RecordPatch(typename: typename(of: entry), values: values)
    }

    /// The batch as record patches, in ``order``.
    func patches() -> [DataID: RecordPatch] {
        var patches: [DataID: RecordPatch] = Dictionary(minimumCapacity: count)
        for entry in 0..<count { patches[dataID(of: entry)] = patch(of: entry) }
        return patches
    }
}
