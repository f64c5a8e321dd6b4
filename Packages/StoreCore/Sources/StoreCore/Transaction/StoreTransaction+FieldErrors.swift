import GraphQLCore

extension StoreTransaction {
    /// Stages `data` with its field errors, as ``Store/publish(_:to:requestedAt:fieldErrors:)`` writes
    /// them: each error whose path reaches a `null` of the data is staged there
    /// (``RecordValue/fieldError(_:)``). A mutation's answer written with its updater or after its
    /// optimistic layer keeps its errors as a query's answer does.
    ///
    /// Returns which of `fieldErrors` were staged, by index. Throws ``StoreError`` when the data does
    /// not fit the selection, staging nothing of it.
    @discardableResult
    public mutating func publish(
        _ data: JSONValue, to root: StoreRoot, fieldErrors: [FieldError]
    ) throws(StoreError) -> Set<Int> {
        let (batch, pages, stored) = try store.normalizeBatch(data, root, fieldErrors: fieldErrors)
        try stage(batch.patches(), order: batch.order, pages: pages)
        return stored
    }
}
