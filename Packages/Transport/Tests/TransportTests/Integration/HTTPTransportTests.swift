import Foundation
import GraphQLCore
import GraphQLTestServer
import Testing
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTPTransport against graphql-core on loopback: every answer a GraphQL server (or something
/// pretending to be one) can give becomes a response or a typed error.
@Suite("HTTPTransport over loopback", .loopbackServer, .timeLimit(.minutes(3)))
struct HTTPTransportTests {
    let server: LoopbackServer

    init() throws { server = try LoopbackServer.shared() }

    func transport(_ path: String = "/graphql", options: HTTPTransport.Options = .init()) -> HTTPTransport {
        HTTPTransport(url: server.url(path), session: URLSession(configuration: .ephemeral), options: options)
    }

    @Test("a query is posted as JSON and its data comes back")
    func query() async throws {
        let response = try await transport().response(
            for: GraphQLRequest(text: "{ hello users(first: 2) { id name } }"))
        #expect(response.errors.isEmpty)
        #expect(
            response.data
                == [
                    "hello": "Hello, world!",
                    "users": [["id": "1", "name": "User 1"], ["id": "2", "name": "User 2"]],
                ])
    }

    @Test("the answer's Cache-Control header comes with the response; without one there is none")
    func cacheControl() async throws {
        var options = HTTPTransport.Options()
        options.headers = ["X-Answer-Cache-Control": "public, max-age=42"]
        let hinted = try await transport(options: options).response(for: GraphQLRequest(text: "{ hello }"))
        #expect(hinted.cacheControl == CacheControl(maxAge: 42))
        let plain = try await transport().response(for: GraphQLRequest(text: "{ hello }"))
        #expect(plain.cacheControl == nil)
    }

    @Test("variables and the operation name choose what runs")
    func variablesAndOperationName() async throws {
        let text = "query A { hello } query B($id: ID!) { user(id: $id) { name } }"
        let response = try await transport().response(
            for: GraphQLRequest(text: text, operationName: "B", variables: ["id": "7"]))
        #expect(response.data == ["user": ["name": "User 7"]])
    }

    @Test("a mutation changes data on the server and is sent as POST even when queries use GET")
    func mutation() async throws {
        let http = transport(options: .init(usesGETForQueries: true))
        let renamed = try await http.response(
            for: GraphQLRequest(
                text: "mutation R($name: String!) { rename(id: \"9\", name: $name) { id name } }", kind: .mutation,
                variables: ["name": "Nine"]))
        #expect(renamed.data == ["rename": ["id": "9", "name": "Nine"]])
        let read = try await http.response(for: GraphQLRequest(text: "{ user(id: \"9\") { name } }"))
        #expect(read.data == ["user": ["name": "Nine"]])
    }

    @Test("a query sent as GET keeps every character of its text and variables")
    func getQuery() async throws {
        let name = "a+b & c=d ü 😀 %20"
        let response = try await transport(options: .init(usesGETForQueries: true)).response(
            for: GraphQLRequest(text: "query Q($n: String) { hello(name: $n) }", variables: ["n": .string(name)]))
        #expect(response.data == ["hello": .string("Hello, \(name)!")])
    }

    @Test("headers from the transport, the provider and the request reach the server, the request's winning")
    func headers() async throws {
        let http = transport(
            options: .init(
                headers: ["X-Fixed": "transport", "X-Both": "transport", "X-All": "transport"],
                headerProvider: { ["X-Token": "fresh", "X-Both": "provider", "X-All": "provider"] }))
        let response = try await http.response(
            for: GraphQLRequest(
                text: """
                    { fixed: header(name: "X-Fixed") token: header(name: "X-Token")
                      both: header(name: "X-Both") all: header(name: "X-All") }
                    """,
                headers: ["X-All": "request"]))
        #expect(response.data == ["fixed": "transport", "token": "fresh", "both": "provider", "all": "request"])
    }

    @Test("a header provider that throws fails the request with invalidRequest")
    func headerProviderFails() async throws {
        struct Expired: Error {}
        let http = transport(options: .init(headerProvider: { throw Expired() }))
        let error = await #expect(throws: TransportError.self) {
            try await http.response(for: GraphQLRequest(text: "{ hello }"))
        }
        #expect(error?.code == .invalidRequest, "\(String(describing: error))")
        #expect(error?.underlying is Expired)
    }

    @Test("a validation error under graphql-response+json is a response with errors, though the status is 400")
    func validationError() async throws {
        let response = try await transport().response(for: GraphQLRequest(text: "{\n  nope\n}"))
        #expect(response.data == nil)
        let error = try #require(response.errors.first)
        #expect(error.message.contains("nope"))
        #expect(error.locations == [SourceLocation(line: 2, column: 3)])
    }

    @Test("a legacy server's 400 with an application/json body is an http error")
    func legacyStatus() async throws {
        let error = await #expect(throws: TransportError.self) {
            try await transport("/legacy-400").response(for: GraphQLRequest(text: "{ hello }"))
        }
        #expect(error?.code == .http, "\(String(describing: error))")
        #expect(error?.status == 400)
        #expect(error?.bodyKind == .json)
    }

    @Test("partial data with errors is a response that keeps both")
    func partialData() async throws {
        let response = try await transport().response(
            for: GraphQLRequest(text: "{ partial { ok broken alsoBroken } }"))
        #expect(response.data == ["partial": ["ok": "fine", "broken": nil, "alsoBroken": nil]])
        #expect(
            response.errors.map(\.path) == [[.key("partial"), .key("broken")], [.key("partial"), .key("alsoBroken")]])
        #expect(response.errors.map(\.message) == ["this field failed", "this field failed"])
    }

    @Test("a 500 with an HTML page is an http error with an html body")
    func serverErrorPage() async throws {
        let error = await #expect(throws: TransportError.self) {
            try await transport("/status500html").response(for: GraphQLRequest(text: "{ hello }"))
        }
        #expect(error?.code == .http, "\(String(describing: error))")
        #expect(error?.status == 500)
        #expect(error?.bodyKind == .html)
    }

    @Test("a body shorter than its Content-Length is truncated")
    func truncatedBody() async throws {
        let error = await #expect(throws: TransportError.self) {
            try await transport("/truncated").response(for: GraphQLRequest(text: "{ hello }"))
        }
        #expect(error?.code == .truncated, "\(String(describing: error))")
    }

    @Test("a body that is not JSON is notJSON")
    func notJSON() async throws {
        let error = await #expect(throws: TransportError.self) {
            try await transport("/notjson").response(for: GraphQLRequest(text: "{ hello }"))
        }
        #expect(error?.code == .notJSON, "\(String(describing: error))")
        #expect(error?.status == 200)
        #expect(error?.bodyKind == .text)
    }

    @Test("JSON that is not a GraphQL response is invalidResponse")
    func notAGraphQLResponse() async throws {
        let error = await #expect(throws: TransportError.self) {
            try await transport("/invalidresponse").response(for: GraphQLRequest(text: "{ hello }"))
        }
        #expect(error?.code == .invalidResponse, "\(String(describing: error))")
    }

    // Whether the connection closes after a timeout is not awaited here: under load the request may
    // not have reached the server within 0.2 s, and then the server has nothing to observe. The
    // cancellation test, which awaits the request's arrival first, shows the connection closing.
    @Test("a server that never answers times out")
    func timeout() async throws {
        let key = "timeout-\(UUID().uuidString)"
        let http = transport("/never?key=\(key)", options: .init(timeout: .milliseconds(200)))
        let error = await #expect(throws: TransportError.self) {
            try await http.response(for: GraphQLRequest(text: "{ hello }"))
        }
        #expect(error?.code == .timedOut, "\(String(describing: error))")
    }

    @Test("a port nothing listens on is cannotConnect")
    func cannotConnect() async throws {
        let port = try await server.unusedPort()
        let http = HTTPTransport(url: URL(string: "http://127.0.0.1:\(port)/graphql")!)
        let error = await #expect(throws: TransportError.self) {
            try await http.response(for: GraphQLRequest(text: "{ hello }"))
        }
        #expect(error?.code == .cannotConnect, "\(String(describing: error))")
    }

    @Test("cancelling the consuming task cancels the request and closes its connection")
    func cancellation() async throws {
        let key = "cancel-\(UUID().uuidString)"
        let http = transport("/never?key=\(key)")
        let consumer = Task {
            try await http.response(for: GraphQLRequest(text: "{ hello }"))
        }
        try await server.wait(key: key, event: "arrived")
        consumer.cancel()
        let error = await #expect(throws: TransportError.self) { try await consumer.value }
        #expect(error?.code == .cancelled, "\(String(describing: error))")
        try await server.wait(key: key, event: "disconnected")
    }

    @Test("a 50 MB body arrives whole")
    func hugeBody() async throws {
        let transport = transport()
        let response = try await MemoryHeavy.exclusively {
            try await transport.response(for: GraphQLRequest(text: "{ big(megabytes: 50) }"))
        }
        let strings = try #require(response.data?["big"]?.arrayValue)
        #expect(strings.count == 50)
        #expect(strings.allSatisfy { $0.stringValue?.utf8.count == 1 << 20 })
    }

    @Test("a request made from a GraphQLOperation sends its text, name and variables")
    func fromOperation() async throws {
        let operation = GraphQLOperation(
            kind: .query, name: "U", text: "query U($id: ID!) { user(id: $id) { id } }", rootTypeName: "Query",
            selectionSet: CompiledSelectionSet([]), variables: ["id": "3"], cacheExpiration: nil)
        let response = try await transport().response(for: operation)
        #expect(response.data == ["user": ["id": "3"]])
    }
}
