import Synchronization

/// Lets the unfolding stream of a query or a mutation produce its one response: the first ``take()`` is `true`,
/// every later one `false`.
final class OneResponse: Sendable {
    private let taken = Atomic<Bool>(false)

    func take() -> Bool { !taken.exchange(true, ordering: .relaxed) }
}
