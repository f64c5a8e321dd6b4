/// A paged handle whose data is a Swift type: an infinite-scroll screen over a generated operation.
///
/// Made by ``GraphQLEnvironment/attachPaged(_:as:policy:)`` and the generated-operation `attachPaged`. It is
/// the ``PagedHandle`` (``paged``, which loads the pages) read through a ``TypedHandle`` (``typed``,
/// which decodes the whole list once per change of the phase); both views share one retention.
public final class TypedPagedHandle<Data: Decodable & Sendable>: Sendable {
    /// The untyped paged handle: its pages, its list, its errors.
    public let paged: PagedHandle
    /// The same handle read as `Data`.
    public let typed: TypedHandle<Data>

    init(paged: PagedHandle) {
        self.paged = paged
        self.typed = TypedHandle(handle: paged.handle)
    }

    /// What the screen shows: every page loaded so far, decoded (see ``TypedHandle/phase``).
    public var phase: TypedHandle<Data>.Phase { typed.phase }

    /// The data when the phase is loaded.
    public var data: Data? { typed.data }

    /// Whether the server has edges after the list's end (see ``PagedHandle/hasNext``).
    public var hasNext: Bool { paged.hasNext }

    /// Whether the server has edges before the list's start (see ``PagedHandle/hasPrevious``).
    public var hasPrevious: Bool { paged.hasPrevious }

    /// Whether a next page is in flight.
    public var isLoadingNext: Bool { paged.isLoadingNext }

    /// Whether a previous page is in flight.
    public var isLoadingPrevious: Bool { paged.isLoadingPrevious }

    /// The error of the last page that failed, until a page lands (see ``PagedHandle/pageError``).
    public var pageError: (any Error)? { paged.pageError }

    /// Loads the `count` edges after the list's end and returns the whole list decoded once they are
    /// on the handle; throws as ``PagedHandle/loadNext(_:)`` does, or ``HandleError`` with code
    /// ``HandleError/Code/dataMismatch`` when the list does not decode.
    @discardableResult
    public func loadNext(_ count: Int) async throws -> Data {
        try await paged.loadNext(count)
        return try shownData()
    }

    /// Loads the `count` edges before the list's start, as ``loadNext(_:)`` does at the other end.
    @discardableResult
    public func loadPrevious(_ count: Int) async throws -> Data {
        try await paged.loadPrevious(count)
        return try shownData()
    }

    /// Ends the retention (see ``Handle/release()``).
    public func release() { paged.release() }

    /// The data the phase shows, or its error.
    private func shownData() throws -> Data {
        switch typed.phase {
        case .loaded(let data): return data
        case .failed(let error): throw error
        case .loading:
            throw HandleError(
                .notLoaded, operationName: paged.handle.operation.name, message: "the handle shows no list yet")
        }
    }
}
