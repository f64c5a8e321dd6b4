/// The roots of earlier launches that a persistent record source asks a collection to keep, and
/// how many records they may keep in all.
///
/// The roots come most recently used first. A collection marks what it is given and what live
/// subscriptions read first, then these roots in order until ``recordLimit`` records are marked:
/// the roots not reached by then are dropped (the least recently used ones), and their records go
/// unless something kept reaches them.
public struct PersistedRoots: Sendable {
    /// The roots, most recently used first.
    public var roots: [StoreRoot]
    /// How many records the kept roots may hold in all, or `nil` for no bound.
    public var recordLimit: Int?

    /// Roots to keep, and a bound on the records they keep.
    public init(roots: [StoreRoot] = [], recordLimit: Int? = nil) {
        self.roots = roots
        self.recordLimit = recordLimit
    }
}
