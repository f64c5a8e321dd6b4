import EventLogTesting
import Foundation
import Testing

@testable import Environment

@Suite("The event log carries no values", .timeLimit(.minutes(3)))
struct SecretsTests {
    static let secrets = [
        "SECRET-VARIABLE-7f3a", "SECRET-RESPONSE-91b2", "SECRET-SERVER-ERROR-55c0", "SECRET-TRANSPORT-0d1e",
    ]

    @Test("no recorded event carries a secret from a response, a variable or a server's error message")
    func noSecretsInEvents() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-\(UUID().uuidString).jsonl")
        #expect(FileManager.default.createFile(atPath: path.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: path) }
        let file = try FileHandle(forWritingTo: path)
        let memory = InMemoryEventSink()
        let lines = JSONLinesEventSink(fileHandle: file)
        let fixture = Fixture(defaultExpiration: .seconds(60))
        let environment = GraphQLEnvironment(
            schema: Operations.schema, transport: fixture.transport, clock: fixture.clock,
            log: TeeSink(sinks: [memory, lines]),
            configuration: EnvironmentConfiguration(defaultExpiration: .after(.seconds(60)), releaseBufferSize: 0))

        let secretItem = try Operations.item(Self.secrets[0])
        let detail = try Operations.item(Self.secrets[0], operation: "ItemDetail")
        let failing = try Operations.item("failing")
        fixture.transport.answer(
            .identity(secretItem.identity), with: .data(Operations.itemData(Self.secrets[0], title: Self.secrets[1])))
        fixture.transport.answer(
            .identity(detail.identity),
            with: .response(
                GraphQLResponse(
                    data: [
                        "item": [
                            "__typename": "Item", "id": .string(Self.secrets[0]), "title": .string(Self.secrets[1]),
                            "count": nil,
                        ]
                    ],
                    errors: [GraphQLServerError(message: Self.secrets[2])])))
        fixture.transport.answerOnce(
            .identity(failing.identity),
            with: .response(GraphQLResponse(errors: [GraphQLServerError(message: Self.secrets[2])])))
        fixture.transport.answer(
            .identity(failing.identity), with: .failure(TransportError(.cannotConnect, Self.secrets[3])))

        let handles = [
            environment.attach(secretItem), environment.attach(detail, policy: .storeAndNetwork),
            environment.attach(failing),
        ]
        #expect((try? await handles[0].loaded()) != nil)
        #expect((try? await handles[1].loaded()) != nil)
        #expect(await handles[2].failure() != nil)
        fixture.clock.advance(by: .seconds(61))
        await environment.revalidate().finished()
        await environment.invalidate().finished()
        for handle in handles { handle.release() }
        environment.collectGarbage()
        try file.close()

        let events = memory.events
        for name in [
            "handleAttached", "fetchStarted", "fetchSucceeded", "fetchFailed", "published", "revalidationSwept",
            "invalidated", "handleReleased", "collected",
        ] {
            #expect(events.contains { $0.name == name }, "the scenario records \(name)")
        }
        let text = try String(contentsOf: path, encoding: .utf8)
        #expect(text.split(separator: "\n").count == events.count)
        for secret in Self.secrets {
            #expect(!text.contains(secret))
            for event in events {
                #expect(!String(describing: event).contains(secret))
                #expect(!String(reflecting: event).contains(secret))
            }
        }
    }

    @Test("no recorded event of a mutation or a subscription carries a secret from a response, a variable or an error")
    func noSecretsInMutationAndSubscriptionEvents() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-\(UUID().uuidString).jsonl")
        #expect(FileManager.default.createFile(atPath: path.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: path) }
        let file = try FileHandle(forWritingTo: path)
        let memory = InMemoryEventSink()
        let fixture = Fixture()
        let environment = GraphQLEnvironment(
            schema: Operations.schema, transport: fixture.transport, clock: fixture.clock,
            log: TeeSink(sinks: [memory, JSONLinesEventSink(fileHandle: file)]))
        let secretID = Self.secrets[0]

        // Mutations: one answered with a secret, one with a server error's secret message, one whose
        // request fails with a secret in the transport's message. Every variable is a secret.
        let renamed: JSONValue = [
            "rename": ["__typename": "Item", "id": .string(secretID), "title": .string(Self.secrets[1])]
        ]
        let answered = try Operations.operation(
            "Rename", variables: ["id": .string(secretID), "title": "SECRET-VARIABLE-a"])
        let refused = try Operations.operation(
            "Rename", variables: ["id": .string(secretID), "title": "SECRET-VARIABLE-b"])
        let failing = try Operations.operation(
            "Rename", variables: ["id": .string(secretID), "title": "SECRET-VARIABLE-c"])
        fixture.transport.answer(.identity(answered.identity), with: .data(renamed))
        fixture.transport.answer(
            .identity(refused.identity),
            with: .response(GraphQLResponse(errors: [GraphQLServerError(message: Self.secrets[2])])))
        fixture.transport.answer(
            .identity(failing.identity), with: .failure(TransportError(.cannotConnect, Self.secrets[3])))
        try await environment.commit(answered, optimisticResponse: renamed)
        await #expect(throws: FetchError.self) { try await environment.commit(refused) }
        await #expect(throws: FetchError.self) { try await environment.commit(failing) }

        // A subscription: secret events, parked, resumed, failed with a secret message, resumed, cancelled.
        let updates = try Operations.operation("ItemUpdated", variables: ["id": .string(secretID)])
        fixture.transport.answer(.identity(updates.identity), with: .open)
        let subscription = environment.subscribe(updates)
        let event: JSONValue = [
            "itemUpdated": ["__typename": "Item", "id": .string(secretID), "title": .string(Self.secrets[1])]
        ]
        _ = await fixture.transport.request(at: 3)
        let mark = memory.mark()
        fixture.transport.send(
            GraphQLResponse(data: event, errors: [GraphQLServerError(message: Self.secrets[2])]), toRequestAt: 3)
        _ = try await memory.nextEvent(after: mark) { $0.name == "published" }
        environment.isActive = false
        await subscription.lastStreamEnded()
        environment.isActive = true
        _ = await fixture.transport.request(at: 4)
        fixture.transport.finish(requestAt: 4, throwing: TransportError(.truncated, Self.secrets[3]))
        await subscription.lastStreamEnded()
        environment.isActive = false
        environment.isActive = true
        _ = await fixture.transport.request(at: 5)
        subscription.cancel()
        await subscription.lastStreamEnded()
        try file.close()

        let events = memory.events
        for name in [
            "fetchStarted", "fetchSucceeded", "fetchFailed", "published", "subscriptionParked", "subscriptionCancelled",
        ] {
            #expect(events.contains { $0.name == name }, "the scenario records \(name)")
        }
        #expect(events.contains { if case .fetchFailed(_, _, .subscription, _, _) = $0 { true } else { false } })
        #expect(events.contains { if case .fetchFailed(_, _, .mutation, _, _) = $0 { true } else { false } })
        let text = try String(contentsOf: path, encoding: .utf8)
        #expect(text.split(separator: "\n").count == events.count)
        for secret in Self.secrets + ["SECRET-VARIABLE-a", "SECRET-VARIABLE-b", "SECRET-VARIABLE-c"] {
            #expect(!text.contains(secret))
            for event in events {
                #expect(!String(describing: event).contains(secret))
                #expect(!String(reflecting: event).contains(secret))
            }
        }
    }
}
