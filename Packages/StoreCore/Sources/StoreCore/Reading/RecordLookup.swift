/// What the reading walks (reader, data checker, reference marker) read records through: the
/// store's state, which puts the optimistic overlay over the record source.
///
/// A generic parameter rather than an existential, so each walk is specialized and a lookup is a
/// direct call.
protocol RecordLookup {
    func lookupRecord(_ dataID: DataID) -> RecordView?
    func lookupRecord(_ dataID: DataID, hint: inout Int) -> RecordView?
    /// The record a link names, looked for first at `hint` as ``lookupRecord(_:hint:)`` does.
    func lookupRecord(_ link: LinkTarget, hint: inout Int) -> RecordView?
    /// The key table the in-memory source's records name their fields by, or `nil` for another
    /// source: a walk resolves each compiled field's storage key in it once (``FieldKeys``).
    var keyTable: RecordKeyTable? { get }
    /// The in-memory source, when every record a walk reads is in it as it lies (no optimistic
    /// layer or staged patch over it): the reader then finds records by position and follows links
    /// by their bytes.
    var directSource: InMemoryRecordSource? { get }
    /// How a walk finds a field its record lacks (a `@fieldPolicy` redirect, a missing-field
    /// handler), or `nil` to find none.
    var resolver: MissingFieldResolver? { get }
}

extension RecordLookup {
    /// The record with this ID; `hint` says where it was found last time, when the lookup can use
    /// one (``StoreRecords`` over the in-memory source). Others ignore it.
    func lookupRecord(_ dataID: DataID, hint: inout Int) -> RecordView? { lookupRecord(dataID) }

    /// No key table: fields are looked up by storage key.
    var keyTable: RecordKeyTable? { nil }

    /// No source read directly: every record goes through ``lookupRecord(_:)``.
    var directSource: InMemoryRecordSource? { nil }

    /// No redirects.
    var resolver: MissingFieldResolver? { nil }

    /// The record a link names, through its ID.
    func lookupRecord(_ link: LinkTarget, hint: inout Int) -> RecordView? { lookupRecord(link.dataID, hint: &hint) }
}
