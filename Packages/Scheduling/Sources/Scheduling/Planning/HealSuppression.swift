import GraphQLCore

/// The roots that are not healed until the store changes again: those whose own fetch completed and
/// still left them with missing data.
///
/// Without it, a server that keeps answering without a field the selection reads would be asked
/// again by every heal that its own answer triggers. The runtime tells it two things, in this order,
/// after each publish:
/// 1. ``storeChanged(affecting:)`` with the roots the publish changed, which lifts their suppression;
/// 2. when the publish wrote a root's own fetch, ``ownFetchCompleted(_:isMissingData:)`` for that
///    root, which suppresses it again if it still misses data.
///
/// So the root's own answer never lifts its suppression, and any later change to what it reads does.
@_spi(Runtime) public struct HealSuppression: Sendable, Hashable {
    private var suppressed: Set<OperationIdentity> = []

    /// Nothing suppressed.
    public init() {}

    /// The fetch for `root` completed and its response was written; `isMissingData` says whether the
    /// root still reads missing data.
    public mutating func ownFetchCompleted(_ root: OperationIdentity, isMissingData: Bool) {
        if isMissingData {
            suppressed.insert(root)
        } else {
            suppressed.remove(root)
        }
    }

    /// A publish changed data that `roots` read: they may be healed again.
    public mutating func storeChanged(affecting roots: some Sequence<OperationIdentity>) {
        for root in roots { suppressed.remove(root) }
    }

    /// Forgets a root that left the store's collection roots.
    public mutating func forget(_ root: OperationIdentity) {
        suppressed.remove(root)
    }

    /// Whether a heal of `root` is suppressed.
    public func isSuppressed(_ root: OperationIdentity) -> Bool {
        suppressed.contains(root)
    }
}
