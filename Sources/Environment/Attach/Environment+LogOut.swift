import StoreCore

extension GraphQLEnvironment {
    /// Forgets everything of the user who leaves, in one call: the queued mutations (never sent;
    /// their optimistic layers are rolled back), then every record, remembered root, server hint
    /// and queued mutation the store keeps (`Store.removeAll()`, which also refuses the answers of
    /// requests sent before it). Release the leaving user's screens first: a screen still attached
    /// fetches its data again, for the next user. Returns how many records were removed.
    ///
    /// A queued mutation that a replay is sending at this moment is not taken back; the log-out
    /// only stops the replay from sending the next one.
    @discardableResult
    public func logOut() throws(StoreError) -> Int {
        let dropped = mutationQueue.withLock { $0.removeAll() }
        store.batch {
            for entry in dropped {
                if let layer = entry.layer { store.removeOptimistic(layer) }
            }
        }
        return try store.removeAll()
    }
}
