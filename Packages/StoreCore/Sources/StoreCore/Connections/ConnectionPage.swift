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
        /// An offset list's page at `offset` (above 0): its items take the list's positions from
        /// `offset` on; the list held must reach `offset`.
        case at(Int)
    }

    /// The record that holds the list: a cursor connection's record (one per parent record, key and
    /// filters, whatever the page), or an offset list's parent record.
    var record: DataID
    /// The field of ``record`` that holds the list: `edges`, or an offset list's storage key.
    var listKey: String
    var placement: Placement

    /// Whether the page is an offset list's (no `pageInfo`, merged by position).
    var isOffsetList: Bool { listKey != ConnectionMerge.edgesKey }
}
