import Environment
import Testing

@Suite("A committed mutation is logged as a fetch with reason mutation", .timeLimit(.minutes(3)))
struct MutationEventTests {
    /// A fixture with item 1 in the store and a handle that reads it, and its log emptied.
    static func prepared() throws -> (Fixture, Handle) {
        let fixture = Fixture()
        let item = try Operations.item("1")
        try fixture.publish(Operations.itemData("1", title: "v1"), for: item)
        let handle = fixture.environment.attach(item, policy: .storeOnly)
        fixture.sink.removeAll()
        return (fixture, handle)
    }

    @Test("a mutation that succeeds logs fetchStarted, then the publish of its response, then fetchSucceeded")
    func success() async throws {
        let (fixture, handle) = try Self.prepared()
        let rename = try MutationTests.rename("server")
        fixture.transport.answer(.operationName("Rename"), with: .data(MutationTests.renamed("server")))

        try await fixture.environment.commit(rename, optimisticResponse: MutationTests.renamed("optimistic"))

        let logged = LoggedOperation(rename)
        // Item:1's title, and the mutation root's link to Item:1; the one handle reading item 1 is told.
        #expect(
            fixture.sink.events.map(\.withoutDuration) == [
                logged.started(.mutation),
                .published(recordsChanged: 2, subscriptionsNotified: 1),
                logged.succeeded(.mutation),
            ])
        #expect(MutationTests.title(handle) == "server")
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }

    @Test("a mutation whose request fails logs fetchFailed with the transport error's kind, and no publish")
    func transportFailure() async throws {
        let (fixture, handle) = try Self.prepared()
        let rename = try MutationTests.rename("server")
        fixture.transport.answer(.operationName("Rename"), with: .failure(TransportError(.timedOut, "scripted")))

        let error = await #expect(throws: FetchError.self) {
            try await fixture.environment.commit(rename, optimisticResponse: MutationTests.renamed("optimistic"))
        }

        #expect(error?.code == .transport)
        let logged = LoggedOperation(rename)
        #expect(
            fixture.sink.events.map(\.withoutDuration) == [
                logged.started(.mutation), logged.failed(.mutation, .timeout),
            ])
        #expect(MutationTests.title(handle) == "v1")
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }

    @Test("a mutation answered with GraphQL errors and no data logs fetchFailed graphQLErrors")
    func graphQLErrorsWithoutData() async throws {
        let (fixture, handle) = try Self.prepared()
        let rename = try MutationTests.rename("server")
        fixture.transport.answer(
            .operationName("Rename"), with: .response(GraphQLResponse(errors: [GraphQLServerError(message: "no")])))

        let error = await #expect(throws: FetchError.self) { try await fixture.environment.commit(rename) }

        #expect(error?.code == .graphQLErrors)
        let logged = LoggedOperation(rename)
        #expect(
            fixture.sink.events.map(\.withoutDuration) == [
                logged.started(.mutation), logged.failed(.mutation, .graphQLErrors),
            ])
        #expect(fixture.transport.requestCount == 1)
        handle.release()
    }

    @Test("a mutation whose response the store refuses logs fetchFailed invalidResponse, and no publish")
    func refusedResponse() async throws {
        let (fixture, handle) = try Self.prepared()
        let rename = try MutationTests.rename("server")
        fixture.transport.answer(
            .operationName("Rename"),
            with: .data(["rename": ["__typename": "Item", "id": "1", "title": ["not": "a leaf"]]]))

        let error = await #expect(throws: FetchError.self) { try await fixture.environment.commit(rename) }

        #expect(error?.code == .invalidResponse)
        let logged = LoggedOperation(rename)
        #expect(
            fixture.sink.events.map(\.withoutDuration) == [
                logged.started(.mutation), logged.failed(.mutation, .invalidResponse),
            ])
        #expect(MutationTests.title(handle) == "v1")
        handle.release()
    }

    @Test("an optimistic response the store refuses sends no request and logs nothing")
    func optimisticResponseRefused() async throws {
        let (fixture, handle) = try Self.prepared()
        let rename = try MutationTests.rename("server")
        fixture.transport.answer(.operationName("Rename"), with: .data(MutationTests.renamed("server")))

        await #expect(throws: StoreError.self) {
            try await fixture.environment.commit(
                rename, optimisticResponse: ["rename": ["__typename": "Item", "id": "1", "title": ["not": "a leaf"]]])
        }

        #expect(fixture.sink.events == [])
        #expect(fixture.transport.requestCount == 0)
        #expect(MutationTests.title(handle) == "v1")
        handle.release()
    }
}
