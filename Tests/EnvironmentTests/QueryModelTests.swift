import Observation
import Testing

@testable import Environment

/// The `@Observable` model a SwiftUI view keeps in `@State`, tested with Observation alone.
@Suite("QueryModel: a screen's state, observed on the main actor", .timeLimit(.minutes(3)))
@MainActor
struct QueryModelTests {
    /// Returns once an observer of the model is told of a change.
    static func nextChange(of model: QueryModel) async {
        await withCheckedContinuation { continuation in
            withObservationTracking {
                _ = model.phase
                _ = model.variables
                _ = model.isShowingPreviousVariables
            } onChange: {
                // Traps (and fails the run) when an observer is told off the main actor.
                MainActor.assertIsolated("a QueryModel observer was told off the main actor")
                continuation.resume()
            }
        }
    }

    /// Waits, change by change, until `predicate` holds.
    static func until(_ model: QueryModel, _ predicate: (QueryModel) -> Bool) async {
        while !predicate(model) { await nextChange(of: model) }
    }

    static func title(_ model: QueryModel) -> JSONValue? { model.phase.snapshot?.data?["item"]?["title"] }

    static func model(_ fixture: Fixture, id: String) throws -> QueryModel {
        try QueryModel(
            environment: fixture.environment, document: Operations.document, operationName: "Item",
            variables: ["id": .string(id)])
    }

    @Test("a model attaches its operation, loads, and tells its observers on the main actor")
    func loads() async throws {
        let fixture = Fixture()
        fixture.answer(try Operations.item("1"), with: Operations.itemData("1", title: "one"))
        let model = try Self.model(fixture, id: "1")
        #expect(model.phase.isLoading || model.phase.snapshot != nil)
        await Self.until(model) { Self.title($0) == "one" }
        #expect(model.handle.operation.identity == (try Operations.item("1")).identity)
        #expect(fixture.transport.requestCount == 1)
    }

    @Test(
        "new variables attach the new operation before the old one is released: the old data stays on screen until the new data is there, and the old one gets no request"
    )
    func variablesChange() async throws {
        let fixture = Fixture()
        let one = try Operations.item("1")
        let two = try Operations.item("2")
        fixture.answer(one, with: Operations.itemData("1", title: "one"))
        fixture.answer(two, with: Operations.itemData("2", title: "two"))
        let model = try Self.model(fixture, id: "1")
        await Self.until(model) { Self.title($0) == "one" }

        fixture.transport.hold(.identity(two.identity))
        model.variables = ["id": "2"]
        #expect(model.variables == ["id": "2"])
        #expect(model.isShowingPreviousVariables)
        #expect(Self.title(model) == "one")
        let lifecycle = fixture.sink.events.filter { $0.name == "handleAttached" || $0.name == "handleReleased" }
        #expect(lifecycle.map(\.name) == ["handleAttached", "handleAttached", "handleReleased"])

        _ = await fixture.transport.request(at: 1)
        fixture.transport.releaseAll()
        await Self.until(model) { Self.title($0) == "two" }
        #expect(!model.isShowingPreviousVariables)

        // The old operation is released: an invalidation fetches only the new one.
        let invalidation = fixture.environment.invalidate()
        #expect(invalidation.started == 1)
        await invalidation.finished()
        #expect(fixture.transport.requests(for: one.identity).count == 1)
        #expect(fixture.transport.requests(for: two.identity).count == 2)
        #expect(fixture.transport.requestCount == 3)
    }

    @Test("variables that do not coerce are refused with a typed error; the old operation stays attached with its data")
    func badVariables() async throws {
        let fixture = Fixture()
        fixture.answer(try Operations.item("1"), with: Operations.itemData("1", title: "one"))
        let model = try Self.model(fixture, id: "1")
        await Self.until(model) { Self.title($0) == "one" }
        let handle = model.handle

        model.variables = ["id": .null]
        #expect(model.variablesError != nil)
        #expect(model.variables == ["id": "1"])
        #expect(model.handle === handle)
        #expect(!handle.isReleased)
        #expect(Self.title(model) == "one")
        #expect(throws: GraphQLCoreError.self) { try model.setVariables([:]) }
        #expect(fixture.transport.requestCount == 1)
        #expect(throws: GraphQLCoreError.self) {
            try QueryModel(
                environment: fixture.environment, document: Operations.document, operationName: "Item",
                variables: ["id": ["not": "an id"]])
        }
        #expect(fixture.events(named: "handleAttached").count == 1)
    }

    @Test("refetch() and loaded() go to the current handle")
    func refetchAndLoaded() async throws {
        let fixture = Fixture()
        let one = try Operations.item("1")
        fixture.transport.answerOnce(.identity(one.identity), with: .data(Operations.itemData("1", title: "one")))
        fixture.answer(one, with: Operations.itemData("1", title: "again"))
        let model = try Self.model(fixture, id: "1")
        #expect(try await model.loaded().data?["item"]?["title"] == "one")
        #expect(try await model.refetch().data?["item"]?["title"] == "again")
        await Self.until(model) { Self.title($0) == "again" }
        #expect(fixture.transport.requestCount == 2)
    }

    @Test(
        "a model deallocated while its fetch is in flight releases its handle; the fetch still lands in the store, and nothing more is sent"
    )
    func deallocatedDuringFetch() async throws {
        let fixture = Fixture()
        let one = try Operations.item("1")
        fixture.answer(one, with: Operations.itemData("1", title: "late"))
        fixture.transport.hold(.identity(one.identity))
        var model: QueryModel? = try Self.model(fixture, id: "1")
        _ = await fixture.transport.request(at: 0)
        weak let handle = model?.handle
        let mark = fixture.sink.mark()
        model = nil
        #expect(handle == nil)
        #expect(fixture.events(named: "handleReleased").count == 1)

        fixture.transport.releaseAll()
        _ = try await fixture.sink.nextEvent(after: mark) { $0.name == "fetchSucceeded" }
        #expect(fixture.store.record("Item:1")?.typename == "Item")
        await fixture.environment.invalidate().finished()
        #expect(fixture.transport.requestCount == 1)
    }
}
