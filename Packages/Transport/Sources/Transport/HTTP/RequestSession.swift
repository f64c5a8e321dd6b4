import Foundation
import Primitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession that ``HTTPTransport`` runs a request on when the session it was given cannot serve
/// it: every multipart upload, and on Linux every query and mutation. Its delegate routes each task's
/// callbacks (bytes sent, the answer's bytes, completion) to its ``RequestCall``.
///
/// A session of its own, made from the configuration of the session the transport was given, because
/// of three behaviours of swift-corelibs-foundation
/// (`docs/decisions/0228-requests-on-linux-avoid-urlsession-cancellation-traps.md`). It reports the
/// bytes a task sent only to the session's delegate. Its `data(for:)` deadlocks when it is cancelled
/// as its answer arrives: it cancels its task while the runtime holds the Swift task's cancellation
/// lock, and the network thread delivering the answer waits for that lock. Here every task is a
/// delegate task, cancelled by ``cancelLater(_:)`` off that lock. And a task cancelled while it looks
/// in the URL cache is failed twice, the second time after the session forgot it, which traps: this
/// session has no URL cache (its requests are POSTs, and GETs whose freshness the store's cache policy
/// decides, not HTTP caching).
final class RequestSession: Sendable {
    private let router: RequestRouter
    private let session: URLSession

    /// A session with `configuration` (proxies, cookies, TLS settings, protocol classes), no URL
    /// cache, and its own delegate.
    init(configuration: URLSessionConfiguration) {
        let router = RequestRouter()
        self.router = router
        self.session = URLSession(
            configuration: configuration.withoutURLCache(), delegate: router, delegateQueue: nil)
    }

    /// Lets requests in flight finish, then releases the session and its delegate.
    func invalidate() { session.finishTasksAndInvalidate() }

    /// Sends `request` with its body from the request itself and returns the answer. Cancelling the
    /// calling task cancels the request, which then throws ``TransportError/Code/cancelled``.
    func data(for request: URLRequest) async throws(TransportError) -> (Data, HTTPURLResponse) {
        try await run(session.dataTask(with: request), progress: nil)
    }

    /// Sends `request` with the body streamed from `file`, calls `progress` with the bytes sent so far
    /// each time more leave, and returns the answer. Cancelling the calling task cancels the upload,
    /// which then throws ``TransportError/Code/cancelled``.
    func upload(
        _ request: URLRequest, fromFile file: URL, progress: @escaping @Sendable (Int64) -> Void
    ) async throws(TransportError) -> (Data, HTTPURLResponse) {
        try await run(Self.task(on: session, sending: request, fromFile: file), progress: progress)
    }

    private func run(
        _ task: URLSessionTask, progress: (@Sendable (Int64) -> Void)?
    ) async throws(TransportError) -> (Data, HTTPURLResponse) {
        let call = RequestCall(progress: progress)
        router.add(task.taskIdentifier, call)
        let result: Result<(Data, URLResponse?), any Error> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                call.start(continuation)
                if Task.isCancelled { cancelLater(task) }
                task.resume()
            }
        } onCancel: {
            cancelLater(task)
        }
        router.remove(task.taskIdentifier)
        switch result {
        case .success((let body, let answer)):
            guard let http = answer as? HTTPURLResponse else {
                throw TransportError(.invalidResponse, "the answer is not an HTTP response")
            }
            return (body, http)
        case .failure(let error):
            throw TransportError.from(error)
        }
    }
}

extension RequestSession {
    /// The task that sends `request` with its body read from `file`.
    ///
    /// On Linux the body is an input stream that libcurl reads as it sends: swift-corelibs-foundation's
    /// file body reads ahead asynchronously and resumes the paused transfer when a read lands, and a
    /// read that lands after a cancellation resumes a transfer libcurl already ended, which traps the
    /// process (its `try!` on `curl_easy_pause`'s error). A stream is read in libcurl's own callback,
    /// so nothing resumes a transfer afterwards. Its length is unknown to URLSession there, so the body
    /// goes with `Transfer-Encoding: chunked`, which every HTTP/1.1 server reads; no `Content-Length` is
    /// set, since a request with both is malformed.
    private static func task(
        on session: URLSession, sending request: URLRequest, fromFile file: URL
    ) -> URLSessionTask {
        #if canImport(FoundationNetworking)
            var streamed = request
            streamed.httpBodyStream = InputStream(url: file)
            return session.dataTask(with: streamed)
        #else
            return session.uploadTask(with: request, fromFile: file)
        #endif
    }
}

/// One request in flight: gathers the answer's bytes and resumes its caller once.
final class RequestCall: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<(Data, URLResponse?), any Error>, Never>?
        var body = Data()
    }

    private let state = Locked(State())
    private let progress: (@Sendable (Int64) -> Void)?

    init(progress: (@Sendable (Int64) -> Void)?) { self.progress = progress }

    func start(_ continuation: CheckedContinuation<Result<(Data, URLResponse?), any Error>, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    func sent(_ totalBytesSent: Int64) { progress?(totalBytesSent) }

    func received(_ data: Data) { state.withLock { $0.body.append(data) } }

    func completed(_ error: (any Error)?, response: URLResponse?) {
        let (continuation, body) = state.withLock { state in
            defer { state.continuation = nil }
            return (state.continuation, state.body)
        }
        if let error {
            continuation?.resume(returning: .failure(error))
        } else {
            continuation?.resume(returning: .success((body, response)))
        }
    }
}

/// Routes the session's delegate callbacks to the call that owns each task.
final class RequestRouter: NSObject, URLSessionDataDelegate, Sendable {
    private let calls = Locked<[Int: RequestCall]>([:])

    func add(_ identifier: Int, _ call: RequestCall) { calls.withLock { $0[identifier] = call } }

    func remove(_ identifier: Int) { _ = calls.withLock { $0.removeValue(forKey: identifier) } }

    private func call(_ identifier: Int) -> RequestCall? { calls.withLock { $0[identifier] } }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        call(task.taskIdentifier)?.sent(totalBytesSent)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        call(dataTask.taskIdentifier)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        call(task.taskIdentifier)?.completed(error, response: task.response)
    }
}
