/// One page of a `@connection` field that a response writes, noted by the normalizer for the merge
/// that puts its edges into the list the store holds (``ConnectionMerge``).
struct ConnectionPage: Sendable, Hashable {
    /// Where the page goes in the list, from the paging arguments it was asked with.
    enum Placement: Sendable, Hashable {
        /// Neither `after` nor `before`: the list from its start, which replaces the list held.
        case replacing
        /// `after: cursor`: appended when the list held ends at `cursor`.
        case after(String)
        /// `before: cursor`: prepended when the list held starts at `cursor`.
        case before(String)
    }

    /// The connection record (one per parent record, key and filters, whatever the page).
    var record: DataID
    var placement: Placement
}
