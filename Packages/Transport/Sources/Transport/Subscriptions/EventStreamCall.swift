import Foundation
import Primitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One streamed answer, a subscription over Server-Sent Events or an incremental answer over
/// `multipart/mixed`: turns a data task's callbacks into the responses of an `AsyncThrowingStream`,
/// and ends the task when the stream ends.
///
/// Decisions are made under the lock; the stream's continuation is only ever finished outside it,
/// because finishing runs `onTermination`, which calls ``terminate()`` and takes the lock again.
final class EventStreamCall: Sendable {
    private enum Body {
        /// No response head yet.
        case awaitingHead
        /// A 2xx `text/event-stream`: events are parsed as they come.
        case events(ServerSentEventParser)
        /// A 2xx `multipart/mixed`: parts are read as they come, each into one response.
        case parts(MultipartMixedParser, IncrementalResponseReader)
        /// Any other answer (a GraphQL-over-HTTP error response, an error page): read whole, decoded at the end.
        case whole(status: Int, contentType: String?, expectedLength: Int64, body: Data)
    }

    private struct State {
        var body = Body.awaitingHead
        var isFinished = false
        var task: URLSessionDataTask?
        var timer: Task<Void, Never>?
        var starter: Task<Void, Never>?
    }

    private let continuation: AsyncThrowingStream<GraphQLResponse, any Error>.Continuation
    private let state = Locked(State())

    init(continuation: AsyncThrowingStream<GraphQLResponse, any Error>.Continuation) {
        self.continuation = continuation
    }

    func setStarter(_ starter: Task<Void, Never>) {
        let finished = state.withLock { state in
            if !state.isFinished { state.starter = starter }
            return state.isFinished
        }
        if finished { starter.cancel() }
    }

    /// Records the task; `false` when the stream already ended and the task must not start.
    func start(_ task: URLSessionDataTask, timer: Task<Void, Never>) -> Bool {
        state.withLock { state in
            guard !state.isFinished else { return false }
            state.task = task
            state.timer = timer
            return true
        }
    }

    /// The consumer stopped (cancelled, or the stream finished): stop everything. Returns the task's
    /// identifier so the router can forget it.
    func terminate() -> Int? {
        let (task, timer, starter) = state.withLock { state in
            state.isFinished = true
            defer {
                state.task = nil
                state.timer = nil
                state.starter = nil
            }
            return (state.task, state.timer, state.starter)
        }
        timer?.cancel()
        starter?.cancel()
        if let task { cancelLater(task) }
        return task?.taskIdentifier
    }

    func headTimedOut() {
        let expired = state.withLock { state in
            if case .awaitingHead = state.body, !state.isFinished { return true }
            return false
        }
        if expired { fail(TransportError(.timedOut, "the server sent no response head within the timeout")) }
    }

    func receivedHead(_ response: URLResponse) {
        var failure: TransportError?
        let timer = state.withLock { state -> Task<Void, Never>? in
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            let contentType = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type")
            let mediaType = HTTPResponseDecoder.mediaType(of: contentType)
            if (200..<300).contains(status), mediaType == HTTPRequestEncoder.acceptEventStream {
                state.body = .events(ServerSentEventParser())
            } else if (200..<300).contains(status), mediaType == HTTPRequestEncoder.multipartMixed {
                if let boundary = contentType.flatMap(MultipartMixedParser.boundary(ofContentType:)) {
                    state.body = .parts(MultipartMixedParser(boundary: boundary), IncrementalResponseReader())
                } else {
                    failure = TransportError(
                        .invalidMultipart, "the multipart answer's Content-Type has no boundary", status: status,
                        bodyKind: .other)
                }
            } else {
                state.body = .whole(
                    status: status, contentType: contentType, expectedLength: response.expectedContentLength,
                    body: Data())
            }
            defer { state.timer = nil }
            return state.timer
        }
        timer?.cancel()
        if let failure { fail(failure) }
    }

    func received(_ data: Data) {
        if case .parts = state.withLock({ $0.body }) {
            receivedParts(data)
            return
        }
        let events = state.withLock { state -> [ServerSentEvent] in
            guard !state.isFinished else { return [] }
            switch state.body {
            case .awaitingHead, .parts: return []
            case .events(var parser):
                let events = parser.feed(data)
                state.body = .events(parser)
                return events
            case .whole(let status, let contentType, let expectedLength, var body):
                state.body = .awaitingHead  // lets `body` be uniquely referenced while it grows
                body.append(data)
                state.body = .whole(
                    status: status, contentType: contentType, expectedLength: expectedLength, body: body)
                return []
            }
        }
        for event in events {
            switch event.type {
            case "next":
                do {
                    continuation.yield(try GraphQLResponse(parsing: Data(event.data.utf8)))
                } catch {
                    fail(error)
                    return
                }
            case "complete":
                finish(nil)
                return
            default:
                continue  // Other event types carry nothing for a subscriber.
            }
        }
    }

    /// Reads the parts `data` completes, yields one response each, and ends the stream after the part
    /// with `hasNext: false`. Parsing happens under the lock (the parser and the reader are the
    /// call's state); yielding and finishing outside it.
    private func receivedParts(_ data: Data) {
        let (responses, failure, isComplete) = state.withLock {
            state -> ([GraphQLResponse], TransportError?, Bool) in
            guard !state.isFinished, case .parts(var parser, var reader) = state.body else { return ([], nil, false) }
            var responses: [GraphQLResponse] = []
            var failure: TransportError?
            do throws(TransportError) {
                for part in try parser.feed(data) where !reader.isComplete {
                    responses.append(try reader.read(part))
                }
            } catch {
                failure = error
            }
            state.body = .parts(parser, reader)
            return (responses, failure, reader.isComplete)
        }
        for response in responses { continuation.yield(response) }
        if let failure {
            fail(failure)
        } else if isComplete {
            finish(nil)
        }
    }

    func completed(_ error: (any Error)?) {
        let body = state.withLock { state -> Body? in state.isFinished ? nil : state.body }
        guard let body else { return }
        if let error {
            var failure = TransportError.from(error)
            if failure.code == .cannotConnect, Self.hasStarted(body) {
                // The stream had started, so the connection did not fail to open: it broke.
                failure = TransportError(
                    .truncated, "the event stream's connection broke", underlying: TransportError.redacted(error))
            }
            fail(failure)
            return
        }
        switch body {
        case .awaitingHead:
            fail(TransportError(.invalidResponse, "the connection ended without a response head"))
        case .events:
            fail(TransportError(.truncated, "the event stream ended without a `complete` event"))
        case .parts(let parser, let reader):
            if reader.isComplete { return finish(nil) }
            if parser.isInPreamble {
                return fail(
                    TransportError(.invalidMultipart, "the body has no delimiter of its boundary", bodyKind: .other))
            }
            let message =
                parser.isInsidePart
                ? "the multipart answer was cut in the middle of part \(reader.partCount)"
                : "the multipart answer ended after \(reader.partCount) parts, before the one with `hasNext: false`"
            fail(TransportError(.truncated, message, bodyKind: .other))
        case .whole(let status, let contentType, let expectedLength, let data):
            do {
                let response = try HTTPResponseDecoder.decode(
                    status: status, contentType: contentType, body: data, expectedLength: expectedLength)
                continuation.yield(response)
                finish(nil)
            } catch {
                fail(error)
            }
        }
    }

    func fail(_ error: TransportError) { finish(error) }

    private static func hasStarted(_ body: Body) -> Bool {
        switch body {
        case .events, .parts: true
        case .awaitingHead, .whole: false
        }
    }

    /// Ends the stream once; a later call does nothing.
    private func finish(_ error: TransportError?) {
        let first = state.withLock { state in
            defer { state.isFinished = true }
            return !state.isFinished
        }
        guard first else { return }
        // `finish` runs `onTermination`, which cancels the task and the timer.
        if let error { continuation.finish(throwing: error) } else { continuation.finish() }
    }
}
