import GraphQLCore
import Testing

@testable import Transport

/// Incremental answers (`@defer`/`@stream`) over `graphql-transport-ws`, one `next` message per
/// part, read by the machine with the reader the HTTP transport uses. No server sends them yet
/// (Strawberry 0.341 refuses incremental delivery on WebSocket; the integration test says so), so
/// the parts are the ones Strawberry sends over HTTP.
@Suite("Incremental answers over graphql-transport-ws")
struct WebSocketIncrementalTests {
    typealias Machine = GraphQLWebSocketMachine
    typealias F = IncrementalFixtures

    static func next(_ id: String, _ payload: String) -> String {
        #"{"id":""# + id + #"","type":"next","payload":"# + payload + "}"
    }

    static func responses(_ actions: [Machine.Action]) -> [GraphQLResponse] {
        actions.compactMap { action in
            if case .deliver(_, let response) = action { return response }
            return nil
        }
    }

    @Test("each part is delivered as it arrives, with hasNext and its increments' paths from the root")
    func partsInOrder() throws {
        var (machine, id) = GraphQLWebSocketMachineTests.ready()
        let one = GraphQLWebSocketMachineTests.one

        let initial = try #require(Self.responses(machine.received(one, text: Self.next(id, F.initialPart))).first)
        #expect(initial.hasNext)
        #expect(initial.data?["detail"]?["id"] == "d1")
        #expect(initial.increments.isEmpty)

        let stream = try #require(Self.responses(machine.received(one, text: Self.next(id, F.streamPart))).first)
        #expect(stream.hasNext)
        #expect(stream.data == nil)
        #expect(stream.increments.map(\.path) == [[.key("items")]])

        let last = try #require(Self.responses(machine.received(one, text: Self.next(id, F.deferPart))).first)
        #expect(!last.hasNext)
        #expect(last.increments.map(\.path) == [[.key("detail")]])
        #expect(last.increments.first?.label == "slow")

        #expect(
            GraphQLWebSocketMachineTests.describe(machine.received(one, text: #"{"id":"1","type":"complete"}"#))
                == ["finish 1", "close 1 1000", "cancel stable"])
    }

    @Test("after an incremental answer completes, the next payload starts afresh (a subscription's next event)")
    func readerDroppedWhenComplete() throws {
        var (machine, id) = GraphQLWebSocketMachineTests.ready()
        let one = GraphQLWebSocketMachineTests.one
        for part in [F.initialPart, F.streamPart, F.deferPart] {
            _ = machine.received(one, text: Self.next(id, part))
        }
        // A plain payload: not a later part (which may not carry `data`), an answer of its own.
        let plain = try #require(
            Self.responses(machine.received(one, text: Self.next(id, #"{"data":{"value":2}}"#))).first)
        #expect(plain.data?["value"] == 2)
        #expect(!plain.hasNext)
        // And a second incremental answer may name the pending ids the first one used.
        let again = try #require(Self.responses(machine.received(one, text: Self.next(id, F.initialPart))).first)
        #expect(again.hasNext)
        #expect(machine.operationCount == 1)
    }

    @Test("a part naming an id that is not pending fails that operation only, and the other goes on")
    func unknownPendingID() throws {
        var (machine, first) = GraphQLWebSocketMachineTests.ready()
        let one = GraphQLWebSocketMachineTests.one
        let (second, _) = machine.subscribe(GraphQLWebSocketMachineTests.payload)
        _ = machine.received(one, text: Self.next(first, F.initialPart))
        _ = machine.received(one, text: Self.next(second, F.initialPart))
        let bad = #"{"hasNext":true,"incremental":[{"id":"7","data":{"summary":"x"}}]}"#
        #expect(
            GraphQLWebSocketMachineTests.describe(machine.received(one, text: Self.next(first, bad))) == [
                #"send {"id":"1","type":"complete"}"#, "fail 1 invalidResponse",
            ])
        let stream = try #require(Self.responses(machine.received(one, text: Self.next(second, F.streamPart))).first)
        #expect(stream.increments.count == 1)
        #expect(machine.operationCount == 1)
    }

    @Test("a later part that carries data again is invalidResponse for its operation")
    func laterPartWithData() {
        var (machine, id) = GraphQLWebSocketMachineTests.ready()
        let one = GraphQLWebSocketMachineTests.one
        _ = machine.received(one, text: Self.next(id, F.initialPart))
        #expect(
            GraphQLWebSocketMachineTests.describe(
                machine.received(one, text: Self.next(id, #"{"data":{"value":1},"hasNext":false}"#))) == [
                    #"send {"id":"1","type":"complete"}"#, "fail 1 invalidResponse", "close 1 1000", "cancel stable",
                ])
        #expect(machine.operationCount == 0)
    }

    @Test("a message the transport could not parse is the same protocol violation as before")
    func malformedParsedOutside() {
        var (machine, _) = GraphQLWebSocketMachineTests.ready()
        let parsed = Result { () throws(GraphQLWebSocketMessage.Malformed) in
            try GraphQLWebSocketMessage(parsing: "{")
        }
        #expect(
            GraphQLWebSocketMachineTests.describe(machine.received(GraphQLWebSocketMachineTests.one, message: parsed))
                == ["close 1 4400", "cancel stable", "fail 1 invalidResponse"])
    }
}
