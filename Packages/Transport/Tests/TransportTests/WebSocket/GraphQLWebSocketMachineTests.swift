import GraphQLCore
import Testing

@testable import Transport

/// The `graphql-transport-ws` rules, without a socket: each test drives the machine with events and
/// reads the actions it returns.
@Suite("graphql-transport-ws state machine")
struct GraphQLWebSocketMachineTests {
    typealias Machine = GraphQLWebSocketMachine

    static let configuration = Machine.Configuration(
        acknowledgementTimeout: .seconds(7), linger: .zero, pingInterval: nil,
        reconnect: RetryPolicy(
            maximumAttempts: 5, initialDelay: .seconds(1), multiplier: 2, maximumDelay: .seconds(4), jitter: 0),
        stableAfter: .seconds(100))

    static let payload: JSONObject = ["query": "subscription { count { value } }"]

    /// The actions as short strings, so that a test compares them as a list.
    static func describe(_ actions: [Machine.Action]) -> [String] {
        actions.map { action in
            switch action {
            case .open(let socket): "open \(socket.rawValue)"
            case .preparePayload(let socket): "payload \(socket.rawValue)"
            case .send(let message): "send \(message.text)"
            case .close(let socket, let code, _): "close \(socket.rawValue) \(code)"
            case .startTimer(let timer, let duration, _): "start \(timer) \(duration)"
            case .cancelTimer(let timer): "cancel \(timer)"
            case .deliver(let id, let response): "deliver \(id) \(response.data.map { $0.serializedString() } ?? "-")"
            case .finish(let id): "finish \(id)"
            case .fail(let id, let error): "fail \(id) \(error.code)"
            }
        }
    }

    static func token(_ actions: [Machine.Action], _ timer: Machine.Timer) -> UInt64? {
        for case .startTimer(timer, _, let token) in actions { return token }
        return nil
    }

    /// A machine with one operation on an acknowledged socket 1.
    static func ready() -> (Machine, id: String) {
        var machine = Machine(configuration: configuration)
        let (id, _) = machine.subscribe(payload)
        let socket = Machine.SocketID(rawValue: 1)
        _ = machine.opened(socket)
        _ = machine.initialise(socket, payload: nil)
        _ = machine.received(socket, text: #"{"type":"connection_ack"}"#)
        return (machine, id)
    }

    static let one = Machine.SocketID(rawValue: 1)

    @Test("the first operation opens the socket; it is subscribed only after the acknowledgement")
    func handshake() {
        var machine = Machine(configuration: Self.configuration)
        let (id, subscribed) = machine.subscribe(Self.payload)
        #expect(id == "1")
        #expect(Self.describe(subscribed) == ["open 1"])
        #expect(Self.describe(machine.opened(Self.one)) == ["payload 1"])
        #expect(
            Self.describe(machine.initialise(Self.one, payload: ["token": "secret"]))
                == [
                    #"send {"type":"connection_init","payload":{"token":"secret"}}"#,
                    "start acknowledgement 7.0 seconds",
                ])
        #expect(
            Self.describe(machine.received(Self.one, text: #"{"type":"connection_ack"}"#)) == [
                "cancel acknowledgement", "start stable 100.0 seconds",
                #"send {"id":"1","type":"subscribe","payload":{"query":"subscription { count { value } }"}}"#,
            ])
    }

    @Test("operations share one socket, each under its own id, and next goes to its own operation")
    func multiplexing() {
        var (machine, first) = Self.ready()
        let (second, actions) = machine.subscribe(Self.payload)
        #expect(first != second)
        #expect(
            Self.describe(actions) == [
                #"send {"id":"2","type":"subscribe","payload":{"query":"subscription { count { value } }"}}"#
            ])
        let next = machine.received(Self.one, text: #"{"id":"2","type":"next","payload":{"data":{"value":5}}}"#)
        #expect(Self.describe(next) == [#"deliver 2 {"value":5}"#])
        #expect(Self.describe(machine.received(Self.one, text: #"{"id":"1","type":"complete"}"#)) == ["finish 1"])
        #expect(machine.operationCount == 1)
    }

    @Test("the last operation's end closes the socket when the linger is zero")
    func closesAfterLast() {
        var (machine, id) = Self.ready()
        #expect(
            Self.describe(machine.unsubscribe(id)) == [
                #"send {"id":"1","type":"complete"}"#, "close 1 1000", "cancel stable",
            ])
        #expect(!machine.hasSocket)
        #expect(Self.describe(machine.unsubscribe(id)).isEmpty)
    }

    @Test("with a linger the socket closes only when the linger timer fires with no operation")
    func linger() throws {
        var configuration = Self.configuration
        configuration.linger = .seconds(3)
        var machine = Machine(configuration: configuration)
        let (id, _) = machine.subscribe(Self.payload)
        _ = machine.opened(Self.one)
        _ = machine.initialise(Self.one, payload: nil)
        _ = machine.received(Self.one, text: #"{"type":"connection_ack"}"#)
        let ended = machine.unsubscribe(id)
        #expect(Self.describe(ended) == [#"send {"id":"1","type":"complete"}"#, "start linger 3.0 seconds"])
        // A new operation within the linger reuses the socket, and the old timer no longer counts.
        let (_, again) = machine.subscribe(Self.payload)
        #expect(Self.describe(again).first == "cancel linger")
        let stale = try #require(Self.token(ended, .linger))
        #expect(Self.describe(machine.timerFired(.linger, token: stale, random: 0)).isEmpty)
        #expect(machine.hasSocket)
    }

    @Test("a ping is answered with a pong carrying its payload")
    func pingPong() {
        var (machine, _) = Self.ready()
        #expect(
            Self.describe(machine.received(Self.one, text: #"{"type":"ping","payload":{"n":1}}"#))
                == [#"send {"type":"pong","payload":{"n":1}}"#])
        #expect(Self.describe(machine.received(Self.one, text: #"{"type":"pong"}"#)).isEmpty)
    }

    @Test("with a ping interval the client pings while acknowledged, again after each interval")
    func keepAlive() throws {
        var configuration = Self.configuration
        configuration.pingInterval = .seconds(15)
        var machine = Machine(configuration: configuration)
        _ = machine.subscribe(Self.payload)
        _ = machine.opened(Self.one)
        _ = machine.initialise(Self.one, payload: nil)
        let acknowledged = machine.received(Self.one, text: #"{"type":"connection_ack"}"#)
        let token = try #require(Self.token(acknowledged, .ping))
        #expect(
            Self.describe(machine.timerFired(.ping, token: token, random: 0)) == [
                #"send {"type":"ping"}"#, "start ping 15.0 seconds",
            ])
    }

    @Test("an error message is the operation's one response, with its GraphQL errors, and ends it")
    func errorMessage() {
        var (machine, _) = Self.ready()
        let actions = machine.received(
            Self.one, text: #"{"id":"1","type":"error","payload":[{"message":"no such field"}]}"#)
        guard case .deliver(_, let response)? = actions.first else {
            Issue.record("expected a response, got \(Self.describe(actions))")
            return
        }
        #expect(response.errors.map(\.message) == ["no such field"])
        #expect(Self.describe(Array(actions.dropFirst())) == ["finish 1", "close 1 1000", "cancel stable"])
    }

    @Test("a next for an id nobody subscribed is ignored, and the running operation goes on")
    func unknownID() {
        var (machine, _) = Self.ready()
        #expect(
            Self.describe(machine.received(Self.one, text: #"{"id":"99","type":"next","payload":{"data":{}}}"#)).isEmpty
        )
        #expect(
            Self.describe(machine.received(Self.one, text: #"{"id":"1","type":"next","payload":{"data":{"a":1}}}"#))
                == [#"deliver 1 {"a":1}"#])
    }

    @Test("a malformed message closes the socket with 4400 and fails every operation, with no reconnect")
    func malformed() {
        var (machine, _) = Self.ready()
        _ = machine.subscribe(Self.payload)
        let actions = machine.received(Self.one, text: "this is not JSON {")
        #expect(
            Self.describe(actions) == [
                "close 1 4400", "cancel stable", "fail 1 invalidResponse", "fail 2 invalidResponse",
            ])
        #expect(!machine.hasSocket)
        #expect(machine.operationCount == 0)
    }

    @Test("a next whose payload is not a GraphQL response fails that operation only")
    func badPayload() {
        var (machine, _) = Self.ready()
        _ = machine.subscribe(Self.payload)
        let actions = machine.received(Self.one, text: #"{"id":"1","type":"next","payload":{"nothing":1}}"#)
        #expect(Self.describe(actions) == [#"send {"id":"1","type":"complete"}"#, "fail 1 invalidResponse"])
        #expect(machine.operationCount == 1)
    }

    @Test("a next before the acknowledgement is a protocol violation")
    func nextBeforeAck() {
        var machine = Machine(configuration: Self.configuration)
        _ = machine.subscribe(Self.payload)
        _ = machine.opened(Self.one)
        _ = machine.initialise(Self.one, payload: nil)
        let actions = machine.received(Self.one, text: #"{"id":"1","type":"next","payload":{"data":{}}}"#)
        #expect(Self.describe(actions) == ["close 1 4400", "cancel acknowledgement", "fail 1 invalidResponse"])
    }

    @Test(
        "each protocol close code fails every operation with its own typed error and does not reconnect",
        arguments: [
            (4400, TransportError.Code.webSocketBadRequest), (4401, .webSocketUnauthorized),
            (4403, .webSocketForbidden),
            (4409, .webSocketSubscriberExists), (4429, .webSocketTooManyInitialisations), (4500, .webSocketServerError),
        ])
    func fatalCloseCodes(code: Int, expected: TransportError.Code) {
        var (machine, _) = Self.ready()
        let actions = machine.closed(Self.one, code: code, reason: "", random: 0)
        #expect(Self.describe(actions) == ["cancel stable", "fail 1 \(expected)"])
        #expect(!machine.hasSocket)
    }

    @Test("the reconnect delays double up to the cap, and after the last attempt every operation fails")
    func backoff() throws {
        var (machine, _) = Self.ready()
        var delays: [String] = []
        var socket = Self.one
        for attempt in 1...5 {
            let closed = machine.closed(socket, code: 1006, reason: "", random: 0)
            if attempt == 5 {
                #expect(Self.describe(closed) == ["cancel stable", "fail 1 webSocketClosed"])
                break
            }
            #expect(Self.describe(closed).first == "cancel stable")
            delays += Self.describe(closed).filter { $0.hasPrefix("start reconnect") }
            let token = try #require(Self.token(closed, .reconnect))
            socket = Machine.SocketID(rawValue: socket.rawValue + 1)
            #expect(
                Self.describe(machine.timerFired(.reconnect, token: token, random: 0)) == ["open \(socket.rawValue)"])
            _ = machine.opened(socket)
            _ = machine.initialise(socket, payload: nil)
            // Every reconnect subscribes the running operation again, under the same id.
            let acknowledged = machine.received(socket, text: #"{"type":"connection_ack"}"#)
            #expect(Self.describe(acknowledged).last?.hasPrefix(#"send {"id":"1","type":"subscribe""#) == true)
        }
        #expect(
            delays == [
                "start reconnect 1.0 seconds", "start reconnect 2.0 seconds", "start reconnect 4.0 seconds",
                "start reconnect 4.0 seconds",
            ])
        #expect(machine.operationCount == 0)
    }

    @Test("a connection that stays acknowledged for the stable time starts the reconnect attempts over")
    func stableConnectionResetsAttempts() throws {
        var (machine, _) = Self.ready()
        let first = machine.closed(Self.one, code: 1006, reason: "", random: 0)
        #expect(Self.describe(first).contains("start reconnect 1.0 seconds"))
        _ = machine.timerFired(.reconnect, token: try #require(Self.token(first, .reconnect)), random: 0)
        let two = Machine.SocketID(rawValue: 2)
        _ = machine.opened(two)
        _ = machine.initialise(two, payload: nil)
        let acknowledged = machine.received(two, text: #"{"type":"connection_ack"}"#)
        _ = machine.timerFired(.stable, token: try #require(Self.token(acknowledged, .stable)), random: 0)
        let second = machine.closed(two, code: 1011, reason: "", random: 0)
        #expect(Self.describe(second).contains("start reconnect 1.0 seconds"))
    }

    @Test("an acknowledgement that does not come in time closes with 4408 and counts as a reconnect attempt")
    func acknowledgementTimeout() throws {
        var machine = Machine(configuration: Self.configuration)
        _ = machine.subscribe(Self.payload)
        _ = machine.opened(Self.one)
        let initialised = machine.initialise(Self.one, payload: nil)
        let token = try #require(Self.token(initialised, .acknowledgement))
        let fired = machine.timerFired(.acknowledgement, token: token, random: 0)
        #expect(Self.describe(fired) == ["close 1 4408", "start reconnect 1.0 seconds"])
        // The closed socket's own close event comes later and changes nothing.
        #expect(Self.describe(machine.closed(Self.one, code: 4408, reason: "", random: 0)).isEmpty)
    }

    @Test("events of a socket that was replaced change nothing")
    func staleSocket() {
        var (machine, _) = Self.ready()
        _ = machine.closed(Self.one, code: 1006, reason: "", random: 0)
        #expect(
            Self.describe(machine.received(Self.one, text: #"{"id":"1","type":"next","payload":{"data":{}}}"#)).isEmpty)
        #expect(Self.describe(machine.opened(Self.one)).isEmpty)
    }

    @Test("the last operation ending while waiting to reconnect cancels the reconnect")
    func unsubscribeWhileWaiting() {
        var (machine, id) = Self.ready()
        _ = machine.closed(Self.one, code: 1006, reason: "", random: 0)
        #expect(Self.describe(machine.unsubscribe(id)) == ["cancel reconnect"])
        #expect(!machine.hasSocket)
    }

    @Test("a failing connection payload fails the waiting operations and closes the socket")
    func payloadFails() {
        var machine = Machine(configuration: Self.configuration)
        _ = machine.subscribe(Self.payload)
        _ = machine.opened(Self.one)
        let actions = machine.payloadFailed(Self.one, TransportError(.invalidRequest, "no token"))
        #expect(Self.describe(actions) == ["close 1 1000", "fail 1 invalidRequest"])
    }
}
