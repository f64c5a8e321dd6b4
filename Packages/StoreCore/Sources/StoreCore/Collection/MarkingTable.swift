/// Where a collection keeps its marks of the record source's records, and how it finds the record
/// to walk from a marked ID.
protocol MarkingTable {
    /// Marks the source's record `dataID` and returns it, or `nil` when the source has none.
    mutating func mark(_ dataID: DataID) -> RecordView?
    /// Marks the record a link names, as ``mark(_:)-(DataID)`` does.
    mutating func mark(_ link: LinkTarget) -> RecordView?
    /// How many of the source's records are marked: when it equals the source's count, nothing is
    /// left to sweep.
    var markedRecords: Int { get }
    /// The key table the source's encoded records name their fields by, or `nil` (``FieldKeys``).
    var keyTable: RecordKeyTable? { get }
}

extension MarkingTable {
    /// Marks the record a link names, through its ID.
    mutating func mark(_ link: LinkTarget) -> RecordView? { mark(link.dataID) }

    /// No key table: fields are looked up by storage key.
    var keyTable: RecordKeyTable? { nil }
}

/// Marks the in-memory source's records by position, in a bit set.
///
/// Records lie in the order responses reached them, which is the order a walk along the same
/// selections reaches them, so the record after the last one marked is usually the next one asked
/// for: that slot is compared first, and the table from ID to position is probed only when it is
/// not the one. (The probe is the walk's only random access into memory that grows with the store.)
struct PositionMarkingTable: MarkingTable {
    private let source: InMemoryRecordSource
    private(set) var marks: RecordMarks
    private(set) var markedRecords = 0
    /// The position after the record marked last.
    private var next = 0

    init(source: InMemoryRecordSource) {
        self.source = source
        self.marks = RecordMarks(capacity: source.positions)
    }

    /// The source's key table.
    var keyTable: RecordKeyTable? { source.keys }

    mutating func mark(_ dataID: DataID) -> RecordView? {
        let position: Int?
        if source.holds(dataID, at: next) {
            position = next
        } else {
            position = source.position(of: dataID)
        }
        guard let position else { return nil }
        next = position + 1
        if marks.insert(position) { markedRecords += 1 }
        return source.view(at: position)
    }

    /// Marks the record a link in the source's bytes names, found by the link's bytes.
    mutating func mark(_ link: LinkTarget) -> RecordView? {
        guard case .utf8(let bytes) = link else { return mark(link.dataID) }
        let position: Int?
        if source.holds(utf8: bytes, at: next) {
            position = next
        } else {
            position = source.position(ofUTF8: bytes)
        }
        guard let position else { return nil }
        next = position + 1
        if marks.insert(position) { markedRecords += 1 }
        return source.view(at: position)
    }
}

/// Marks any source's records by ID, in a set the sweep hands to ``RecordSource/removeAll(notIn:)``.
struct IdentifierMarkingTable<Source: RecordSource>: MarkingTable {
    private let source: Source
    private(set) var marked: Set<DataID> = []
    private(set) var markedRecords = 0

    init(source: Source) {
        self.source = source
        marked.reserveCapacity(source.count)
    }

    mutating func mark(_ dataID: DataID) -> RecordView? {
        guard let stored = source.record(for: dataID) else { return nil }
        if marked.insert(dataID).inserted { markedRecords += 1 }
        return .decoded(stored)
    }
}
