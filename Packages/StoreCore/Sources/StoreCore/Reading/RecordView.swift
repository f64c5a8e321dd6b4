import Primitives

/// A record as the store's walks (reader, data checker, collector) read it: where it lies in the
/// in-memory source's bytes, or a decoded ``Record`` (another source's, or an optimistic layer's).
///
/// The walks ask only for a typename and for fields by storage key, so the in-memory source's
/// records are never decoded whole; only the public ``Store/record(_:)`` builds a ``Record``
/// (decision 0140, option 3).
enum RecordView {
    case decoded(Record)
    case encoded(EncodedRecord)

    /// The record's typename, when it has one.
    var typename: String? {
        switch self {
        case .decoded(let record): record.typename
        case .encoded(let record): record.typename
        }
    }

    /// The field stored under `storageKey`, whose index in the in-memory source's key table is
    /// `index` (from ``FieldKeys``; `nil` when not resolved), or `nil` when it was never written.
    @inline(__always) func field(_ storageKey: String, index: UInt32?) -> FieldView? {
        var cursor = FieldCursor()
        return field(storageKey, index: index, cursor: &cursor)
    }

    /// ``field(_:index:)``, scanning an encoded record's fields from where `cursor` says the last
    /// one found ended when the key is larger (fields are in key order, and a selection usually
    /// asks for them in that order, so a record's fields are scanned once for all of them).
    @inline(__always) func field(_ storageKey: String, index: UInt32?, cursor: inout FieldCursor) -> FieldView? {
        switch self {
        case .decoded(let record): return record.fields[storageKey].map { .decoded($0) }
        case .encoded(let record):
            guard let index else { return record.field(storageKey).map { .encoded($0) } }
            if index == FieldKeys.absent { return nil }
            return record.field(index: UInt64(index), cursor: &cursor).map { .encoded($0) }
        }
    }

    /// The field stored under `storageKey`, or `nil` when it was never written.
    @inline(__always) func field(_ storageKey: String) -> FieldView? {
        switch self {
        case .decoded(let record): record.fields[storageKey].map { .decoded($0) }
        case .encoded(let record): record.field(storageKey).map { .encoded($0) }
        }
    }
}

/// One stored field as the walks read it: its write time, and its value decoded only when asked.
enum FieldView {
    case decoded(RecordField)
    case encoded(EncodedField)

    /// When the field was last written.
    var writtenAt: WallInstant {
        switch self {
        case .decoded(let field): field.writtenAt
        case .encoded(let field): field.writtenAt
        }
    }

    /// The value.
    var value: RecordValue {
        switch self {
        case .decoded(let field): field.value
        case .encoded(let field): field.value
        }
    }

    /// Calls `link` with each data ID the value links to (through nested lists): the ID itself for
    /// a decoded field, its text's bytes for an encoded one. Returns `false`, calling nothing, when
    /// the value is a scalar.
    func forEachLink(_ link: (LinkTarget) -> Void) -> Bool {
        forEachLink(link, fieldError: {})
    }

    /// ``forEachLink(_:)``, calling `fieldError` for each field error in place of a link or an item.
    func forEachLink(_ link: (LinkTarget) -> Void, fieldError: () -> Void) -> Bool {
        switch self {
        case .decoded(let field): return Self.visit(field.value, link, fieldError)
        case .encoded(let field): return field.forEachLink({ link(.utf8($0)) }, fieldError: fieldError)
        }
    }

    private static func visit(_ value: RecordValue, _ link: (LinkTarget) -> Void, _ fieldError: () -> Void) -> Bool {
        switch value {
        case .null: return true
        case .fieldError:
            fieldError()
            return true
        case .scalar: return false
        case .link(let dataID):
            link(.dataID(dataID))
            return true
        case .links(let items):
            for item in items { _ = visit(item, link, fieldError) }
            return true
        }
    }

    /// Whether the value is a link or a list of links, told without decoding it.
    var isLink: Bool {
        switch self {
        case .decoded(let field):
            switch field.value {
            case .link, .links: true
            case .null, .scalar, .fieldError: false
            }
        case .encoded(let field): field.tag == RecordTag.link || field.tag == RecordTag.links
        }
    }

    /// Whether the value is a field error, told without decoding it.
    var isFieldError: Bool {
        switch self {
        case .decoded(let field):
            if case .fieldError = field.value { true } else { false }
        case .encoded(let field): field.tag == RecordTag.fieldError
        }
    }
}
