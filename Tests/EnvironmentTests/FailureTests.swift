import Observation
import Testing

@testable import Environment

@Suite("Bad responses and failures give typed errors and leave the store as it was")
struct FailureTests {
    @Test("a fetch that fails then succeeds goes loading, failed, loading, loaded")
    func failThenSucceed() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        fixture.answer(item, with: Operations.itemData("1", title: "second try"))
        fixture.transport.failOnce(.any, with: TransportError(.timedOut, "scripted timeout"))
        let handle = fixture.environment.attach(item)
        let recorder = PhaseRecorder(handle)
        let error = try #require(await handle.failure() as? FetchError)
        #expect(error.code == .transport)
        #expect((error.underlying as? TransportError)?.code == .timedOut)
        #expect(fixture.store.recordCount == 0)

        await fixture.environment.revalidate().finished()
        #expect((try? await handle.loaded()) != nil)
        #expect(fixture.transport.requestCount == 2)
        handle.release()
        let phases = await recorder.finished().map(\.description)
        #expect(phases == ["loading", "failed(FetchError)", "loading", "loaded"])
    }

    @Test("a response the store refuses fails the fetch with a typed error and leaves the store unchanged")
    func refusedResponse() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        try fixture.publish(Operations.itemData("1", title: "kept"), for: item)
        fixture.transport.answer(
            .any, with: .data(["item": ["__typename": "Item", "id": "1", "title": ["not": "a string"]]]))
        fixture.transport.answerOnce(.any, with: .data(["item": "not an object"]))
        let handle = fixture.environment.attach(item, policy: .storeAndNetwork)
        let batch = fixture.environment.revalidate()
        await batch.finished()
        let error = try #require(handle.fetch.error as? FetchError)
        #expect(error.code == .invalidResponse)
        #expect((error.underlying as? StoreError)?.code == .typeMismatch)
        #expect(handle.phase.snapshot?.data?["item"]?["title"] == "kept")
        #expect(fixture.store.lookup(StoreRoot(operation: item)).data?["item"]?["title"] == "kept")
        handle.release()
    }

    @Test(
        "an answer lacking a field the client added fails with MissingDataError, as one lacking the app's field does, and says the client added it"
    )
    func missingAddedField() async throws {
        let answers: [(JSONValue, Bool)] = [
            (
                [
                    "viewer": [
                        "name": "Ada", "__typename": "User", "id": "1",
                        "bestFriend": ["name": "Grace", "__typename": "User"],
                    ]
                ], true
            ),
            (["viewer": ["name": "Ada", "id": "1", "bestFriend": nil]], true),
            (["viewer": ["__typename": "User", "id": "1", "bestFriend": nil]], false),
        ]
        for (answer, added) in answers {
            let fixture = Fixture()
            let viewer = try Operations.operation("Viewer")
            fixture.transport.answer(.any, with: .data(answer))
            let handle = fixture.environment.attach(viewer, policy: .storeAndNetwork)
            await fixture.environment.revalidate().finished()
            let error = try #require(handle.fetch.error as? MissingDataError)
            #expect(error.code == .notInResponse)
            #expect((error.underlying)?.code == .missingField)
            #expect(error.message.contains("the client added") == added, "\(error.message)")
            #expect(fixture.store.recordCount == 0)
            handle.release()
        }
    }

    @Test(
        "GraphQL errors with partial data: the data is written and shown, the field's error is in the phase, not in serverErrors"
    )
    func partialData() async throws {
        let fixture = Fixture()
        let detail = try Operations.item("1", operation: "ItemDetail")
        fixture.transport.answer(
            .any,
            with: .response(
                GraphQLResponse(
                    data: ["item": ["__typename": "Item", "id": "1", "title": "t", "count": nil]],
                    errors: [GraphQLServerError(message: "count is unavailable", path: [.key("item"), .key("count")])]))
        )
        let handle = fixture.environment.attach(detail)
        let snapshot = (try? await handle.loaded())
        #expect(snapshot?.data?["item"]?["count"] == .null)
        #expect(handle.phase.fieldErrors.map(\.message) == ["count is unavailable"])
        #expect(handle.serverErrors.isEmpty)
        handle.release()
    }

    @Test("GraphQL errors without data fail the fetch with the server's errors on the error and on the handle")
    func errorsWithoutData() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        fixture.transport.answer(
            .any, with: .response(GraphQLResponse(data: nil, errors: [GraphQLServerError(message: "forbidden")])))
        let handle = fixture.environment.attach(item)
        let error = try #require(await handle.failure() as? FetchError)
        #expect(error.code == .graphQLErrors)
        #expect(error.serverErrors.map(\.message) == ["forbidden"])
        #expect(handle.serverErrors.map(\.message) == ["forbidden"])
        #expect(fixture.store.recordCount == 0)
        handle.release()
    }

    @Test("a handle is observable through Observation: a change of phase calls the tracking's onChange")
    func observation() async throws {
        let fixture = Fixture()
        let item = try Operations.item("1")
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        let (changes, continuation) = AsyncStream<Void>.makeStream()
        withObservationTracking {
            _ = handle.phase
        } onChange: {
            continuation.yield()
        }
        try fixture.publish(Operations.itemData("1", title: "observed"), for: item)
        var iterator = changes.makeAsyncIterator()
        await iterator.next()
        #expect(handle.phase.snapshot != nil)
        handle.release()
    }

    @Test("decode reads the snapshot into a Decodable, and refuses incomplete data with MissingDataError")
    func decode() async throws {
        // The operation selects `title` only: the `id` the compiler adds is not in the data.
        struct ItemData: Decodable {
            struct Item: Decodable { var title: String }
            var item: Item
        }
        let fixture = Fixture()
        let item = try Operations.item("1")
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        #expect(throws: MissingDataError.self) { try handle.decode(ItemData.self) }
        try fixture.publish(Operations.itemData("1", title: "decoded"), for: item)
        _ = (try? await handle.loaded())
        #expect(try handle.decode(ItemData.self).item.title == "decoded")
        handle.release()
    }
}
