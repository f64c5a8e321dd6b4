import Foundation
import GraphQLCore
import Testing

@testable import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("HTTPRequestEncoder")
struct HTTPRequestEncoderTests {
    let url = URL(string: "https://example.com/graphql?app=1")!
    let request = GraphQLRequest(
        text: "query Q($id: ID) { node(id: $id) { id } }", operationName: "Q", variables: ["id": "a+b"],
        extensions: ["trace": true], headers: ["X-Request": "r", "X-Shared": "request"])

    func encode(
        _ request: GraphQLRequest, attempt: PersistedQuery.Attempt = .textOnly, usesGET: Bool = false
    ) throws -> URLRequest {
        try HTTPRequestEncoder.encode(
            request, url: url, headers: ["X-Shared": "transport", "Accept": "overridden/by-transport"],
            attempt: attempt, usesGET: usesGET, timeout: 5)
    }

    func body(_ urlRequest: URLRequest) throws -> JSONValue {
        try JSONValue(parsing: try #require(urlRequest.httpBody))
    }

    @Test("a POST carries query, operationName, variables and extensions as a JSON body")
    func post() throws {
        let urlRequest = try encode(request)
        #expect(urlRequest.httpMethod == "POST")
        #expect(urlRequest.url == url)
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(urlRequest.timeoutInterval == 5)
        #expect(
            try body(urlRequest)
                == [
                    "query": .string(request.text), "operationName": "Q", "variables": ["id": "a+b"],
                    "extensions": ["trace": true],
                ])
    }

    @Test("empty variables and extensions and a missing name are left out of the body")
    func minimalPost() throws {
        #expect(try body(try encode(GraphQLRequest(text: "{ a }"))) == ["query": "{ a }"])
    }

    @Test("headers: the transport's override the defaults and the request's override the transport's")
    func headerPrecedence() throws {
        let urlRequest = try encode(request)
        #expect(urlRequest.value(forHTTPHeaderField: "X-Shared") == "request")
        #expect(urlRequest.value(forHTTPHeaderField: "X-Request") == "r")
        #expect(urlRequest.value(forHTTPHeaderField: "Accept") == "overridden/by-transport")
        let plain = try HTTPRequestEncoder.encode(
            request, url: url, headers: [:], attempt: .textOnly, usesGET: false, timeout: 5)
        #expect(
            plain.value(forHTTPHeaderField: "Accept") == "application/graphql-response+json, application/json;q=0.9")
        let stream = try HTTPRequestEncoder.encode(
            GraphQLRequest(text: "subscription { a }", kind: .subscription), url: url, headers: [:],
            attempt: .textOnly, usesGET: true, timeout: 5)
        #expect(stream.value(forHTTPHeaderField: "Accept") == "text/event-stream")
        #expect(stream.httpMethod == "POST")
    }

    @Test("a GET keeps the URL's own query and percent-encodes every parameter")
    func get() throws {
        let urlRequest = try encode(request, usesGET: true)
        #expect(urlRequest.httpMethod == "GET")
        #expect(urlRequest.httpBody == nil)
        let getURL = try #require(urlRequest.url)
        let components = try #require(URLComponents(url: getURL, resolvingAgainstBaseURL: false))
        let items = try #require(components.queryItems)
        #expect(items.map(\.name) == ["app", "query", "operationName", "variables", "extensions"])
        #expect(items[1].value == request.text)
        #expect(items[3].value == #"{"id":"a+b"}"#)
        #expect(components.percentEncodedQuery?.contains("+") == false)
    }

    @Test("mutations are posted even when queries use GET")
    func mutationIsPosted() throws {
        let mutation = GraphQLRequest(text: "mutation { a }", kind: .mutation)
        #expect(try encode(mutation, usesGET: true).httpMethod == "POST")
    }

    @Test("a persisted-query attempt sends the hash alone, then the hash with the text")
    func persistedAttempts() throws {
        let hashOnly = try body(try encode(request, attempt: .hashOnly("abc")))
        #expect(hashOnly["query"] == nil)
        #expect(hashOnly["extensions"] == ["trace": true, "persistedQuery": ["version": 1, "sha256Hash": "abc"]])
        let withText = try body(try encode(request, attempt: .hashAndText("abc")))
        #expect(withText["query"] == .string(request.text))
        #expect(withText["extensions"]?["persistedQuery"]?["sha256Hash"] == "abc")
    }

    @Test("PersistedQueryNotFound and NotSupported are recognised by message or by code")
    func persistedQueryErrors() {
        let byMessage = GraphQLResponse(errors: [GraphQLServerError(message: "PersistedQueryNotFound")])
        let byCode = GraphQLResponse(
            errors: [GraphQLServerError(message: "x", extensions: ["code": "PERSISTED_QUERY_NOT_FOUND"])])
        let unsupported = GraphQLResponse(errors: [GraphQLServerError(message: "PersistedQueryNotSupported")])
        #expect(PersistedQuery.isNotFound(byMessage))
        #expect(PersistedQuery.isNotFound(byCode))
        #expect(!PersistedQuery.isNotFound(unsupported))
        #expect(PersistedQuery.isNotSupported(unsupported))
        #expect(!PersistedQuery.isNotFound(GraphQLResponse(data: [:])))
    }
}
