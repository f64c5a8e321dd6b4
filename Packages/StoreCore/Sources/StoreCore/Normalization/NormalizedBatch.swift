/// What a normalization writes, already in the record format's pieces (decision 0140): each
/// record's fields as key indices and value bytes, so that the in-memory source merges them into
/// its records' bytes without a dictionary, a `RecordValue` or a retained key per field.
///
/// The normalizer runs outside the store's lock, so its keys are indices into a key table of its
/// own; the write maps each to the store's once per batch. Other callers (optimistic layers,
/// transactions, connection pages, other record sources) take ``patches()``, the same writes as
/// ``RecordPatch``es.
struct NormalizedBatch {
    /// One field as the walk wrote it: its key in ``keys``, and its value's bytes in ``values``.
    struct Field {
        var key: UInt32
        var start: Int
        var end: Int
    }

    /// The storage keys and typenames the fields name.
    var keys = RecordKeyTable()
    /// The records' IDs in the order the walk first reached them (positions are entries).
    private(set) var table = RecordIDTable()
    /// Each entry's typename's index in ``keys``, or `-1` to keep the stored one.
    private var typenames: [Int32] = []
    /// Each entry's first visit's fields: where they start in ``fields``, and how many.
    private var segments: [(start: Int, count: Int)] = []
    /// The fields, a segment per entry.
    private var fields: [Field] = []
    /// The fields of later visits to an entry (the same object reached by another path), in order:
    /// rare, so kept aside.
    private var revisits: [Int: [Field]] = [:]
    /// Every field's value bytes (``RecordEncoding``'s `value`).
    var values = RecordByteWriter(capacity: 4096)

    /// The number of records the batch writes.
    var count: Int { segments.count }

    /// The number of fields the walk wrote (a field written twice counts twice).
    var fieldCount: Int { fields.count + revisits.values.reduce(0) { $0 + $1.count } }

    /// The IDs in walk order.
    var order: [DataID] { Array(table.ids) }

    /// The entry of `dataID`, adding an empty one when it is new.
    mutating func entry(for dataID: DataID) -> Int {
        let (position, appended) = table.findOrAppend(dataID)
        if appended {
            typenames.append(-1)
            segments.append((fields.count, 0))
        }
        return position
    }

    /// Records a visit's fields (the end of `stack` from `base`) and typename for `entry`; later
    /// visits' fields win over earlier ones of the same key, as later writes would.
    mutating func commit(_ stack: ArraySlice<Field>, typename: String?, to entry: Int) {
        if let typename { typenames[entry] = Int32(keys.intern(typename)) }
        guard !stack.isEmpty else { return }
        if segments[entry].count == 0 && (revisits.isEmpty || revisits[entry] == nil) {
            segments[entry] = (fields.count, stack.count)
            fields.append(contentsOf: stack)
        } else {
            revisits[entry, default: []].append(contentsOf: stack)
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

    /// Calls `body` with each field of `entry`, in the order the walk wrote them (a key may come
    /// more than once; the last one wins).
    func forEachField(of entry: Int, _ body: (Field) -> Void) {
        let segment = segments[entry]
        for index in segment.start..<(segment.start + segment.count) { body(fields[index]) }
        if !revisits.isEmpty, let more = revisits[entry] { for field in more { body(field) } }
    }

    /// The patch of `entry`, its values decoded from `values` (the bytes of ``values``).
    func patch(of entry: Int, values bytes: UnsafeRawBufferPointer) -> RecordPatch {
        var values: [String: RecordValue] = [:]
        if let base = bytes.baseAddress {
            forEachField(of: entry) { field in
                var cursor = field.start
                values[keys.keys[Int(field.key)]] = EncodedBytes.value(base, &cursor)
            }
        }
        return RecordPatch(typename: typename(of: entry), values: values)
    }

    /// The batch as record patches, in ``order``.
    func patches() -> [DataID: RecordPatch] {
        var patches: [DataID: RecordPatch] = Dictionary(minimumCapacity: count)
        values.withBytes { bytes in
            guard let base = bytes.baseAddress else {
                for entry in 0..<count {
                    patches[dataID(of: entry)] = RecordPatch(typename: typename(of: entry), values: [:])
                }
                return
            }
            for entry in 0..<count {
                var values: [String: RecordValue] = [:]
                forEachField(of: entry) { field in
                    var cursor = field.start
                    values[keys.keys[Int(field.key)]] = EncodedBytes.value(base, &cursor)
                }
                patches[dataID(of: entry)] = RecordPatch(typename: typename(of: entry), values: values)
            }
        }
        return patches
    }
}
