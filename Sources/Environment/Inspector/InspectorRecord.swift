import Primitives

/// One record as the store inspector shows it: its fields' kinds and sizes, its links, and the
/// roots that read it; its values only when the app allows them (they are user data).
@_spi(Inspector) public struct InspectorRecord: Sendable, Hashable {
    /// One field of the record.
    public struct Field: Sendable, Hashable {
        /// The storage key (the field's name and arguments).
        public var key: String
        /// `null`, `string`, `number`, `boolean`, `object`, `array`, `link` or `links`.
        public var kind: String
        /// The value's size in bytes as JSON (a link's: its ID's).
        public var bytes: Int
        /// The value as JSON, only when values are shown; truncated to `EnvironmentInspection.maxValueBytes`.
        public var value: String?
        /// The records it links to.
        public var links: [String]
        /// When it was written.
        public var writtenAt: WallInstant
    }

    /// The record's ID.
    public var id: String
    /// Its `__typename`, when known.
    public var typename: String?
    /// Its fields, by key.
    public var fields: [Field]
    /// The identities of the roots whose data reads it.
    public var readBy: [String]
    /// The latest of its fields' write times.
    public var writtenAt: WallInstant?
}

/// A line of the inspector's record list: ID, type, how many fields.
@_spi(Inspector) public struct InspectorRecordSummary: Sendable, Hashable {
    /// The record's ID.
    public var id: String
    /// Its `__typename`, when known.
    public var typename: String?
    /// How many fields it has.
    public var fieldCount: Int
}
