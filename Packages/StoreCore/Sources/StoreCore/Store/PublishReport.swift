/// What one write did: the records whose stored values changed, and how many subscriptions it
/// told. The layer above logs the counts and needs no side channel through the callbacks to get
/// them.
public struct PublishReport: Sendable, Hashable {
    /// The IDs of the records whose stored values changed.
    public var changedRecords: Set<DataID>
    /// How many subscriptions were handed a new snapshot by this write (0 inside a ``Store/batch(_:)``,
    /// whose end tells them).
    public var notifiedSubscriptions: Int
    /// Which of the field errors handed to the write it stored in the records, by their index in
    /// that list (empty when none were handed).
    public var storedFieldErrors: Set<Int> = []

    /// A report from its parts.
    public init(changedRecords: Set<DataID>, notifiedSubscriptions: Int) {
        self.changedRecords = changedRecords
        self.notifiedSubscriptions = notifiedSubscriptions
    }
}
