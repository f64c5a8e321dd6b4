@_spi(Inspector) import Environment
import EventLog
import GraphQLCore
import LoopbackHTTP
import Primitives
import Testing

@testable import EnvironmentInspector

@Suite("The inspector's JSON says what the runtime knows, and hides values unless allowed")
struct InspectorJSONTests {
    func json(_ routes: InspectorRoutes, _ path: String, query: [String: String] = [:]) throws -> (Int, JSONValue) {
        guard case .response(let response) = routes.reply(to: HTTPRequest(path: path, query: query)) else {
            Issue.record("\(path) did not answer a response")
            return (0, .null)
        }
        return (response.status, try JSONValue(parsing: response.body))
    }

    func routes(_ app: InspectedApp, showsValues: Bool = false) -> InspectorRoutes {
        InspectorRoutes(
            environment: app.environment, events: app.events,
            configuration: InspectorConfiguration(showsValues: showsValues))
    }

    @Test("roots list their holders' policies, last fetch, staleness and the planner's answer")
    func roots() async throws {
        let app = try InspectedApp()
        let screens = try await app.run()
        let (status, body) = try json(routes(app), "/api/roots")
        #expect(status == 200)
        let roots = body["roots"]?.arrayValue ?? []
        #expect(roots.count == 2)
        let feed = try #require(roots.first { $0["operation"]?.stringValue == "Feed" })
        let post = try #require(roots.first { $0["operation"]?.stringValue == "Post" })
        #expect(
            feed["holders"]?.arrayValue?.compactMap { $0["policy"]?.stringValue } == ["storeOrNetwork", "storeOnly"])
        #expect(post["holders"]?.arrayValue?.compactMap { $0["policy"]?.stringValue } == ["networkOnly"])
        #expect(feed["lastFetch"]?["reason"]?.stringValue == "revalidation")
        #expect(feed["lastFetch"]?["outcome"]?.stringValue == "succeeded")
        #expect(post["lastFetch"]?["reason"]?.stringValue == "attach")
        #expect(feed["staleness"]?.stringValue == "fresh")
        #expect(feed["revalidation"]?.stringValue == "skip: fresh")
        #expect(feed["inFlight"] == .bool(false))
        #expect(post["expirationSeconds"] == .double(3600))
        #expect(feed["handlePhases"]?.arrayValue?.count == 2)
        #expect(app.transport.requestCount == 3)

        // An hour later both are stale, and the planner would fetch the two: the answer is computed,
        // not performed, so no request is sent.
        app.clock.advance(by: .seconds(3601))
        let (_, later) = try json(routes(app), "/api/roots")
        let answers = later["roots"]?.arrayValue?.compactMap { $0["revalidation"]?.stringValue }
        #expect(answers == ["fetch", "fetch"])
        #expect(
            later["roots"]?.arrayValue?.compactMap { $0["staleness"]?.stringValue } == [
                "stale: expired", "stale: expired",
            ])
        #expect(app.transport.requestCount == 3)
        _ = screens
    }

    @Test("a record shows kinds, sizes, links and readers; its values only when the app allows them")
    func records() async throws {
        let app = try InspectedApp()
        let screens = try await app.run()
        let (_, list) = try json(routes(app), "/api/records", query: ["q": "author"])
        let ids = list["records"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(ids.count == 2)
        let (_, hidden) = try json(routes(app), "/api/record", query: ["id": ids[0]])
        let fields = hidden["fields"]?.arrayValue ?? []
        let name = try #require(fields.first { $0["key"]?.stringValue == "name" })
        #expect(name["kind"]?.stringValue == "string")
        #expect(name["value"] == .null)
        #expect(name["bytes"] == .int(5))
        #expect(hidden["readBy"]?.arrayValue?.count == 1)
        let (_, shown) = try json(routes(app, showsValues: true), "/api/record", query: ["id": ids[0]])
        let shownName = shown["fields"]?.arrayValue?.first { $0["key"]?.stringValue == "name" }
        #expect(shownName?["value"]?.stringValue == "\"Ada\"")
        let (_, root) = try json(routes(app), "/api/record", query: ["id": "client:root"])
        let feedField = root["fields"]?.arrayValue?.first { $0["key"]?.stringValue == "feed" }
        #expect(feedField?["kind"]?.stringValue == "links")
        #expect(feedField?["links"]?.arrayValue?.count == 2)
        let (missing, _) = try json(routes(app), "/api/record", query: ["id": "Nope:1"])
        #expect(missing == 404)
        _ = screens
    }

    @Test("the store's figures count its records, roots, and the last collection")
    func store() async throws {
        let app = try InspectedApp()
        let screens = try await app.run()
        let report = app.environment.collectGarbage()
        let (_, stats) = try json(routes(app), "/api/store")
        #expect(stats["recordCount"] == .int(app.environment.store.recordCount))
        #expect(stats["retainedRoots"] == .int(2))
        #expect(stats["lastCollection"]?["kept"] == .int(report.keptRecords))
        #expect(stats["sqliteFileBytes"] == .null)
        #expect(stats["valuesShown"] == .bool(false))
        _ = screens
    }

    @Test("paths outside the routes are 404s")
    func unknownPaths() throws {
        let app = try InspectedApp()
        for path in ["/api", "/api/roots/x", "/etc/passwd", "/api/record/../roots"] {
            guard case .response(let response) = routes(app).reply(to: HTTPRequest(path: path)) else {
                Issue.record("\(path) opened a stream")
                continue
            }
            #expect(response.status == 404)
        }
    }

    @Test("with no page open the sink forwards and sends nothing; an open page's stream gets each event")
    func eventSink() throws {
        let forwarded = RecordingSink()
        let sink = InspectorEventSink(forwardingTo: forwarded)
        sink.record(.invalidated)
        #expect(sink.listeners == 0)
        let stream = sink.openStream(capacity: 4)
        sink.record(.revalidationSwept(candidates: 2, fetched: 1, joined: 1))
        #expect(stream.droppedCount == 0)
        stream.close()
        sink.record(.invalidated)
        #expect(sink.listeners == 0)
        #expect(forwarded.names == ["invalidated", "revalidationSwept", "invalidated"])
    }
}

/// A sink that keeps the names of what it was given.
final class RecordingSink: EventSink {
    private let recorded = Locked<[String]>([])
    var names: [String] { recorded.withLock { $0 } }
    func record(_ event: Event) { recorded.withLock { $0.append(event.name) } }
}

@Suite("The page is self-contained")
struct InspectorPageTests {
    @Test(
        "the page loads nothing from elsewhere: no external script, style, font or image, and a policy that forbids them"
    )
    func selfContained() {
        let html = InspectorPage.html
        for external in ["<script src", "<link", "@import", "url(", "src=\"http", "href=\"http", "//cdn", "@font-face"]
        {
            #expect(!html.contains(external), "the page refers to \(external)")
        }
        #expect(html.contains("Content-Security-Policy\" content=\"default-src 'self'"))
        // Values reach the page as text only: no markup is built from data.
        #expect(!html.contains("innerHTML"))
    }
}
