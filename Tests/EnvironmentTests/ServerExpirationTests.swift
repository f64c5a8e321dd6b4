import Foundation
import SQLiteStore
import SchedulingTesting
import Testing
import TransportTesting

@testable import Environment

/// Expiration from the server: `Cache-Control: max-age` / `no-store` and Apollo Server's
/// `extensions.cacheControl` hints, combined with `@cacheExpiration` and the default (decision 0178).
@Suite("Expiration from the server", .timeLimit(.minutes(3)))
struct ServerExpirationTests {
    static let schema: Schema = {
        do {
            return try Schema(sdl: "type Query { item(id: ID!): Item } type Item { id: ID! title: String! }")
        } catch {
            fatalError("the test schema does not build: \(error)")
        }
    }()

    static let document: CompiledDocument = {
        do {
            return try CompiledDocument(
                text: """
                    query Item($id: ID!) { item(id: $id) { title } }
                    query Pinned($id: ID!) @cacheExpiration(seconds: 600) { item(id: $id) { title } }
                    """,
                schema: schema)
        } catch {
            fatalError("the test operations do not compile: \(error)")
        }
    }()

    static func answer(
        _ title: String, cacheControl: CacheControl? = nil, extensions: JSONObject = [:]
    ) -> ScriptedTransport.Answer {
        var response = GraphQLResponse(
            data: ["item": ["__typename": "Item", "id": "1", "title": .string(title)]], extensions: extensions)
        response.cacheControl = cacheControl
        return .response(response)
    }

    static func environment(
        _ transport: ScriptedTransport, _ clock: ManualWallClock, store: Store? = nil, releaseBufferSize: Int = 10
    ) -> GraphQLEnvironment {
        GraphQLEnvironment(
            schema: schema, store: store, transport: transport, clock: clock,
            configuration: EnvironmentConfiguration(
                defaultExpiration: .after(.seconds(300)), releaseBufferSize: releaseBufferSize))
    }

    /// Revalidates and returns how many fetches it started.
    static func revalidate(_ environment: GraphQLEnvironment) async -> Int {
        let batch = environment.revalidate()
        await batch.finished()
        return batch.started
    }

    @Test("a max-age answer is fresh before its age and stale after it, shorter than the default")
    func maxAge() async throws {
        let transport = ScriptedTransport()
        let clock = ManualWallClock()
        transport.answer(.operationName("Item"), with: Self.answer("One", cacheControl: CacheControl(maxAge: 30)))
        let environment = Self.environment(transport, clock)
        let handle = environment.attach(try Self.document.operation(named: "Item", variables: ["id": "1"]))
        _ = try await handle.loaded()
        clock.advance(by: .seconds(29))
        #expect(await Self.revalidate(environment) == 0)
        clock.advance(by: .seconds(2))
        #expect(await Self.revalidate(environment) == 1)
        #expect(transport.requestCount == 2)
        handle.release()
    }

    @Test("Apollo Server's extensions.cacheControl hints bound the answer by their shortest maxAge")
    func extensionHints() async throws {
        let transport = ScriptedTransport()
        let clock = ManualWallClock()
        let hints: JSONObject = [
            "cacheControl": [
                "version": 1,
                "hints": [["path": ["item"], "maxAge": 60], ["path": ["item", "title"], "maxAge": 20]],
            ]
        ]
        transport.answer(.operationName("Item"), with: Self.answer("One", extensions: hints))
        let environment = Self.environment(transport, clock)
        let handle = environment.attach(try Self.document.operation(named: "Item", variables: ["id": "1"]))
        _ = try await handle.loaded()
        clock.advance(by: .seconds(19))
        #expect(await Self.revalidate(environment) == 0)
        clock.advance(by: .seconds(2))
        #expect(await Self.revalidate(environment) == 1)
        handle.release()
    }

    @Test("the document's own @cacheExpiration wins over the server's max-age")
    func documentWins() async throws {
        let transport = ScriptedTransport()
        let clock = ManualWallClock()
        transport.answer(.operationName("Pinned"), with: Self.answer("One", cacheControl: CacheControl(maxAge: 30)))
        let environment = Self.environment(transport, clock)
        let handle = environment.attach(try Self.document.operation(named: "Pinned", variables: ["id": "1"]))
        _ = try await handle.loaded()
        clock.advance(by: .seconds(301))
        #expect(await Self.revalidate(environment) == 0)
        clock.advance(by: .seconds(300))
        #expect(await Self.revalidate(environment) == 1)
        handle.release()
    }

    @Test("a later answer without a hint returns the root to the default expiration")
    func hintForgotten() async throws {
        let transport = ScriptedTransport()
        let clock = ManualWallClock()
        transport.answerOnce(.operationName("Item"), with: Self.answer("One", cacheControl: CacheControl(maxAge: 30)))
        transport.answer(.operationName("Item"), with: Self.answer("Two"))
        let environment = Self.environment(transport, clock)
        let handle = environment.attach(try Self.document.operation(named: "Item", variables: ["id": "1"]))
        _ = try await handle.loaded()
        clock.advance(by: .seconds(31))
        #expect(await Self.revalidate(environment) == 1)
        clock.advance(by: .seconds(31))
        #expect(await Self.revalidate(environment) == 0)
        handle.release()
    }

    @Test("a no-store answer is shown but never written to the record source, and goes with its root")
    func noStore() async throws {
        let transport = ScriptedTransport()
        let clock = ManualWallClock()
        transport.answer(.operationName("Item"), with: Self.answer("Secret", cacheControl: CacheControl(noStore: true)))
        let environment = Self.environment(transport, clock, releaseBufferSize: 0)
        let operation = try Self.document.operation(named: "Item", variables: ["id": "1"])
        let handle = environment.attach(operation)
        #expect(try await handle.loaded().data?["item"]?["title"] == "Secret")
        #expect(environment.store.recordCount == 0)
        handle.release()
        #expect(environment.store.lookup(StoreRoot(operation: operation)).isMissingData)
        #expect(transport.requestCount == 1)
    }

    @Test("over SQLite a max-age outlives the launch: fresh before it after a relaunch, stale after it")
    func relaunch() async throws {
        let directory = NSTemporaryDirectory() + "/server-expiration-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clock = ManualWallClock()
        let operation = try Self.document.operation(named: "Item", variables: ["id": "1"])
        func launch() throws -> (GraphQLEnvironment, ScriptedTransport) {
            let transport = ScriptedTransport()
            transport.answer(.operationName("Item"), with: Self.answer("One", cacheControl: CacheControl(maxAge: 30)))
            let store = Store(clock: clock, source: try SQLiteRecordSource(path: directory + "/store.sqlite"))
            return (Self.environment(transport, clock, store: store), transport)
        }
        do {
            let (environment, transport) = try launch()
            let handle = environment.attach(operation)
            _ = try await handle.loaded()
            #expect(transport.requestCount == 1)
            handle.release()
        }
        clock.advance(by: .seconds(20))
        do {
            let (environment, transport) = try launch()
            let handle = environment.attach(operation, policy: .storeOrNetwork)
            _ = try await handle.loaded()
            #expect(transport.requestCount == 0)
            handle.release()
        }
        clock.advance(by: .seconds(20))
        let (environment, transport) = try launch()
        let handle = environment.attach(operation, policy: .storeOrNetwork)
        _ = try await handle.loaded()
        await environment.revalidate().finished()
        #expect(transport.requestCount == 1)
        handle.release()
    }
}
