import GraphQLCore
import StoreCore

extension StoreRoot {
    /// Whether a read of this root gives the same data as a read of `other`: the same record, the
    /// same selection, and the same fields added by the client.
    ///
    /// Two documents can send one text (so share one root entry and one fetch) and still read
    /// different fields: the compiler adds `__typename` and `id` to what it sends, and a read leaves
    /// out what the client added (decision 0113). A generated operation's text writes those fields
    /// out, so its reads keep them, while the app's hand-written document of the same query does
    /// not. Selection equality ignores the marks, so they are compared here, level by level.
    func readsTheSame(as other: StoreRoot) -> Bool {
        guard self == other else { return false }
        var pending = [(selectionSet, other.selectionSet)]
        while let (left, right) = pending.popLast() {
            // Operations compiled from one document share their selections' storage: nothing to walk.
            if Self.sameStorage(left, right) { continue }
            guard left.selections.count == right.selections.count else { return false }
            for (mine, theirs) in zip(left.selections, right.selections) {
                switch (mine, theirs) {
                case (.field(let mine), .field(let theirs)):
                    guard mine.isAddedByClient == theirs.isAddedByClient else { return false }
                    if let mine = mine.selectionSet, let theirs = theirs.selectionSet { pending.append((mine, theirs)) }
                case (.typeCase(let mine), .typeCase(let theirs)):
                    pending.append((mine.selectionSet, theirs.selectionSet))
                case (.conditional(let mine), .conditional(let theirs)):
                    pending.append((mine.selectionSet, theirs.selectionSet))
                default:
                    return false
                }
            }
        }
        return true
    }

    /// Whether this root's selections and `other`'s are in one storage: roots of operations compiled
    /// from one document, which read the same fields of the same record when they are roots of one
    /// entry (one identity: one text and one set of variables). A root kept in an entry keeps its
    /// storage alive, so another document's cannot take its address.
    func sharesSelections(with other: StoreRoot) -> Bool {
        Self.sameStorage(selectionSet, other.selectionSet)
    }

    /// Whether two selection sets' selections are one array's storage.
    private static func sameStorage(_ left: CompiledSelectionSet, _ right: CompiledSelectionSet) -> Bool {
        left.selections.withUnsafeBufferPointer(\.baseAddress)
            == right.selections.withUnsafeBufferPointer(\.baseAddress)
    }
}
