import Environment
import SchedulingTesting
import Testing
import TransportTesting

// The example of the DocC article "Testing your screens" (Sources/Environment/Environment.docc/
// TestingYourScreens.md), kept here verbatim so that the article cannot drift from the API.
@Suite("Testing your screens (the guide's example)")
struct TestingGuideTests {
    struct FeedData: Decodable {
        struct Post: Decodable {
            var id: String
            var title: String
        }
        var feed: [Post]
    }

    @Test("a feed is fetched once, left alone while fresh, refetched once when stale, and stays on screen meanwhile")
    func feedScreen() async throws {
        let schema = try Schema(sdl: "type Query { feed: [Post!]! }  type Post { id: ID! title: String! }")
        let document = try CompiledDocument(
            text: "query Feed @cacheExpiration(seconds: 300) { feed { id title } }", schema: schema)
        let feed = try document.operation(named: "Feed")

        let transport = ScriptedTransport()
        let clock = ManualWallClock()
        let environment = GraphQLEnvironment(schema: schema, transport: transport, clock: clock)
        transport.answer(
            .identity(feed.identity), with: .data(["feed": [["__typename": "Post", "id": "1", "title": "First"]]]))

        // The screen appears: one request, then loaded.
        let handle = environment.attach(feed, policy: .storeOrNetwork)
        for await phase in handle.phases where phase.snapshot != nil { break }
        #expect(transport.requestCount == 1)
        #expect(try handle.decode(FeedData.self).feed.map(\.title) == ["First"])

        // Back to the foreground before the feed expires: nothing is sent.
        clock.advance(by: .seconds(299))
        await environment.revalidate().finished()
        #expect(transport.requestCount == 1)

        // After it expires: one request, and the screen keeps its data while it is in flight.
        transport.answer(
            .identity(feed.identity), with: .data(["feed": [["__typename": "Post", "id": "1", "title": "Second"]]]))
        transport.hold(.any)
        clock.advance(by: .seconds(2))
        let batch = environment.revalidate()
        _ = await transport.request(at: 1)
        #expect(handle.phase.isLoading == false)
        transport.releaseAll()
        await batch.finished()
        #expect(transport.requestCount == 2)
        #expect(try handle.decode(FeedData.self).feed.map(\.title) == ["Second"])
        handle.release()
    }
}
