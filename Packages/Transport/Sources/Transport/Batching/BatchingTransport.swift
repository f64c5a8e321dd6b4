import Primitives

/// A transport that gathers the queries and mutations sent within a short window (or up to a count)
/// and sends them to its base in one exchange (for ``HTTPTransport``, one POST of a JSON array),
/// then hands each caller its own answer: the several queries of one screen cost one round trip.
///
/// The first request of an empty batch opens the window (``Options/window``); the batch goes when the
/// window ends, when it holds ``Options/maximumBatchSize`` requests, or when ``flush()`` is called,
/// whichever comes first. A batch of one is sent as a plain request.
///
/// - Answers: the base answers in the order it was sent, and each answer goes to the caller at that
///   place. A request the server refused alone (its GraphQL errors) fails only that caller, as a
///   response with `errors`. A batch that fails as a whole fails each of its callers with the same
///   ``TransportError``; a base that answers with a different number of responses fails the batch
///   with ``TransportError/Code/invalidResponse``.
/// - Order: requests go in the order they were sent, and a batch that holds a mutation is sent only
///   after the previous batch with a mutation has its answer, so mutations run in the order they
///   were sent (a server runs a batch's requests in order).
/// - Opting out: a request ``Options/isBatched`` declines goes straight to the base (by default
///   subscriptions, `@defer`/`@stream` requests and requests with their own headers, which a batch
///   of one header set cannot carry). A request with files (``GraphQLRequest/uploads``) always
///   goes alone: a batch's JSON body cannot carry them.
/// - Limits: with ``Options/limit``, a batch holds one permit of the ``ConcurrencyLimit`` while it is
///   in flight, and so does a request that goes alone.
/// - Cancellation: a caller cancelled before its batch goes leaves it; one cancelled after gets
///   ``TransportError/Code/cancelled`` at once, and its answer is dropped when the batch returns.
public final class BatchingTransport: Transport {
    /// How a ``BatchingTransport`` gathers requests.
    public struct Options: Sendable {
        /// The most requests in one batch; the batch goes as soon as it has this many.
        public var maximumBatchSize: Int
        /// How long the first request of a batch waits for others to join it.
        public var window: Duration
        /// The limit each exchange with the base waits for, when there is one.
        public var limit: ConcurrencyLimit?
        /// Whether a request may join a batch; one it declines goes to the base alone.
        public var isBatched: @Sendable (GraphQLRequest) -> Bool

        /// Options with the given size, window and limit; `isBatched` defaults to
        /// ``BatchingTransport/isBatchedByDefault(_:)``.
        public init(
            maximumBatchSize: Int = 10, window: Duration = .milliseconds(10), limit: ConcurrencyLimit? = nil,
            isBatched: @escaping @Sendable (GraphQLRequest) -> Bool = BatchingTransport.isBatchedByDefault
        ) {
            self.maximumBatchSize = max(1, maximumBatchSize)
            self.window = window
            self.limit = limit
            self.isBatched = isBatched
        }
    }

    private struct State {
        var gathered: [BatchSlot] = []
        var window: Task<Void, Never>?
        var lastMutationBatch: Task<Void, Never>?
    }

    /// The transport each batch is sent through.
    public let base: any BatchSendingTransport
    /// How requests are gathered.
    public let options: Options
    private let sleep: @Sendable (Duration) async throws -> Void
    private let state = Locked(State())

    /// `base`, with its queries and mutations gathered per `options`. `sleep` waits out the window;
    /// tests inject one they end themselves (or call ``flush()``), so that they never wait on a clock.
    public init(
        _ base: any BatchSendingTransport, options: Options = Options(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.base = base
        self.options = options
        self.sleep = sleep
    }

    /// Whether a request joins a batch unless the app says otherwise: queries and mutations without
    /// `@defer`/`@stream` and without headers of their own.
    public static func isBatchedByDefault(_ request: GraphQLRequest) -> Bool {
        request.kind != .subscription && !request.usesIncrementalDelivery && request.headers.isEmpty
    }

    /// How many requests wait for the current batch to go.
    public var gatheredCount: Int { state.withLock { $0.gathered.count } }

    /// Sends `request` in the next batch, or alone when ``Options/isBatched`` declines it; see
    /// ``Transport/execute(_:)``.
    public func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        // A batch is one JSON body, which cannot carry files: a request with uploads always goes alone.
        guard request.uploads.isEmpty, options.isBatched(request) else {
            guard let limit = options.limit else { return base.execute(request) }
            return LimitedTransport(base, limit: limit).execute(request)
        }
        let once = OneResponse()
        return AsyncThrowingStream { [self] in
            guard once.take() else { return nil }
            return try await gather(request)
        }
    }

    /// Sends the requests gathered so far now, without waiting for the window to end.
    public func flush() {
        state.withLock { send(&$0) }
    }

    /// Waits in the current batch for `request`'s answer.
    private func gather(_ request: GraphQLRequest) async throws -> GraphQLResponse {
        let slot = BatchSlot(request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard slot.wait(continuation) else { return }
                state.withLock { state in
                    state.gathered.append(slot)
                    if state.gathered.count >= options.maximumBatchSize {
                        send(&state)
                    } else if state.window == nil {
                        state.window = Task { [self, sleep, window = options.window] in
                            do { try await sleep(window) } catch { return }
                            flush()
                        }
                    }
                }
            }
        } onCancel: {
            if slot.cancel() {
                state.withLock { $0.gathered.removeAll { $0 === slot } }
            }
        }
    }

    /// Starts sending the gathered requests as one batch. Runs inside the lock, so that batches start
    /// in the order they were gathered and each mutation batch knows the one before it.
    private func send(_ state: inout State) {
        state.window?.cancel()
        state.window = nil
        let slots = state.gathered.filter { !$0.isCancelled }
        state.gathered = []
        guard !slots.isEmpty else { return }
        let hasMutation = slots.contains { $0.request.kind == .mutation }
        let previous = hasMutation ? state.lastMutationBatch : nil
        let task = Task { [base, limit = options.limit] in
            await previous?.value
            let result = await Self.exchange(slots.map(\.request), base: base, limit: limit)
            switch result {
            case .success(let responses):
                for (slot, response) in zip(slots, responses) { slot.resolve(.success(response)) }
            case .failure(let error):
                for slot in slots { slot.resolve(.failure(error)) }
            }
        }
        if hasMutation { state.lastMutationBatch = task }
    }

    /// One exchange with the base: a plain request for a batch of one, else a batch, holding a permit
    /// of `limit` when there is one.
    private static func exchange(
        _ requests: [GraphQLRequest], base: any BatchSendingTransport, limit: ConcurrencyLimit?
    ) async -> Result<[GraphQLResponse], any Error> {
        if let limit {
            do {
                try await limit.acquire()
            } catch {
                return .failure(TransportError(.cancelled, "cancelled while waiting for a permit"))
            }
        }
        defer { limit?.release() }
        do {
            if requests.count == 1 {
                return .success([try await base.response(for: requests[0])])
            }
            let responses = try await base.responses(forBatch: requests)
            guard responses.count == requests.count else {
                throw TransportError(
                    .invalidResponse, "the base answered a batch of \(requests.count) with \(responses.count) responses"
                )
            }
            return .success(responses)
        } catch {
            return .failure(error)
        }
    }
}
