import GraphQLCore

/// The client side of `graphql-transport-ws` for one logical connection: which socket is open, which
/// operations run on it, and what to do next.
///
/// A state machine in the shape of `InFlightRegistry` in Scheduling: a value type whose mutating
/// methods return the ``Action``s the caller performs (open or close a socket, send a message, start
/// a timer, deliver a response). It takes no lock, sleeps on no clock and touches no socket, so every
/// rule of the protocol is tested without one; ``WebSocketTransport`` keeps it under its lock.
///
/// - The socket opens with the first operation and closes ``Configuration/linger`` after the last.
/// - Operations subscribed before the acknowledgement wait for it; the acknowledgement must come
///   within ``Configuration/acknowledgementTimeout`` of `connection_init`.
/// - A socket that closes for a transient reason (see ``WebSocketCloseCode``) while operations run
///   is opened again after the reconnect policy's delay, and every operation still running is
///   subscribed again under its id. After the policy's attempts, each operation fails. The attempt
///   count starts over once a connection stays acknowledged for ``Configuration/stableAfter``, so a
///   server that acknowledges and then drops every socket still meets the cap.
/// - Events of an old socket, and timers superseded by a newer one, carry stale tokens and change
///   nothing.
struct GraphQLWebSocketMachine: Sendable {
    /// The protocol's timings and the reconnect policy.
    struct Configuration: Sendable {
        var acknowledgementTimeout: Duration
        var linger: Duration
        var pingInterval: Duration?
        var reconnect: RetryPolicy
        var stableAfter: Duration
    }

    /// Identifies one socket, so that events of an earlier one are ignored.
    struct SocketID: Sendable, Hashable { var rawValue: UInt64 }

    /// The timers the protocol uses; at most one of each kind runs.
    enum Timer: Sendable, Hashable, CaseIterable {
        /// The wait for `connection_ack` after `connection_init`.
        case acknowledgement
        /// The wait after the last operation ended before closing the socket.
        case linger
        /// The wait before opening the socket again.
        case reconnect
        /// The interval between keep-alive pings.
        case ping
        /// How long an acknowledged connection must last before the reconnect attempts start over.
        case stable
    }

    /// What the caller must do, in order.
    enum Action: Sendable {
        /// Open a socket; report its events with `socket`.
        case open(SocketID)
        /// Obtain the app's connection payload, then call ``initialise(_:payload:)``.
        case preparePayload(SocketID)
        /// Send a message on the open socket.
        case send(GraphQLWebSocketMessage)
        /// Close the socket with a code and reason.
        case close(SocketID, code: Int, reason: String)
        /// Start (or restart) a timer; when it fires, call ``timerFired(_:token:)`` with `token`.
        case startTimer(Timer, after: Duration, token: UInt64)
        /// Stop the timer of that kind, if one runs.
        case cancelTimer(Timer)
        /// Give the operation `id` one response.
        case deliver(id: String, GraphQLResponse)
        /// The operation `id` is over: finish its stream.
        case finish(id: String)
        /// The operation `id` failed: its stream throws `error`.
        case fail(id: String, TransportError)
    }

    private enum Phase: Sendable, Equatable {
        /// No socket.
        case idle
        /// A socket is opening, or open and waiting for the app's payload.
        case connecting(SocketID)
        /// `connection_init` sent; waiting for the acknowledgement.
        case initialising(SocketID)
        /// Acknowledged: operations run.
        case ready(SocketID)
        /// Waiting to open the socket again.
        case waitingToReconnect
    }

    /// An operation the caller subscribed and has not ended.
    private struct Operation: Sendable {
        /// When it was subscribed, from 1: the order it is subscribed in again after a reconnect.
        var sequence: UInt64
        var payload: JSONObject
        /// Whether `subscribe` went out on the current socket.
        var isSent = false
        /// The incremental answer (`@defer`/`@stream`) being read: set by a `next` whose payload has
        /// `hasNext: true`, dropped with the part that completes it. Over WebSocket each part of an
        /// incremental answer is one `next` message.
        var incremental: IncrementalResponseReader?
    }

    let configuration: Configuration
    private var phase = Phase.idle
    private var nextSocket: UInt64 = 0
    private var nextOperation: UInt64 = 0
    private var nextToken: UInt64 = 0
    private var timers: [Timer: UInt64] = [:]
    private var operations: [String: Operation] = [:]

    /// The running operations' ids in the order they were subscribed, which is the order they are
    /// subscribed again after a reconnect. Sorted when asked (at an acknowledgement, a reconnect, a
    /// failure of all), so that ending one of many operations costs no scan of the others.
    private var order: [String] {
        operations.sorted { $0.value.sequence < $1.value.sequence }.map(\.key)
    }
    /// Reconnects since the last stable connection.
    private var attempts = 0

    /// A machine with no socket and no operation.
    init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// How many operations run.
    var operationCount: Int { operations.count }

    /// Whether the current socket is acknowledged: operations run on it.
    var isAcknowledged: Bool {
        if case .ready = phase { return true }
        return false
    }

    /// Whether a socket is open or opening.
    var hasSocket: Bool {
        switch phase {
        case .idle, .waitingToReconnect: false
        case .connecting, .initialising, .ready: true
        }
    }

    // MARK: - Operations

    /// Starts an operation with `payload` (see ``GraphQLWebSocketMessage/subscribePayload(_:)``):
    /// returns the id it runs under and what to do.
    mutating func subscribe(_ payload: JSONObject) -> (id: String, actions: [Action]) {
        nextOperation += 1
        let id = String(nextOperation)
        var actions = cancel(.linger)
        operations[id] = Operation(sequence: nextOperation, payload: payload)
        switch phase {
        case .idle:
            actions += openSocket()
        case .ready:
            operations[id]?.isSent = true
            actions.append(.send(.subscribe(id: id, payload: payload)))
        case .connecting, .initialising, .waitingToReconnect:
            break
        }
        return (id, actions)
    }

    /// The caller no longer wants the operation `id` (its consumer stopped): tells the server when it
    /// knows the operation, and starts closing the socket when it was the last. An id that already
    /// ended changes nothing.
    mutating func unsubscribe(_ id: String) -> [Action] {
        guard let operation = remove(id) else { return [] }
        var actions: [Action] = []
        if case .ready = phase, operation.isSent { actions.append(.send(.complete(id: id))) }
        return actions + closeIfUnused()
    }

    // MARK: - Socket events

    /// The socket `socket` opened.
    mutating func opened(_ socket: SocketID) -> [Action] {
        guard case .connecting(let current) = phase, current == socket else { return [] }
        return [.preparePayload(socket)]
    }

    /// The app's connection payload for `socket` is ready: sends `connection_init` and waits for the
    /// acknowledgement.
    mutating func initialise(_ socket: SocketID, payload: JSONObject?) -> [Action] {
        guard case .connecting(let current) = phase, current == socket else { return [] }
        phase = .initialising(socket)
        return [.send(.connectionInit(payload: payload))]
            + start(.acknowledgement, after: configuration.acknowledgementTimeout)
    }

    /// The app's connection payload could not be made: every operation fails with `error` (another
    /// attempt would ask the same provider) and the socket closes.
    mutating func payloadFailed(_ socket: SocketID, _ error: TransportError) -> [Action] {
        guard case .connecting(let current) = phase, current == socket else { return [] }
        phase = .idle
        return [.close(socket, code: WebSocketCloseCode.normal, reason: "no connection payload")]
            + failAll(error)
    }

    /// A text message arrived on `socket`.
    mutating func received(_ socket: SocketID, text: String) -> [Action] {
        received(
            socket,
            message: Result { () throws(GraphQLWebSocketMessage.Malformed) in
                try GraphQLWebSocketMessage(parsing: text)
            })
    }

    /// A message arrived on `socket`, parsed by the caller (``WebSocketTransport`` parses before it
    /// takes its lock, so that a large message does not hold up the other operations' work).
    mutating func received(
        _ socket: SocketID, message parsed: Result<GraphQLWebSocketMessage, GraphQLWebSocketMessage.Malformed>
    ) -> [Action] {
        guard let current = currentSocket, current == socket else { return [] }
        let message: GraphQLWebSocketMessage
        switch parsed {
        case .success(let value): message = value
        case .failure(let error):
            return protocolViolation(socket, "the server sent a malformed message: \(error.reason)")
        }
        switch message {
        case .connectionAck:
            guard case .initialising = phase else {
                return protocolViolation(socket, "the server acknowledged a connection it had acknowledged")
            }
            phase = .ready(socket)
            var actions = cancel(.acknowledgement) + start(.stable, after: configuration.stableAfter)
            if let interval = configuration.pingInterval { actions += start(.ping, after: interval) }
            for id in order where operations[id]?.isSent == false {
                operations[id]?.isSent = true
                if let payload = operations[id]?.payload { actions.append(.send(.subscribe(id: id, payload: payload))) }
            }
            return actions + closeIfUnused()
        case .ping(let payload):
            return [.send(.pong(payload: payload))]
        case .pong:
            return []
        case .next(let id, let payload):
            guard case .ready = phase else {
                return protocolViolation(socket, "the server sent `next` before acknowledging the connection")
            }
            // An id that is not running (ended here, or never ours) is ignored, as graphql-ws does:
            // a `next` may cross the client's `complete` on the wire.
            guard var operation = operations[id] else { return [] }
            do {
                if operation.incremental == nil && payload["hasNext"] != .bool(true) {
                    return [.deliver(id: id, try GraphQLResponse(json: payload))]
                }
                var reader = operation.incremental ?? IncrementalResponseReader()
                let response = try reader.read(json: payload)
                operation.incremental = reader.isComplete ? nil : reader
                operations[id] = operation
                return [.deliver(id: id, response)]
            } catch {
                remove(id)
                return [.send(.complete(id: id)), .fail(id: id, error)] + closeIfUnused()
            }
        case .error(let id, let payload):
            guard operations[id] != nil else { return [] }
            remove(id)
            var actions: [Action] = []
            if let response = try? GraphQLResponse(json: .object(["errors": payload])), !response.errors.isEmpty {
                // The operation's GraphQL errors are its one response (validation failed, typically).
                actions += [.deliver(id: id, response), .finish(id: id)]
            } else {
                actions.append(
                    .fail(
                        id: id,
                        TransportError(.invalidResponse, "the `error` message's payload is not a list of errors")))
            }
            return actions + closeIfUnused()
        case .complete(let id):
            guard operations[id] != nil else { return [] }
            remove(id)
            return [.finish(id: id)] + closeIfUnused()
        case .connectionInit, .subscribe:
            return protocolViolation(socket, "the server sent a message only a client sends")
        }
    }

    /// The socket `socket` closed (`code` as the peer sent it; 1006 when the connection dropped),
    /// or could not be opened (`failure` says why).
    mutating func closed(_ socket: SocketID, code: Int, reason: String, failure: TransportError? = nil, random: Double)
        -> [Action]
    {
        guard let current = currentSocket, current == socket else { return [] }
        let (closeError, isFatal) = WebSocketCloseCode.failure(code: code, reason: reason)
        let error = failure ?? closeError
        let actions = cancelSocketTimers()
        if isFatal {
            phase = .idle
            return actions + failAll(error)
        }
        return actions + reconnectOrFail(error, random: random)
    }

    // MARK: - Timers

    /// The timer of kind `timer` started with `token` fired.
    mutating func timerFired(_ timer: Timer, token: UInt64, random: Double) -> [Action] {
        guard timers[timer] == token else { return [] }
        timers[timer] = nil
        switch timer {
        case .acknowledgement:
            guard case .initialising(let socket) = phase else { return [] }
            let error = TransportError(.timedOut, "the server did not acknowledge connection_init in time")
            return [.close(socket, code: WebSocketCloseCode.initialisationTimeout, reason: "no connection_ack")]
                + cancelSocketTimers() + reconnectOrFail(error, random: random)
        case .linger:
            guard operations.isEmpty, let socket = currentSocket else { return [] }
            phase = .idle
            return [.close(socket, code: WebSocketCloseCode.normal, reason: "no operations")] + cancelSocketTimers()
        case .reconnect:
            guard case .waitingToReconnect = phase, !operations.isEmpty else { return [] }
            return openSocket()
        case .ping:
            guard case .ready = phase, let interval = configuration.pingInterval else { return [] }
            return [.send(.ping(payload: nil))] + start(.ping, after: interval)
        case .stable:
            attempts = 0
            return []
        }
    }

    // MARK: - Helpers

    private var currentSocket: SocketID? {
        switch phase {
        case .connecting(let socket), .initialising(let socket), .ready(let socket): socket
        case .idle, .waitingToReconnect: nil
        }
    }

    private mutating func openSocket() -> [Action] {
        nextSocket += 1
        let socket = SocketID(rawValue: nextSocket)
        phase = .connecting(socket)
        return [.open(socket)]
    }

    @discardableResult
    private mutating func remove(_ id: String) -> Operation? {
        operations.removeValue(forKey: id)
    }

    /// With no operation left: closes at once when ``Configuration/linger`` is zero, else after it.
    private mutating func closeIfUnused() -> [Action] {
        guard operations.isEmpty else { return [] }
        switch phase {
        case .waitingToReconnect:
            phase = .idle
            return cancel(.reconnect)
        case .idle:
            return []
        case .connecting(let socket), .initialising(let socket), .ready(let socket):
            if configuration.linger <= .zero {
                phase = .idle
                return [.close(socket, code: WebSocketCloseCode.normal, reason: "no operations")] + cancelSocketTimers()
            }
            return start(.linger, after: configuration.linger)
        }
    }

    private mutating func protocolViolation(_ socket: SocketID, _ message: String) -> [Action] {
        // A server that breaks the protocol would break it again: no reconnect.
        phase = .idle
        return [.close(socket, code: WebSocketCloseCode.badResponse, reason: "bad response")] + cancelSocketTimers()
            + failAll(TransportError(.invalidResponse, message))
    }

    private mutating func reconnectOrFail(_ error: TransportError, random: Double) -> [Action] {
        guard !operations.isEmpty else {
            phase = .idle
            return []
        }
        attempts += 1
        // `maximumAttempts` counts the first connection, as it counts the first request for retries.
        guard attempts < configuration.reconnect.maximumAttempts else {
            phase = .idle
            attempts = 0
            return failAll(error)
        }
        phase = .waitingToReconnect
        // Every operation is subscribed again on the next socket; the order is set when it is.
        operations = operations.mapValues { operation in
            var operation = operation
            operation.isSent = false
            return operation
        }
        return start(.reconnect, after: configuration.reconnect.delay(beforeRetry: attempts, random: random))
    }

    private mutating func failAll(_ error: TransportError) -> [Action] {
        let ids = order
        operations = [:]
        return ids.map { .fail(id: $0, error) }
    }

    private mutating func start(_ timer: Timer, after duration: Duration) -> [Action] {
        nextToken += 1
        timers[timer] = nextToken
        return [.startTimer(timer, after: duration, token: nextToken)]
    }

    private mutating func cancel(_ timer: Timer) -> [Action] {
        guard timers.removeValue(forKey: timer) != nil else { return [] }
        return [.cancelTimer(timer)]
    }

    /// Stops the timers that belong to a socket (all but the reconnect timer).
    private mutating func cancelSocketTimers() -> [Action] {
        [Timer.acknowledgement, .linger, .ping, .stable].flatMap { cancel($0) }
    }
}
