import EventLogTesting
import Testing
import TransportTesting

@testable import Environment

/// An incremental answer (`@defer`, `@stream`) through the runtime, over a scripted transport that
/// sends each part when the test says: one request, the first part on screen while the rest
/// arrives, and what the parts wrote kept when a later one fails.
@Suite("Incremental delivery through the runtime")
struct IncrementalDeliveryTests {
    static let schema: Schema = {
        do {
            return try Schema(
                sdl: """
                    type Query { viewer: User feed: [Post!]! }
                    type User { id: ID! name: String! bio: String }
                    type Post { id: ID! title: String! }
                    directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
                    directive @stream(if: Boolean! = true, label: String, initialCount: Int = 0) on FIELD
                    """)
        } catch {
            fatalError("the test schema does not build: \(error)")
        }
    }()

    static let document: CompiledDocument = {
        do {
            return try CompiledDocument(
                text: """
                    query Profile { viewer { name ... @defer(label: "bio") { bio } } }
                    query Feed { feed @stream(initialCount: 1) { title } }
                    """,
                schema: schema)
        } catch {
            fatalError("the test operations do not compile: \(error)")
        }
    }()

    static let initial = GraphQLResponse(
        data: ["viewer": ["__typename": "User", "id": "1", "name": "Ada"]], hasNext: true)
    static let bioPart = GraphQLResponse(
        hasNext: false, increments: [GraphQLIncrement(path: [.key("viewer")], payload: .fields(["bio": "Analyst"]))])

    struct Setup {
        let transport = ScriptedTransport()
        let sink = InMemoryEventSink()
        let environment: GraphQLEnvironment

        init() {
            environment = GraphQLEnvironment(schema: IncrementalDeliveryTests.schema, transport: transport, log: sink)
            transport.answer(.any, with: .open)
        }

        func events(named name: String) -> [Event] { sink.events.filter { $0.name == name } }

        /// Returns once the fetch ended: its event is recorded after every handle was updated.
        func fetchEnded() async throws {
            _ = try await sink.firstEvent { $0.name == "fetchSucceeded" || $0.name == "fetchFailed" }
        }
    }

    static func bio(_ phase: Handle.Phase?) -> JSONValue? { phase?.snapshot?.data?["viewer"]?["bio"] }

    @Test(
        "the handle is loaded with the first part while the answer is open, then shows the deferred fields; 1 request")
    func deferredFieldsArriveLater() async throws {
        let setup = Setup()
        let handle = setup.environment.attach(try Self.document.operation(named: "Profile"))
        let request = await setup.transport.request(at: 0)
        #expect(request.text.contains("@defer"))

        setup.transport.send(Self.initial, toRequestAt: 0)
        let first = await handle.phase { $0.snapshot != nil }
        #expect(first?.snapshot?.data == ["viewer": ["name": "Ada"]])
        #expect(first?.snapshot?.missesOnlyDeferredFields == true)
        #expect(handle.fetch.isInFlight)
        let partial = try handle.decode(Profile.self)
        #expect(partial.viewer.name == "Ada" && partial.viewer.bio == nil)

        setup.transport.send(Self.bioPart, toRequestAt: 0)
        setup.transport.finish(requestAt: 0)
        let whole = await handle.phase { Self.bio($0) != nil }
        #expect(whole?.snapshot?.data == ["viewer": ["name": "Ada", "bio": "Analyst"]])
        try await setup.fetchEnded()
        #expect(handle.fetch.error == nil)
        #expect(!handle.snapshot.isMissingData)
        #expect(setup.transport.requestCount == 1)
        #expect(setup.events(named: "fetchStarted").count == 1)
        #expect(setup.events(named: "fetchSucceeded").count == 1)
        handle.release()
    }

    @Test("streamed items are appended to the list as each part arrives; 1 request")
    func streamedItems() async throws {
        let setup = Setup()
        let handle = setup.environment.attach(try Self.document.operation(named: "Feed"))
        _ = await setup.transport.request(at: 0)
        func post(_ id: Int) -> JSONValue {
            ["__typename": "Post", "id": .string("p\(id)"), "title": .string("T\(id)")]
        }
        func titles(_ phase: Handle.Phase?) -> [JSONValue]? {
            phase?.snapshot?.data?["feed"]?.arrayValue?.map { $0["title"] ?? .null }
        }

        setup.transport.send(GraphQLResponse(data: ["feed": [post(1)]], hasNext: true), toRequestAt: 0)
        #expect(titles(await handle.phase { $0.snapshot != nil }) == ["T1"])
        #expect(handle.fetch.isInFlight)
        setup.transport.send(
            GraphQLResponse(
                hasNext: true,
                increments: [GraphQLIncrement(path: [.key("feed")], payload: .items([post(2), post(3)]))]),
            toRequestAt: 0)
        #expect(titles(await handle.phase { titles($0)?.count == 3 }) == ["T1", "T2", "T3"])
        setup.transport.send(
            GraphQLResponse(
                hasNext: false, increments: [GraphQLIncrement(path: [.key("feed")], payload: .items([post(4)]))]),
            toRequestAt: 0)
        setup.transport.finish(requestAt: 0)
        #expect(titles(await handle.phase { titles($0)?.count == 4 }) == ["T1", "T2", "T3", "T4"])
        try await setup.fetchEnded()
        #expect(handle.fetch.error == nil)
        #expect(setup.transport.requestCount == 1)
        #expect(setup.events(named: "fetchSucceeded").count == 1)
        handle.release()
    }

    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        case incrementAtAbsentPath, itemsIntoAnObject, transportDrops, endsBeforeLastPart
        var testDescription: String { rawValue }
    }

    @Test(
        "a later part that fails fails the fetch; the first part stays written and on screen", arguments: Fault.allCases
    )
    func laterPartFails(_ fault: Fault) async throws {
        let setup = Setup()
        let handle = setup.environment.attach(try Self.document.operation(named: "Profile"))
        _ = await setup.transport.request(at: 0)
        setup.transport.send(Self.initial, toRequestAt: 0)
        _ = await handle.phase { $0.snapshot != nil }

        let expected: TransportError.Code
        switch fault {
        case .incrementAtAbsentPath:
            setup.transport.send(
                GraphQLResponse(
                    hasNext: false,
                    increments: [GraphQLIncrement(path: [.key("nobody")], payload: .fields(["bio": "x"]))]
                ),
                toRequestAt: 0)
            expected = .invalidIncrement
        case .itemsIntoAnObject:
            setup.transport.send(
                GraphQLResponse(
                    hasNext: false, increments: [GraphQLIncrement(path: [.key("viewer")], payload: .items(["x"]))]),
                toRequestAt: 0)
            expected = .invalidIncrement
        case .transportDrops:
            setup.transport.finish(requestAt: 0, throwing: TransportError(.truncated, "the connection was reset"))
            expected = .truncated
        case .endsBeforeLastPart:
            setup.transport.finish(requestAt: 0)
            expected = .truncated
        }
        try await setup.fetchEnded()
        let failed = handle.phase
        let error = try #require(handle.fetch.error as? FetchError)
        #expect(error.code == .transport)
        #expect((error.underlying as? TransportError)?.code == expected)
        #expect(failed.snapshot?.data == ["viewer": ["name": "Ada"]])
        #expect(setup.environment.store.record("User:1")?["name"] == .scalar("Ada"))
        #expect(setup.transport.requestCount == 1)
        #expect(setup.events(named: "fetchFailed").count == 1)
        handle.release()
    }

    @Test("an answer that ends cleanly without its deferred fields leaves them missing data")
    func cleanEndWithoutDeferredFields() async throws {
        let setup = Setup()
        let handle = setup.environment.attach(try Self.document.operation(named: "Profile"))
        _ = await setup.transport.request(at: 0)
        setup.transport.send(Self.initial, toRequestAt: 0)
        _ = await handle.phase { $0.snapshot != nil }
        setup.transport.send(GraphQLResponse(hasNext: false), toRequestAt: 0)
        setup.transport.finish(requestAt: 0)
        let error = await handle.failure()
        #expect((error as? MissingDataError)?.code == .notInResponse)
        #expect(setup.transport.requestCount == 1)
        handle.release()
    }

    @Test("an answer whose deferred part failed with errors keeps the rest on screen with the server's errors")
    func deferredPartWithErrors() async throws {
        let setup = Setup()
        let handle = setup.environment.attach(try Self.document.operation(named: "Profile"))
        _ = await setup.transport.request(at: 0)
        setup.transport.send(Self.initial, toRequestAt: 0)
        _ = await handle.phase { $0.snapshot != nil }
        let serverError = GraphQLServerError(message: "bio unavailable", path: [.key("viewer"), .key("bio")])
        setup.transport.send(GraphQLResponse(errors: [serverError], hasNext: false), toRequestAt: 0)
        setup.transport.finish(requestAt: 0)
        try await setup.fetchEnded()
        #expect(handle.phase.snapshot?.data == ["viewer": ["name": "Ada"]])
        #expect(handle.serverErrors == [serverError])
        #expect(setup.transport.requestCount == 1)
        handle.release()
    }

    struct Profile: Decodable {
        struct Viewer: Decodable {
            var name: String
            var bio: String?
        }
        var viewer: Viewer
    }
}
