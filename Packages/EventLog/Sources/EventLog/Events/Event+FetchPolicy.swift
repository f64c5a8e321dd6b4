extension Event {
    /// The fetch policy an attach was made with, as the event log names it.
    ///
    /// EventLog imports nothing, so it keeps its own copy of the four policies; the runtime maps its
    /// policy to this one when it records ``Event/handleAttached(operation:identity:policy:)``.
    public enum FetchPolicy: String, Sendable, Hashable, CaseIterable {
        /// Reads the store and never fetches.
        case storeOnly
        /// Fetches when the store's data is missing or stale.
        case storeOrNetwork
        /// Shows the store's data and always fetches.
        case storeAndNetwork
        /// Fetches, and shows store data only after that fetch completes.
        case networkOnly
    }
}
