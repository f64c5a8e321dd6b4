import Foundation
import Primitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession that subscriptions stream on, and the delegate that routes each task's callbacks
/// to its ``EventStreamCall``.
///
/// swift-corelibs-foundation delivers a body as it arrives only through the session's delegate, so
/// this session has its own; it copies the configuration of the session the transport was given,
/// without its URL cache: a stream cancelled while its task looks there traps the process (see
/// ``RequestSession``).
final class EventStreamSession: Sendable {
    private let router: EventStreamRouter
    private let session: URLSession

    /// A session with `configuration` (proxies, cookies, TLS settings) and its own delegate.
    init(configuration: URLSessionConfiguration) {
        let router = EventStreamRouter()
        self.router = router
        self.session = URLSession(
            configuration: configuration.withoutURLCache(), delegate: router, delegateQueue: nil)
    }

    /// Lets streams in flight finish, then releases the session and its delegate.
    func invalidate() { session.finishTasksAndInvalidate() }

    /// Starts a stream: `makeRequest` builds the URL request (it may await a header provider), and the
    /// call fails with ``TransportError/Code/timedOut`` when no response head comes within `headTimeout`.
    func stream(
        for request: GraphQLRequest, headTimeout: Duration,
        makeRequest: @escaping @Sendable () async throws -> URLRequest
    ) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let (stream, continuation) = AsyncThrowingStream<GraphQLResponse, any Error>.makeStream()
        let call = EventStreamCall(continuation: continuation)
        continuation.onTermination = { [router] _ in
            if let identifier = call.terminate() { router.remove(identifier) }
        }
        let session = self.session
        let router = self.router
        let starter = Task {
            let urlRequest: URLRequest
            do {
                urlRequest = try await makeRequest()
            } catch {
                call.fail(TransportError.from(error))
                return
            }
            let task = session.dataTask(with: urlRequest)
            router.add(task.taskIdentifier, call)
            let timer = Task {
                // A real-time wait: the server's silence is what is being measured.
                try? await Task.sleep(for: headTimeout)
                if !Task.isCancelled { call.headTimedOut() }
            }
            if call.start(task, timer: timer) {
                task.resume()
            } else {
                timer.cancel()
                router.remove(task.taskIdentifier)
            }
        }
        call.setStarter(starter)
        return stream
    }
}

/// Routes the session's delegate callbacks to the call that owns each task.
final class EventStreamRouter: NSObject, URLSessionDataDelegate, Sendable {
    private let calls = Locked<[Int: EventStreamCall]>([:])

    func add(_ identifier: Int, _ call: EventStreamCall) { calls.withLock { $0[identifier] = call } }

    func remove(_ identifier: Int) { _ = calls.withLock { $0.removeValue(forKey: identifier) } }

    private func call(_ identifier: Int) -> EventStreamCall? { calls.withLock { $0[identifier] } }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        call(dataTask.taskIdentifier)?.receivedHead(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        call(dataTask.taskIdentifier)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let call = calls.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        call?.completed(error)
    }
}
