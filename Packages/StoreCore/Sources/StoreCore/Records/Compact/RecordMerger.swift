import Primitives

/// Merges a patch into a record's bytes (`RecordEncoding`), and says what the patch changed.
///
/// Works on bytes only: the patch's values are encoded once, compared with the stored values byte
/// for byte (the encoding is canonical, so equal values have equal bytes), and the fields the patch
/// does not name are copied as they lie, with only their age recomputed. No stored value is decoded
/// and no stored key or value is retained. One merger is reused for a whole batch, so its buffers
/// are allocated once.
struct RecordMerger {
    /// What a patch changed in its record.
    enum Change {
        /// Nothing: every value written was equal to the one stored (write times may still move).
        case none
        /// Some fields' values, by key index (new fields included).
        case fields
        /// The typename, or the record is new.
        case record
    }

    private var values = RecordByteWriter(capacity: 512)
    private var patchFields: [(key: UInt32, start: Int, end: Int)] = []
    /// Each field of a normalized batch's entry, in walk order, before sorting and deduplication.
    private var written: [(key: UInt32, order: Int, start: Int, end: Int)] = []
    private var storedFields: [(key: UInt32, writtenAt: Int64, start: Int, end: Int)] = []
    /// The merged record's bytes after ``merge(_:into:writtenAt:keys:)``.
    private(set) var output = RecordByteWriter(capacity: 512)
    /// The key indices of the fields whose value changed (or that are new), after a merge.
    private(set) var changedKeys: [UInt32] = []

    init() {}

    /// Builds in ``output`` the bytes of `stored` (a record's bytes, or `nil` for a new record) with
    /// `patch` merged in, its fields stamped `writtenAt`; returns what changed.
    mutating func merge(
        _ patch: RecordPatch, into stored: UnsafeRawBufferPointer?, writtenAt: WallInstant,
        keys: inout RecordKeyTable
    ) -> Change {
        values.removeAll()
        patchFields.removeAll(keepingCapacity: true)
        for (key, value) in patch.values {
            let start = values.count
            values.value(value)
            patchFields.append((keys.intern(key), start, values.count))
        }
        patchFields.sort { $0.key < $1.key }
        let patchTypename = patch.typename.map { keys.intern($0) }
        // A local copy (a retain, the buffer is not copied), so the closure may change `self`.
        let patchValues = values
        return patchValues.withBytes { merge(typename: patchTypename, values: $0, into: stored, writtenAt: writtenAt) }
    }

    /// ``merge(_:into:writtenAt:keys:)`` for the entry `entry` of a normalized batch, its keys
    /// mapped to the store's through `storeKeys` (by batch index).
    mutating func merge(
        _ entry: Int, of batch: NormalizedBatch, storeKeys: [UInt32],
        into stored: UnsafeRawBufferPointer?, writtenAt: WallInstant
    ) -> Change {
        written.removeAll(keepingCapacity: true)
        let typename = batch.typenameKey(of: entry).map { storeKeys[Int($0)] }
        // Read in place from the batch's run when one holds the entry's fields.
        let inPlace = batch.withFields(
            of: entry, { key, start, end in written.append((storeKeys[Int(key)], written.count, start, end)) }
        ) { bytes in
            sortWritten()
            return merge(typename: typename, values: bytes, into: stored, writtenAt: writtenAt)
        }
        if let inPlace { return inPlace }
        // An entry reached twice has its fields in two runs: copied into one buffer.
        values.removeAll()
        batch.forEachField(of: entry) { key, bytes in
            let start = values.count
            values.append(bytes)
            written.append((storeKeys[Int(key)], written.count, start, values.count))
        }
        sortWritten()
        // A local copy (a retain, the buffer is not copied), so the closure may change `self`.
        let patchValues = values
        return patchValues.withBytes { merge(typename: typename, values: $0, into: stored, writtenAt: writtenAt) }
    }

    /// Puts ``written``'s fields in ``patchFields`` by key, each key once: for one key the last
    /// written, as it would win.
    private mutating func sortWritten() {
        written.sort { $0.key != $1.key ? $0.key < $1.key : $0.order > $1.order }
        patchFields.removeAll(keepingCapacity: true)
        for field in written where patchFields.last?.key != field.key {
            patchFields.append((field.key, field.start, field.end))
        }
    }

    /// The merge of ``patchFields`` (sorted, each key once, their values in `values`) and
    /// `patchTypename` into `stored`.
    private mutating func merge(
        typename patchTypename: UInt32?, values patchBytes: UnsafeRawBufferPointer,
        into stored: UnsafeRawBufferPointer?,
        writtenAt: WallInstant
    ) -> Change {
        storedFields.removeAll(keepingCapacity: true)
        changedKeys.removeAll(keepingCapacity: true)
        output.removeAll()
        var storedTypename: UInt32?
        if let stored, let base = stored.baseAddress {
            storedTypename = Self.readFields(base, into: &storedFields)
        }
        var change = Change.none
        if stored == nil {
            change = .record
        } else if let patchTypename, patchTypename != storedTypename {
            change = .record
        }
        let typename = patchTypename ?? storedTypename
        let now = writtenAt.nanosecondsSince1970

        // The merged fields, in key order: a merge of two sorted lists.
        var newest = Int64.min
        var oldest = Int64.max
        var count = 0
        var patchIndex = 0
        var storedIndex = 0
        while patchIndex < patchFields.count || storedIndex < storedFields.count {
            let fromPatch: Bool
            if patchIndex == patchFields.count {
                fromPatch = false
            } else if storedIndex == storedFields.count {
                fromPatch = true
            } else {
                fromPatch = patchFields[patchIndex].key <= storedFields[storedIndex].key
            }
            let time = fromPatch ? now : storedFields[storedIndex].writtenAt
            newest = max(newest, time)
            oldest = min(oldest, time)
            count += 1
            if fromPatch {
                if storedIndex < storedFields.count, storedFields[storedIndex].key == patchFields[patchIndex].key {
                    if let stored, !Self.equal(patchFields[patchIndex], patchBytes, storedFields[storedIndex], stored) {
                        changedKeys.append(patchFields[patchIndex].key)
                    }
                    storedIndex += 1
                } else {
                    changedKeys.append(patchFields[patchIndex].key)
                }
                patchIndex += 1
            } else {
                storedIndex += 1
            }
        }
        if change == .none && !changedKeys.isEmpty { change = .fields }
        if count == 0 { newest = 0 }
        let withAges = count > 0 && oldest != newest

        output.byte(RecordEncoding.formatVersion)
        output.byte((typename == nil ? 0 : RecordFlags.typename) | (withAges ? RecordFlags.ages : 0))
        if let typename { output.varint(UInt64(typename)) }
        output.int64(newest)
        output.varint(UInt64(count))
        patchIndex = 0
        storedIndex = 0
        do {
            while patchIndex < patchFields.count || storedIndex < storedFields.count {
                let fromPatch: Bool
                if patchIndex == patchFields.count {
                    fromPatch = false
                } else if storedIndex == storedFields.count {
                    fromPatch = true
                } else {
                    fromPatch = patchFields[patchIndex].key <= storedFields[storedIndex].key
                }
                if fromPatch {
                    let field = patchFields[patchIndex]
                    if storedIndex < storedFields.count, storedFields[storedIndex].key == field.key { storedIndex += 1 }
                    patchIndex += 1
                    output.varint(UInt64(field.key))
                    if withAges { output.varint(UInt64(bitPattern: newest &- now)) }
                    output.append(UnsafeRawBufferPointer(rebasing: patchBytes[field.start..<field.end]))
                } else if let stored {
                    let field = storedFields[storedIndex]
                    storedIndex += 1
                    output.varint(UInt64(field.key))
                    if withAges { output.varint(UInt64(bitPattern: newest &- field.writtenAt)) }
                    output.append(UnsafeRawBufferPointer(rebasing: stored[field.start..<field.end]))
                }
            }
        }
        return change
    }

    private static func equal(
        _ patchField: (key: UInt32, start: Int, end: Int), _ patchBytes: UnsafeRawBufferPointer,
        _ storedField: (key: UInt32, writtenAt: Int64, start: Int, end: Int), _ stored: UnsafeRawBufferPointer
    ) -> Bool {
        let count = patchField.end - patchField.start
        guard count == storedField.end - storedField.start else { return false }
        return EncodedBytes.equal(
            patchBytes.baseAddress! + patchField.start, stored.baseAddress! + storedField.start, count: count)
    }

    /// Lists the fields of the record at `base` (its own bytes, trusted): each key, write time and
    /// value's byte range; returns its typename's key index.
    private static func readFields(
        _ base: UnsafeRawPointer, into fields: inout [(key: UInt32, writtenAt: Int64, start: Int, end: Int)]
    ) -> UInt32? {
        let flags = base.load(fromByteOffset: 1, as: UInt8.self)
        var cursor = 2
        let typename = flags & RecordFlags.typename == 0 ? nil : UInt32(EncodedBytes.varint(base, &cursor))
        let newest = EncodedBytes.int64(base, at: cursor)
        cursor += 8
        let count = EncodedBytes.varint(base, &cursor)
        for _ in 0..<count {
            let key = UInt32(EncodedBytes.varint(base, &cursor))
            let age = flags & RecordFlags.ages == 0 ? 0 : EncodedBytes.varint(base, &cursor)
            let start = cursor
            EncodedBytes.skipValue(base, &cursor)
            fields.append((key, newest &- Int64(bitPattern: age), start, cursor))
        }
        return typename
    }
}
