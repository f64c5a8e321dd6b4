import EventLog
import GraphQLCore
import StoreCore
import Transport

extension GraphQLEnvironment {
    /// Attaches `operation` as ``attach(_:policy:)-(GraphQLOperation,_)`` does, for a screen that reads its
    /// `@connection` list page by page: the returned ``PagedHandle`` loads the next and previous
    /// pages into the list the store holds.
    ///
    /// The operation selects one `@connection(key:filters:)` field outside lists, which passes
    /// `first` and `after` (to page forward) and or `last` and `before` (to page backward) as
    /// variables, or, for an offset list, `offset` and `limit`. The variables the operation is made
    /// with ask for the first page: `first` (or `last`, for the list's end) with `after` and
    /// `before` null; for an offset list, `limit` with `offset` 0 or null. Throws ``HandleError``
    /// with code ``HandleError/Code/notPaged`` otherwise, attaching nothing.
    public func attachPaged(_ operation: GraphQLOperation, policy: FetchPolicy = .storeOrNetwork) throws
        -> PagedHandle
    {
        guard let connection = PagedConnection.unique(in: operation) else {
            throw HandleError(
                .notPaged, operationName: operation.name,
                message: "the operation must select exactly one @connection field outside lists")
        }
        let paging = connection.connection
        if paging.kind == .offset {
            guard paging.variable(forPagingArgument: "offset") != nil,
                paging.variable(forPagingArgument: "limit") != nil
            else {
                throw HandleError(
                    .notPaged, operationName: operation.name,
                    message: "the offset list must pass offset and limit as variables")
            }
            if let offset = paging.pagingValue("offset", variables: operation.variables), offset != .int(0) {
                throw HandleError(
                    .notPaged, operationName: operation.name,
                    message: "a paged operation starts at its list's start: offset must be 0 or null, not \(offset)")
            }
            return PagedHandle(handle: attach(operation, policy: policy), connection: connection, environment: self)
        }
        let forward =
            paging.variable(forPagingArgument: "first") != nil && paging.variable(forPagingArgument: "after") != nil
        let backward =
            paging.variable(forPagingArgument: "last") != nil && paging.variable(forPagingArgument: "before") != nil
        guard forward || backward else {
            throw HandleError(
                .notPaged, operationName: operation.name,
                message: "the connection must pass first and after, or last and before, as variables")
        }
        // The first page is the list: a page after or before a cursor extends a list the store
        // must already hold, which a screen's first fetch cannot assume.
        for cursor in ["after", "before"] where paging.pagingValue(cursor, variables: operation.variables) != nil {
            throw HandleError(
                .notPaged, operationName: operation.name,
                message:
                    "a paged operation starts at an end of its list: \(cursor) must be null in the variables it is attached with"
            )
        }
        return PagedHandle(handle: attach(operation, policy: policy), connection: connection, environment: self)
    }

    /// Sends the page `direction` asks for and writes it, which the store merges into the list.
    /// Logged as a fetch with reason `page`.
    func loadPage(of paged: PagedHandle, _ direction: PagedHandle.Direction, count: Int) async throws {
        let handle = paged.handle
        let root = handle.operation.identity
        // A fetch of the root in flight (a revalidation, a refetch) replaces the list when it
        // lands: a page sent now would follow the list's old end, to be dropped by that fetch or
        // refused after it. It waits, and pages from the end the fetch leaves. Once the page is
        // counted in flight, a fetch of the root waits for it instead (decision 0174).
        while let fetch = state.withLock({ $0.pageBegins(of: root) }) {
            paged.pass(.waitsForRootFetch)
            await waitForFetch(fetch, followingUp: true)
        }
        defer {
            var effects = Effects()
            state.withLock { $0.pageEnded(of: root, store: store, into: &effects) }
            perform(effects)
        }
        guard let position = paged.connection.position(in: handle.phase.snapshot?.data) else {
            throw HandleError(
                .notLoaded, operationName: handle.operation.name,
                message: "the handle shows no list yet to page from; nothing was sent")
        }
        let connection = paged.connection.connection
        if connection.kind == .offset {
            try await loadOffsetPage(of: paged, direction, count: count, shown: position.edgeCount)
            return
        }
        let (countArgument, cursorArgument, otherArguments) =
            direction == .next ? ("first", "after", ["last", "before"]) : ("last", "before", ["first", "after"])
        let atEnd = direction == .next ? position.hasNextPage : position.hasPreviousPage
        guard atEnd, let endCursor = direction == .next ? position.endCursor : position.startCursor else { return }
        guard let countVariable = connection.variable(forPagingArgument: countArgument),
            let cursorVariable = connection.variable(forPagingArgument: cursorArgument)
        else {
            throw HandleError(
                .notPaged, operationName: handle.operation.name,
                message:
                    "the connection does not pass \(countArgument) and \(cursorArgument) as variables; nothing was sent"
            )
        }
        var variables: JSONObject = [countVariable: .int(count), cursorVariable: .string(endCursor)]
        // The other direction's arguments are unset: a page asks for one end only.
        for name in otherArguments {
            if let variable = connection.variable(forPagingArgument: name) { variables[variable] = .null }
        }
        try await send(page: handle.operation.with(variables: variables))
    }

    /// An offset list's next page: `limit: count` at `offset:` the items shown. A page shorter than
    /// asked is the list's end (the server has no `pageInfo` to say so).
    private func loadOffsetPage(of paged: PagedHandle, _ direction: PagedHandle.Direction, count: Int, shown: Int)
        async throws
    {
        let handle = paged.handle
        guard direction == .next else {
            throw HandleError(
                .notPaged, operationName: handle.operation.name,
                message: "an offset list starts at offset 0 and pages forward only; nothing was sent")
        }
        guard paged.hasNext,
            let offsetVariable = paged.connection.connection.variable(forPagingArgument: "offset"),
            let limitVariable = paged.connection.connection.variable(forPagingArgument: "limit")
        else { return }
        let data = try await send(
            page: handle.operation.with(variables: [offsetVariable: .int(shown), limitVariable: .int(count)]))
        paged.noteOffsetPage(received: paged.connection.position(in: data)?.edgeCount ?? 0, asked: count)
    }

    /// One page's request and its write; the store merges it into the list, or refuses it whole.
    /// Returns the page's data.
    @discardableResult
    private func send(page: GraphQLOperation) async throws -> JSONValue {
        let requestedAt = store.requestInstant()
        log.record(EventMapping.fetchStarted(page, as: .page))
        let startedAt = ContinuousClock.now
        func failed(_ error: any Error) -> any Error {
            log.record(
                EventMapping.fetchFailed(page, as: .page, duration: ContinuousClock.now - startedAt, error: error))
            return error
        }
        let response: GraphQLResponse
        do {
            response = try await transport.response(for: GraphQLRequest(page))
        } catch {
            throw failed(Self.transportFailure(error))
        }
        guard response.hasData else { throw failed(Self.errorsWithoutData(response, answering: "the page")) }
        let report: PublishReport
        do {
            report = try answer(response, of: page, to: StoreRoot(operation: page), requestedAt: requestedAt)
        } catch {
            throw failed(error)
        }
        log.record(
            .published(
                recordsChanged: report.changedRecords.count, subscriptionsNotified: report.notifiedSubscriptions))
        log.record(EventMapping.fetchSucceeded(page, as: .page, duration: ContinuousClock.now - startedAt))
        return response.data ?? .null
    }
}
