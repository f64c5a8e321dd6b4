import Foundation
import GraphQLCore
import Primitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// GraphQL over WebSocket with the `graphql-transport-ws` protocol (the `graphql-ws` library's), the
/// protocol Apollo Server, GraphQL Yoga, Hasura and Strawberry speak for subscriptions.
///
/// Every operation given to ``execute(_:)`` runs on one shared socket under an id of its own:
/// subscriptions (one response per event), and queries and mutations too (one response). The socket
/// opens with the first operation, sends `connection_init` with ``Options/connectionPayload``, waits
/// for `connection_ack`, and closes ``Options/linger`` after the last operation ended. When it drops
/// for a transient reason while operations run, the transport reconnects after the
/// ``Options/reconnect`` policy's delay and subscribes every running operation again (so a
/// subscription's stream does not end; it misses the events sent while the socket was down). The
/// protocol's close codes (4400, 4401, 4403, 4409, 4429, 4500) fail every operation with a typed
/// ``TransportError`` and do not reconnect. `docs/decisions/0160` says why the transport reconnects
/// although ``Transport`` implementations do not retry.
///
/// Parking follows from the consumers: when the runtime stops every subscription (the app is not
/// active), the last stream's end closes the socket; resuming opens a new one.
///
/// The protocol's rules live in `GraphQLWebSocketMachine` (internal); this class keeps it under a lock,
/// performs its actions on sockets and timers, and feeds it their events.
public final class WebSocketTransport: Transport {
    /// The `ws://` or `wss://` endpoint.
    public let url: URL
    /// How the protocol is spoken.
    public let options: Options

    private let sleep: @Sendable (Duration) async throws -> Void
    private let random: @Sendable () -> Double
    private let connector: WebSocketConnector
    private let state: Locked<State>

    private typealias Machine = GraphQLWebSocketMachine
    private typealias Continuation = AsyncThrowingStream<GraphQLResponse, any Error>.Continuation

    private struct State: Sendable {
        var machine: Machine
        var socket: (id: Machine.SocketID, connection: any WebSocketConnection)?
        var timers: [Machine.Timer: (token: UInt64, task: Task<Void, Never>)] = [:]
        var streams: [String: Continuation] = [:]
        var socketsOpened = 0
    }

    /// A transport for `url`. `sleep` waits for the protocol's timers (the acknowledgement timeout,
    /// the linger, the reconnect backoff, pings) and `random` gives numbers in 0..<1 for the backoff's
    /// jitter; tests inject both so that they neither wait nor guess.
    public convenience init(
        url: URL, options: Options = Options(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.init(url: url, options: options, sleep: sleep, random: random, connector: Self.connector(options))
    }

    init(
        url: URL, options: Options, sleep: @escaping @Sendable (Duration) async throws -> Void,
        random: @escaping @Sendable () -> Double, connector: @escaping WebSocketConnector
    ) {
        self.url = url
        self.options = options
        self.sleep = sleep
        self.random = random
        self.connector = connector
        let configuration = Machine.Configuration(
            acknowledgementTimeout: options.acknowledgementTimeout, linger: options.linger,
            pingInterval: options.pingInterval, reconnect: options.reconnect, stableAfter: options.stableAfter)
        self.state = Locked(State(machine: Machine(configuration: configuration)))
    }

    deinit {
        let (socket, timers) = state.withLock { state in (state.socket, state.timers) }
        socket?.connection.close(code: WebSocketCloseCode.normal, reason: "transport released")
        for timer in timers.values { timer.task.cancel() }
    }

    /// Runs `request` on the shared socket; see ``Transport/execute(_:)``. A subscription's stream
    /// survives reconnects; it throws when the server ends the connection with a protocol close
    /// code, or when the reconnect policy gives up.
    public func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let (stream, continuation) = AsyncThrowingStream<GraphQLResponse, any Error>.makeStream()
        let payload = GraphQLWebSocketMessage.subscribePayload(request)
        let id = update { state in
            let (id, actions) = state.machine.subscribe(payload)
            state.streams[id] = continuation
            return (id, actions)
        }
        // Set before the stream is returned, so no termination can come first. It holds the
        // transport strongly: a running operation keeps its socket's owner alive until it ends.
        continuation.onTermination = { _ in
            // The continuation leaves the table too (nothing will end it now), and is released after
            // the lock, with the other effects.
            let released = self.update { state in
                (state.streams.removeValue(forKey: id), state.machine.unsubscribe(id))
            }
            withExtendedLifetime(released) {}
        }
        return stream
    }

    /// How many sockets this transport opened so far (reconnects included): for tests and benchmarks.
    var socketsOpened: Int { state.withLock { $0.socketsOpened } }

    /// Whether a socket is open or opening now.
    var hasSocket: Bool { state.withLock { $0.machine.hasSocket } }

    /// Whether the server acknowledged the current socket: for tests.
    var isAcknowledged: Bool { state.withLock { $0.machine.isAcknowledged } }

    // MARK: - Performing the machine's actions

    /// Runs `body` on the state under the lock and performs the actions it returns: socket actions
    /// and starting timers under the lock (they only queue work), and every effect on a task after
    /// it, in order: yielding to a stream, ending one, cancelling a timer's task.
    ///
    /// Why after: a stream's termination handler takes this lock, and Swift runs it from the
    /// consumer's cancellation, holding that task's internal status lock (and, for a task group's
    /// `cancelAll()`, the parent's). Resuming the consumer with an event, or cancelling a task, takes
    /// that same internal lock. Done under this lock, the reader thread delivering an event and a
    /// task group cancelling its consumers wait for each other forever: the WebSocket benchmark's
    /// 1,000 `forever` subscriptions hung so, idle, with the socket open and unread
    /// (`docs/decisions/0179`). `withTaskCancellationHandler`'s documentation states the rule.
    @discardableResult
    private func update<Result>(_ body: (inout State) -> (Result, [Machine.Action])) -> Result {
        var effects: [Effect] = []
        let result = state.withLock { state -> Result in
            let (result, actions) = body(&state)
            perform(actions, on: &state, effects: &effects)
            return result
        }
        for effect in effects {
            switch effect {
            case .yield(let continuation, let response): continuation.yield(response)
            case .finish(let continuation, nil): continuation.finish()
            case .finish(let continuation, let error?): continuation.finish(throwing: error)
            case .cancel(let task): task.cancel()
            }
        }
        return result
    }

    /// Work on a stream or a task that ``update(_:)`` does after its lock.
    private enum Effect {
        case yield(Continuation, GraphQLResponse)
        case finish(Continuation, (any Error)?)
        case cancel(Task<Void, Never>)
    }

    private func perform(_ actions: [Machine.Action], on state: inout State, effects: inout [Effect]) {
        for action in actions {
            switch action {
            case .open(let socket):
                state.socketsOpened += 1
                let connection = connector(url, ["graphql-transport-ws"], options.headers) { [weak self] event in
                    self?.handle(event, of: socket)
                }
                state.socket = (socket, connection)
            case .preparePayload(let socket):
                let provider = options.connectionPayload
                Task { [weak self] in
                    do {
                        let payload = try await provider?()
                        self?.update { state in ((), state.machine.initialise(socket, payload: payload)) }
                    } catch {
                        let failure = TransportError(
                            .invalidRequest, "the connection payload provider threw", underlying: error)
                        self?.update { state in ((), state.machine.payloadFailed(socket, failure)) }
                    }
                }
            case .send(let message):
                state.socket?.connection.send(message.text)
            case .close(let socket, let code, let reason):
                if let open = state.socket, open.id == socket {
                    open.connection.close(code: code, reason: reason)
                    state.socket = nil
                }
            case .startTimer(let timer, let duration, let token):
                if let previous = state.timers[timer]?.task { effects.append(.cancel(previous)) }
                let sleep = sleep
                let random = random
                let task = Task { [weak self] in
                    do {
                        try await sleep(duration)
                    } catch {
                        return
                    }
                    self?.update { state in
                        if state.timers[timer]?.token == token { state.timers[timer] = nil }
                        return ((), state.machine.timerFired(timer, token: token, random: random()))
                    }
                }
                state.timers[timer] = (token, task)
            case .cancelTimer(let timer):
                if let task = state.timers.removeValue(forKey: timer)?.task { effects.append(.cancel(task)) }
            case .deliver(let id, let response):
                if let continuation = state.streams[id] { effects.append(.yield(continuation, response)) }
            case .finish(let id):
                if let continuation = state.streams.removeValue(forKey: id) {
                    effects.append(.finish(continuation, nil))
                }
            case .fail(let id, let error):
                if let continuation = state.streams.removeValue(forKey: id) {
                    effects.append(.finish(continuation, error))
                }
            }
        }
    }

    private func handle(_ event: WebSocketEvent, of socket: Machine.SocketID) {
        let random = random
        // Parsed before the lock is taken: the connection's thread does the work, and the app's
        // threads subscribing or ending operations meanwhile do not wait for it.
        let message: Result<GraphQLWebSocketMessage, GraphQLWebSocketMessage.Malformed>? =
            switch event {
            case .text(let text):
                Result { () throws(GraphQLWebSocketMessage.Malformed) in try GraphQLWebSocketMessage(parsing: text) }
            case .opened, .closed: nil
            }
        update { state in
            switch event {
            case .opened:
                return ((), state.machine.opened(socket))
            case .text:
                guard let message else { return ((), []) }
                return ((), state.machine.received(socket, message: message))
            case .closed(let code, let reason, let failure):
                if state.socket?.id == socket { state.socket = nil }
                return (
                    (), state.machine.closed(socket, code: code, reason: reason, failure: failure, random: random())
                )
            }
        }
    }

    // MARK: - Connections

    private static func connector(_ options: Options) -> WebSocketConnector {
        let acknowledgementTimeout = options.acknowledgementTimeout
        let builtIn: WebSocketConnector = { url, protocols, headers, handler in
            SocketWebSocketConnection.connect(
                url: url, protocols: protocols, headers: headers, connectTimeout: acknowledgementTimeout,
                handler: handler)
        }
        let urlSession: WebSocketConnector = { url, protocols, headers, handler in
            URLSessionWebSocketConnection.connect(
                url: url, protocols: protocols, headers: headers, configuration: .default, handler: handler)
        }
        switch options.client {
        case .builtIn: return builtIn
        case .urlSession: return urlSession
        case .automatic:
            #if canImport(FoundationNetworking)
                return { url, protocols, headers, handler in
                    url.scheme?.lowercased() == "ws"
                        ? builtIn(url, protocols, headers, handler) : urlSession(url, protocols, headers, handler)
                }
            #else
                return urlSession
            #endif
        }
    }
}
