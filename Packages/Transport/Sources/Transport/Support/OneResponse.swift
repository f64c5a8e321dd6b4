import Primitives

/// Lets the unfolding stream of a query or a mutation produce its one response: the first ``take()`` is `true`,
/// every later one `false`.
final class OneResponse: Sendable {
    private let taken = Locked(false)

    func take() -> Bool {
        taken.withLock { taken in
            defer { taken = true }
            return !taken
        }
    }
}
