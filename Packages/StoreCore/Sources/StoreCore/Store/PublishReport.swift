/// What one write did: the records whose stored values changed, how many subscriptions it told,
/// and the caller's own subscription's new snapshot when it asked for it. The layer above logs the
/// counts and shows the snapshot, and needs no side channel through the callbacks to get them.
public struct PublishReport: Sendable, Hashable {
    /// The IDs of the records whose stored values changed.
    public var changedRecords: Set<DataID>
    /// How many subscriptions were handed a new snapshot by this write (0 inside a ``Store/batch(_:)``,
    /// whose end tells them).
    public var notifiedSubscriptions: Int
    /// Which of the field errors handed to the write it stored in the records, by their index in
    /// that list (empty when none were handed).
    public var storedFieldErrors: Set<Int> = []
    /// The new snapshot of the subscription the write reported to
    /// (``Store/publish(_:to:requestedAt:fieldErrors:reporting:)``), when the write changed what it
    /// reads: handed to the write's caller instead of the subscription's callback, as Relay's
    /// `notify(sourceOperation)` returns what the source operation's write updated. `nil` otherwise.
    public var snapshot: Snapshot?

    /// A report from its parts.
    public init(changedRecords: Set<DataID>, notifiedSubscriptions: Int) {
        self.changedRecords = changedRecords
        self.notifiedSubscriptions = notifiedSubscriptions
    }
}
