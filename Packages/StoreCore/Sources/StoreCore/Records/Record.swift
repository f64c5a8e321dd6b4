import Primitives

/// One normalized object: its data ID, its typename and its fields by storage key, each with the
/// instant it was last written.
///
/// A value type: a record in a record source is one dictionary buffer, and its storage keys are
/// mostly small strings that Swift keeps inline, or strings shared with the compiled selection.
public struct Record: Sendable, Hashable {
    /// The record's key.
    public let dataID: DataID
    /// The object's `__typename`, when the response had it.
    public var typename: String?
    /// The fields by storage key.
    public var fields: [String: RecordField]

    /// A record from its parts (for record sources that load records from storage).
    public init(dataID: DataID, typename: String?, fields: [String: RecordField] = [:]) {
        self.dataID = dataID
        self.typename = typename
        self.fields = fields
    }

    /// The value stored under `storageKey`, or `nil` when that field was never written.
    @inlinable public subscript(storageKey: String) -> RecordValue? { fields[storageKey]?.value }
}

/// A field's stored value and the instant it was last written (or confirmed by a response).
public struct RecordField: Sendable, Hashable {
    /// The value.
    public var value: RecordValue
    /// When a response last wrote this field, even with an equal value.
    public var writtenAt: WallInstant

    /// A field value written at an instant.
    @inlinable public init(value: RecordValue, writtenAt: WallInstant) {
        self.value = value
        self.writtenAt = writtenAt
    }
}

extension Record {
    /// Merges `patch` into `record`: its typename (when it has one) and its values, stamped
    /// `writtenAt`; fields the patch does not name are kept. Record sources use it to apply a batch.
    public static func merge(_ patch: RecordPatch, writtenAt: WallInstant, into record: inout Record) {
        if let typename = patch.typename { record.typename = typename }
        record.fields.reserveCapacity(record.fields.count + patch.values.count)
        for (key, value) in patch.values { record.fields[key] = RecordField(value: value, writtenAt: writtenAt) }
    }

    /// Merges `patch` into this record (``merge(_:writtenAt:into:)``), for a record reached through
    /// an optional in place.
    mutating func apply(_ patch: RecordPatch, writtenAt: WallInstant) {
        Record.merge(patch, writtenAt: writtenAt, into: &self)
    }
}
