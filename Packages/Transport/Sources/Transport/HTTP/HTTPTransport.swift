import Foundation
import GraphQLCore
import Primitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``Transport`` that speaks GraphQL over HTTP with URLSession.
///
/// Queries and mutations follow the GraphQL-over-HTTP spec: a POST with a JSON body (or a GET for
/// queries, when ``Options/usesGETForQueries`` is set), answered with
/// `application/graphql-response+json` or `application/json`. Subscriptions use GraphQL over
/// Server-Sent Events (the `graphql-sse` protocol's distinct-connections mode): one POST whose
/// answer is a `text/event-stream` of `next` events ended by `complete`.
///
/// A request with `@defer` or `@stream` (``GraphQLRequest/usesIncrementalDelivery``) accepts
/// `multipart/mixed; incrementalSpec=v0.2` and yields the initial part, then one response per later
/// part (``GraphQLResponse/increments``) as each arrives, finishing after the part with
/// `hasNext: false`; a server that answers in one piece gives one response. Such a request is sent
/// as text, without the persisted-query exchange.
///
/// A request with files (``GraphQLRequest/uploads``) is sent as a GraphQL multipart request
/// (`multipart/form-data` with `operations`, `map` and one part per file), its body streamed from a
/// temporary file, with its text; each `Upload.progress` follows the bytes sent.
///
/// ``Options/persistedOperations`` sends the SHA-256 of the text instead of it: with the automatic
/// fallback to the text, or alone for a server that safelists a registered manifest.
///
/// GraphQL errors with or without partial data come back as responses; every other failure is a
/// ``TransportError``. Nothing is retried: wrap it in ``RetryingTransport`` for that.
public final class HTTPTransport: Transport {
    /// The GraphQL endpoint.
    public let url: URL
    /// The session queries and mutations run on, on Apple platforms. Every request uses its
    /// configuration; streams, uploads and, on Linux, queries and mutations run on sessions the
    /// transport makes from it, without a URL cache (swift-corelibs-foundation traps or deadlocks when
    /// its own `data(for:)`, or a task that looks in a URL cache, is cancelled at the wrong moment).
    public let session: URLSession
    /// How requests are sent.
    public let options: Options

    /// Streams for subscriptions and incremental answers. A separate session with a delegate, because swift-corelibs-foundation
    /// delivers body bytes as they arrive only to a session's delegate (not to a task's, and it has
    /// no `bytes(for:)`); made from `session`'s configuration on the first subscription.
    private let eventStreams: EventStreamSession
    /// Set when the server answered `PersistedQueryNotSupported`: send the text from then on.
    private let persistedQueriesUnsupported = Locked(false)
    /// The session multipart uploads and, on Linux, every query and mutation run on (see
    /// ``RequestSession``).
    let requests: RequestSession

    /// A transport for the endpoint at `url` on `session` (the shared session by default).
    public init(url: URL, session: URLSession = .shared, options: Options = Options()) {
        self.url = url
        self.session = session
        self.options = options
        self.eventStreams = EventStreamSession(configuration: session.configuration)
        self.requests = RequestSession(configuration: session.configuration)
    }

    deinit {
        eventStreams.invalidate()
        requests.invalidate()
    }

    /// Sends `request`; see ``Transport/execute(_:)``. Subscriptions stream over Server-Sent Events.
    public func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        if request.kind == .subscription {
            return eventStreams.stream(for: request, headTimeout: options.timeout) { [self] in
                try HTTPRequestEncoder.encode(
                    request, url: url, headers: try await resolvedHeaders(), attempt: .textOnly, usesGET: false,
                    timeout: Self.streamIdleTimeout)
            }
        }
        if request.usesIncrementalDelivery {
            return eventStreams.stream(for: request, headTimeout: options.timeout) { [self] in
                try HTTPRequestEncoder.encode(
                    request, url: url, headers: try await resolvedHeaders(), attempt: .textOnly, usesGET: false,
                    timeout: options.timeout.timeInterval)
            }
        }
        let once = OneResponse()
        return AsyncThrowingStream { [self] in
            guard once.take() else { return nil }
            do {
                return try await send(request)
            } catch {
                throw Task.isCancelled ? TransportError(.cancelled, "the request was cancelled") : error
            }
        }
    }

    /// A subscription's connection may be quiet for as long as nothing happens; its timeout covers the
    /// response head only (see ``EventStreamSession``), so the session's idle timeout is a day.
    private static let streamIdleTimeout: TimeInterval = 86_400

    /// One query or mutation, with the persisted-query exchange when it is on.
    private func send(_ request: GraphQLRequest) async throws(TransportError) -> GraphQLResponse {
        let headers = try await resolvedHeaders()
        if !request.uploads.isEmpty { return try await sendUploading(request, headers: headers) }
        if options.persistedOperations == .idOnly {
            let response = try await send(request, headers: headers, attempt: .hashOnly(request.persistedID))
            if PersistedQuery.isNotFound(response) {
                throw TransportError(
                    .persistedOperationNotFound,
                    "the server has no registered operation with the ID of `\(request.operationName ?? "the operation")`"
                )
            }
            return response
        }
        guard options.persistedOperations == .automatic, !persistedQueriesUnsupported.withLock({ $0 }) else {
            return try await send(request, headers: headers, attempt: .textOnly)
        }
        let hash = request.persistedID
        let response = try await send(request, headers: headers, attempt: .hashOnly(hash))
        if PersistedQuery.isNotFound(response) {
            return try await send(request, headers: headers, attempt: .hashAndText(hash))
        }
        if PersistedQuery.isNotSupported(response) {
            persistedQueriesUnsupported.withLock { $0 = true }
            return try await send(request, headers: headers, attempt: .textOnly)
        }
        return response
    }

    private func send(
        _ request: GraphQLRequest, headers: [String: String], attempt: PersistedQuery.Attempt
    ) async throws(TransportError) -> GraphQLResponse {
        let urlRequest = try HTTPRequestEncoder.encode(
            request, url: url, headers: headers, attempt: attempt, usesGET: options.usesGETForQueries,
            timeout: options.timeout.timeInterval)
        let (body, http) = try await exchange(urlRequest)
        var response = try HTTPResponseDecoder.decode(
            status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"), body: body,
            expectedLength: http.expectedContentLength)
        response.cacheControl = http.value(forHTTPHeaderField: "Cache-Control").flatMap(CacheControl.init(header:))
        return response
    }

    /// Sends `urlRequest` and returns the body and the HTTP answer: on Linux on ``requests``, whose
    /// cancellation neither traps nor deadlocks; elsewhere on ``session``.
    func exchange(_ urlRequest: URLRequest) async throws(TransportError) -> (Data, HTTPURLResponse) {
        #if canImport(FoundationNetworking)
            return try await requests.data(for: urlRequest)
        #else
            let body: Data
            let answer: URLResponse
            do {
                (body, answer) = try await session.data(for: urlRequest)
            } catch {
                throw TransportError.from(error)
            }
            guard let http = answer as? HTTPURLResponse else {
                throw TransportError(.invalidResponse, "the answer is not an HTTP response")
            }
            return (body, http)
        #endif
    }

    /// The transport's headers with the provider's over them.
    func resolvedHeaders() async throws(TransportError) -> [String: String] {
        guard let provider = options.headerProvider else { return options.headers }
        let provided: [String: String]
        do {
            provided = try await provider()
        } catch {
            throw TransportError(.invalidRequest, "the header provider failed", underlying: error)
        }
        return options.headers.merging(provided) { _, new in new }
    }
}
