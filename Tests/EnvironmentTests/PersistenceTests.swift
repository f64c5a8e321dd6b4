import EventLogTesting
import Foundation
import SQLiteStore
import SchedulingTesting
import Testing
import TransportTesting

@testable import Environment

/// Launches of an app over one SQLite file: each launch is a new environment, store and transport
/// over the same file, with one wall clock that keeps running between them.
@Suite("Persistence across launches")
struct PersistenceTests {
    final class App {
        let directory: String
        let clock = ManualWallClock()

        init() throws {
            directory = NSTemporaryDirectory() + "/persistence-tests-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        /// A launch: a new environment over the file, fetching through a new scripted transport.
        func launch(
            retention: PersistedRootPolicy = PersistedRootPolicy(), releaseBufferSize: Int = 10
        ) throws -> (GraphQLEnvironment, ScriptedTransport) {
            let transport = ScriptedTransport()
            let source = try SQLiteRecordSource(
                path: directory + "/store.sqlite", configuration: SQLiteStoreConfiguration(retention: retention))
            let environment = GraphQLEnvironment(
                schema: Operations.schema, store: Store(clock: clock, source: source), transport: transport,
                clock: clock,
                configuration: EnvironmentConfiguration(
                    defaultExpiration: .after(.seconds(60)), releaseBufferSize: releaseBufferSize))
            return (environment, transport)
        }

        /// Launch one: attaches `operation`, answers its one request with `title`, releases it.
        func firstLaunch(_ operation: GraphQLOperation, title: String = "from the server") async throws {
            let (environment, transport) = try launch()
            transport.answer(.identity(operation.identity), with: .data(Operations.itemData("1", title: title)))
            let handle = environment.attach(operation, policy: .storeOrNetwork)
            #expect(try await handle.loaded().data?["item"]?["title"] == .string(title))
            #expect(transport.requestCount == 1)
            handle.release()
        }
    }

    @Test("after a relaunch a storeOrNetwork screen whose persisted data is fresh shows it with 0 requests")
    func freshAfterRelaunch() async throws {
        let app = try App()
        let day = try Operations.item("1", operation: "DayItem")
        try await app.firstLaunch(day)
        app.clock.advance(by: .seconds(3600))
        let (environment, transport) = try app.launch()
        let handle = environment.attach(day, policy: .storeOrNetwork)
        #expect(handle.phase.snapshot?.data?["item"]?["title"] == "from the server")
        #expect(handle.fetch.isInFlight == false)
        #expect(transport.requestCount == 0)
        handle.release()
    }

    @Test("after a relaunch a storeOrNetwork screen whose persisted data expired shows it and makes exactly 1 request")
    func staleAfterRelaunch() async throws {
        let app = try App()
        let hour = try Operations.item("1", operation: "HourItem")
        try await app.firstLaunch(hour)
        // The age counts on across launches, on the wall clock: an hour and a second later it is stale.
        app.clock.advance(by: .seconds(3601))
        let (environment, transport) = try app.launch()
        transport.answer(.identity(hour.identity), with: .data(Operations.itemData("1", title: "refreshed")))
        let handle = environment.attach(hour, policy: .storeOrNetwork)
        #expect(handle.phase.snapshot?.data?["item"]?["title"] == "from the server")
        #expect(await handle.phase { $0.snapshot?.data?["item"]?["title"] == "refreshed" } != nil)
        #expect(transport.requestCount == 1)
        handle.release()
    }

    @Test("an invalidation before the relaunch makes the persisted data stale after it: exactly 1 request")
    func invalidationSurvivesRelaunch() async throws {
        let app = try App()
        let day = try Operations.item("1", operation: "DayItem")
        try await app.firstLaunch(day)
        do {
            let (environment, _) = try app.launch()
            environment.store.invalidate()
        }
        let (environment, transport) = try app.launch()
        transport.answer(.identity(day.identity), with: .data(Operations.itemData("1", title: "refreshed")))
        let handle = environment.attach(day, policy: .storeOrNetwork)
        #expect(await handle.phase { $0.snapshot?.data?["item"]?["title"] == "refreshed" } != nil)
        #expect(transport.requestCount == 1)
        handle.release()
    }

    @Test("after a relaunch a storeOnly screen shows the persisted data with 0 requests, stale or not")
    func storeOnlyAfterRelaunch() async throws {
        let app = try App()
        let item = try Operations.item("1")
        try await app.firstLaunch(item)
        app.clock.advance(by: .seconds(7 * 24 * 3600))
        let (environment, transport) = try app.launch()
        let handle = environment.attach(item, policy: .storeOnly)
        #expect(handle.phase.snapshot?.data?["item"]?["title"] == "from the server")
        environment.revalidate()
        #expect(transport.requestCount == 0)
        handle.release()
    }

    @Test("a collection in a later launch keeps the data of a root the earlier launch's screen read")
    func collectionKeepsEarlierLaunches() async throws {
        let app = try App()
        let day = try Operations.item("1", operation: "DayItem")
        try await app.firstLaunch(day)
        // Launch two shows another screen and lets it go; the collection runs with only it in mind.
        do {
            let (environment, transport) = try app.launch(releaseBufferSize: 0)
            let feed = try Operations.operation("Feed")
            transport.answer(
                .identity(feed.identity),
                with: .data(["feed": [["__typename": "Item", "id": "2", "title": "other"]]]))
            let handle = environment.attach(feed, policy: .storeOrNetwork)
            _ = try await handle.loaded()
            handle.release()
            let report = environment.collectGarbage()
            #expect(report.keptRecords == 3)
        }
        let (environment, transport) = try app.launch()
        let handle = environment.attach(day, policy: .storeOnly)
        #expect(handle.phase.snapshot?.data?["item"]?["title"] == "from the server")
        #expect(transport.requestCount == 0)
        handle.release()
    }

    @Test("with a policy that keeps no root of earlier launches, the next launch's collection takes them")
    func policyNoneCollects() async throws {
        let app = try App()
        let day = try Operations.item("1", operation: "DayItem")
        try await app.firstLaunch(day)
        do {
            let (environment, _) = try app.launch(retention: .none)
            #expect(environment.collectGarbage().keptRecords == 0)
        }
        let (environment, _) = try app.launch()
        let handle = environment.attach(day, policy: .storeOnly)
        #expect(handle.phase.error is MissingDataError)
        handle.release()
    }

    @Test("revalidate() shows a screen what another environment on the shared file wrote, with 0 requests while fresh")
    func revalidateShowsAnotherWriter() async throws {
        let app = try App()
        let day = try Operations.item("1", operation: "DayItem")
        try await app.firstLaunch(day, title: "from the app")
        // The app and its extension, each with its own environment and store over the one file.
        let (environment, transport) = try app.launch()
        let (extensionEnvironment, extensionTransport) = try app.launch()
        let handle = environment.attach(day, policy: .storeOrNetwork)
        #expect(handle.phase.snapshot?.data?["item"]?["title"] == "from the app")
        try extensionEnvironment.store.publish(
            Operations.itemData("1", title: "from the extension"), to: StoreRoot(operation: day))
        // Nothing tells the app the moment the extension commits; revalidate() does.
        #expect(handle.phase.snapshot?.data?["item"]?["title"] == "from the app")
        environment.revalidate()
        #expect(handle.phase.snapshot?.data?["item"]?["title"] == "from the extension")
        #expect(transport.requestCount == 0)
        #expect(extensionTransport.requestCount == 0)
        handle.release()
    }
}
