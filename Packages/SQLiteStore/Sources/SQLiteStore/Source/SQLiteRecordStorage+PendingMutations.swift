import Primitives
@_spi(RecordFormat) import StoreCore

extension SQLiteRecordStorage {
    /// The queued mutations in the file, by sequence; none when they cannot be read (logged).
    func pendingMutations() -> [PendingMutation] {
        var mutations: [PendingMutation] = []
        do {
            try connection.run("SELECT id, scope, sequence, queuedAt, payload FROM pending ORDER BY sequence") {
                (row: SQLiteRow) throws(SQLiteStoreError) in
                guard let id = row[0].text, let scope = row[1].text, let sequence = row[2].integer,
                    let queuedAt = row[3].integer, let payload = row[4].blob
                else { throw SQLiteStoreError(.corrupt, "a queued mutation's row has a column of the wrong type") }
                mutations.append(
                    PendingMutation(
                        id: id, scope: scope, sequence: sequence,
                        queuedAt: WallInstant(nanosecondsSince1970: queuedAt), payload: payload))
            }
        } catch {
            failed(error, reading: true)
            return []
        }
        return mutations
    }

    /// Keeps `mutation` in one transaction (replacing a row with its ID); throws having kept
    /// nothing. One statement outside a transaction is SQLite's own transaction (autocommit): as
    /// atomic and as durable as `BEGIN`/`COMMIT` around it, for one statement instead of three.
    func keepPendingMutation(_ mutation: PendingMutation) throws(SQLiteStoreError) {
        if let damage { throw damage }
        do {
            try connection.run(
                "INSERT OR REPLACE INTO pending (id, scope, sequence, queuedAt, payload) VALUES (?, ?, ?, ?, ?)",
                [
                    .text(mutation.id), .text(mutation.scope), .integer(mutation.sequence),
                    .integer(mutation.queuedAt.nanosecondsSince1970), .blob(mutation.payload),
                ])
        } catch {
            failed(error, reading: false)
            throw error
        }
    }

    /// Forgets the queued mutation `id`. A delete that fails is logged: the mutation is sent again
    /// in a later launch, which its idempotence ID makes harmless.
    func removePendingMutation(id: String) {
        guard damage == nil else { return }
        do {
            try connection.run("DELETE FROM pending WHERE id = ?", [.text(id)])
        } catch {
            failed(error, reading: false)
        }
    }
}
