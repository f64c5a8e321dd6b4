import Observation
import Primitives
import StoreCore

/// A handle on an operation whose `@connection` list is read page by page: an infinite-scroll
/// screen. What Relay's `usePaginationFragment` and TanStack's `useInfiniteQuery` give.
///
/// The list is one list in the store (the store merges each page into it), so ``handle``, and
/// every other handle on the operation, shows every edge loaded so far. ``loadNext(_:)`` and
/// ``loadPrevious(_:)`` ask the server for the page after the list's end (or before its start);
/// a second call while one is in flight joins it. A page that fails leaves the list as it was and
/// throws; the error stays in ``pageError`` until the next page lands. A revalidation, an
/// invalidation, a heal or a refetch of the operation is one request for the whole list from its
/// start, as many edges as are shown (decision 0164).
///
/// Observable: ``hasNext`` and ``hasPrevious`` follow the handle's phase; ``isLoadingNext``,
/// ``isLoadingPrevious`` and ``pageError`` are tracked here.
public final class PagedHandle: Sendable {
    /// Which end of the list a page extends.
    enum Direction: Sendable { case next, previous }

    /// The handle of the operation: its phase shows the whole list.
    public let handle: Handle
    let connection: PagedConnection
    private let environment: GraphQLEnvironment
    private let paging = Locked(PagingState())
    private let registrar = ObservationRegistrar()

    struct PagingState: Sendable {
        var next: Task<Void, any Error>?
        var previous: Task<Void, any Error>?
        var pageError: (any Error)?
        /// Whether an offset list's last page came back shorter than asked: the list's end.
        var offsetListEnded = false
        /// How often each ``Milestone`` was passed, for tests that must know a call got there.
        var milestones: [Milestone: Int] = [:]
        /// Who waits in ``PagedHandle/passed(_:times:)``.
        var milestoneWaiters: [(milestone: Milestone, count: Int, continuation: CheckedContinuation<Void, Never>)] =
            []

        /// Notes one more pass of `milestone` and returns the waiters it satisfies, to resume.
        mutating func pass(_ milestone: Milestone) -> [CheckedContinuation<Void, Never>] {
            milestones[milestone, default: 0] += 1
            let count = milestones[milestone, default: 0]
            var ready: [CheckedContinuation<Void, Never>] = []
            milestoneWaiters.removeAll { waiter in
                guard waiter.milestone == milestone, waiter.count <= count else { return false }
                ready.append(waiter.continuation)
                return true
            }
            return ready
        }
    }

    /// Points a page's call passes that a test cannot see from outside.
    enum Milestone: Sendable, Hashable {
        /// The call joined a page in flight.
        case joined
        /// The call waits for a fetch of the root in flight before it pages.
        case waitsForRootFetch
    }

    init(handle: Handle, connection: PagedConnection, environment: GraphQLEnvironment) {
        self.handle = handle
        self.connection = connection
        self.environment = environment
    }

    /// Whether ``loadNext(_:)`` can give more edges: the server has edges after the list's end, as
    /// the list shown says (`hasNextPage`), and the handle may ask for them. For an offset list,
    /// which says nothing of what follows: whether the list holds at least the `limit` the
    /// operation was attached with and no page came back shorter than asked. Always `false` for a
    /// handle attached `storeOnly`, which pages only within the store, and for a connection whose
    /// `pageInfo` selects no `hasNextPage` (a backward-only list).
    public var hasNext: Bool {
        guard handle.policy.allowsNetwork, let position else { return false }
        guard connection.connection.kind == .offset else { return position.hasNextPage }
        registrar.access(self, keyPath: \.hasNext)
        guard case .int(let limit)? = connection.connection.pagingValue("limit", variables: handle.operation.variables)
        else { return false }
        return position.edgeCount >= limit && !paging.withLock { $0.offsetListEnded }
    }

    /// Whether ``loadPrevious(_:)`` can give more edges: the server has edges before the list's start
    /// (`hasPreviousPage`) and the handle may ask for them. Always `false` for a `storeOnly` handle
    /// and for a connection whose `pageInfo` selects no `hasPreviousPage` (a forward-only feed).
    public var hasPrevious: Bool { handle.policy.allowsNetwork && (position?.hasPreviousPage ?? false) }

    /// How many edges the list shown holds.
    public var edgeCount: Int { position?.edgeCount ?? 0 }

    /// Whether a next page is in flight.
    public var isLoadingNext: Bool {
        registrar.access(self, keyPath: \.isLoadingNext)
        return paging.withLock { $0.next != nil }
    }

    /// Whether a previous page is in flight.
    public var isLoadingPrevious: Bool {
        registrar.access(self, keyPath: \.isLoadingPrevious)
        return paging.withLock { $0.previous != nil }
    }

    /// The error of the last page that failed (``FetchError``), until a page lands; the list
    /// shown is as it was before that page.
    public var pageError: (any Error)? {
        registrar.access(self, keyPath: \.pageError)
        return paging.withLock { $0.pageError }
    }

    /// Asks for the `count` edges after the list's end and merges them into it; returns once they
    /// are in the store and on the handle. Does nothing when ``hasNext`` is false. A call while a
    /// next page is in flight joins it (one request).
    ///
    /// Throws ``FetchError`` when the page fails (the list stays as it was), and ``HandleError``
    /// without sending anything when the handle was released, was attached `storeOnly` (which
    /// pages only within the store: it shows the list the store holds), shows no list yet, or
    /// `count` is not positive.
    public func loadNext(_ count: Int) async throws { try await load(.next, count: count) }

    /// Asks for the `count` edges before the list's start and merges them into it, as
    /// ``loadNext(_:)`` does at the other end (`last` and `before`).
    public func loadPrevious(_ count: Int) async throws { try await load(.previous, count: count) }

    /// Releases ``handle``.
    public func release() { handle.release() }

    /// How many calls joined a page in flight so far.
    var joinCount: Int { paging.withLock { $0.milestones[.joined, default: 0] } }

    /// Returns once calls have passed `milestone` `count` times in all: a test's way to know a
    /// call got there, without polling.
    func passed(_ milestone: Milestone, times count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = paging.withLock { state in
                if state.milestones[milestone, default: 0] >= count { return true }
                state.milestoneWaiters.append((milestone, count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Notes that a call passed `milestone`.
    func pass(_ milestone: Milestone) {
        for continuation in paging.withLock({ $0.pass(milestone) }) { continuation.resume() }
    }

    private var position: PagedConnection.Position? { connection.position(in: handle.phase.snapshot?.data) }

    private func load(_ direction: Direction, count: Int) async throws {
        guard count > 0 else {
            throw HandleError(
                .invalidPageCount, operationName: handle.operation.name,
                message: "a page of \(count) edges was asked for; nothing was sent")
        }
        guard handle.policy.allowsNetwork else {
            throw HandleError(
                .storeOnly, operationName: handle.operation.name,
                message: "a storeOnly handle pages only within the store; nothing was sent")
        }
        guard !handle.isReleased else {
            throw HandleError(
                .released, operationName: handle.operation.name, message: "the handle was released; nothing was sent")
        }
        let (task, started) = paging.withLock { state -> (Task<Void, any Error>, Bool) in
            let running = direction == .next ? state.next : state.previous
            if let running {
                for continuation in state.pass(.joined) { continuation.resume() }
                return (running, false)
            }
            let task = Task { [self] in
                do {
                    try await environment.loadPage(of: self, direction, count: count)
                    finish(direction, error: nil)
                } catch {
                    finish(direction, error: error)
                    throw error
                }
            }
            if direction == .next { state.next = task } else { state.previous = task }
            return (task, true)
        }
        if started { notifyObservers() }
        try await task.value
    }

    private func finish(_ direction: Direction, error: (any Error)?) {
        paging.withLock { state in
            if direction == .next { state.next = nil } else { state.previous = nil }
            state.pageError = error
        }
        notifyObservers()
    }

    /// Notes an offset list's page of `received` items when `asked` were asked for.
    func noteOffsetPage(received: Int, asked: Int) {
        paging.withLock { $0.offsetListEnded = received < asked }
        registrar.withMutation(of: self, keyPath: \.hasNext) {}
    }

    private func notifyObservers() {
        registrar.withMutation(of: self, keyPath: \.isLoadingNext) {}
        registrar.withMutation(of: self, keyPath: \.isLoadingPrevious) {}
        registrar.withMutation(of: self, keyPath: \.pageError) {}
    }
}

extension PagedHandle: Observable {}
