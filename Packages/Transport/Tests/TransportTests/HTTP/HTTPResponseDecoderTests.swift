import Foundation
import GraphQLCore
import Testing

@testable import Transport

@Suite("HTTPResponseDecoder")
struct HTTPResponseDecoderTests {
    static let graphQLError = Data(#"{"errors":[{"message":"bad","locations":[{"line":1,"column":2}]}]}"#.utf8)

    func decode(_ status: Int, _ contentType: String?, _ body: String, expectedLength: Int64 = -1)
        throws(TransportError) -> GraphQLResponse
    {
        try HTTPResponseDecoder.decode(
            status: status, contentType: contentType, body: Data(body.utf8), expectedLength: expectedLength)
    }

    @Test("a 2xx GraphQL body is a response whatever its media type")
    func success() throws {
        for contentType in ["application/json", "application/graphql-response+json; charset=utf-8", nil, "text/plain"] {
            let response = try decode(200, contentType, #"{"data":{"a":1},"extensions":{"cost":2}}"#)
            #expect(response == GraphQLResponse(data: ["a": 1], extensions: ["cost": 2]))
        }
    }

    @Test("a 4xx or 5xx with a well-formed graphql-response+json body is a response")
    func modernErrorStatus() throws {
        for status in [400, 422, 500] {
            let response = try HTTPResponseDecoder.decode(
                status: status, contentType: "application/graphql-response+json", body: Self.graphQLError,
                expectedLength: -1)
            #expect(response.data == nil)
            #expect(
                response.errors == [GraphQLServerError(message: "bad", locations: [SourceLocation(line: 1, column: 2)])]
            )
        }
    }

    @Test("a non-2xx application/json answer is an http error even with a GraphQL body")
    func legacyErrorStatus() {
        #expect {
            try HTTPResponseDecoder.decode(
                status: 400, contentType: "application/json", body: Self.graphQLError, expectedLength: -1)
        } throws: { error in
            let error = error as? TransportError
            return error?.code == .http && error?.status == 400 && error?.bodyKind == .json
        }
    }

    @Test("a non-2xx graphql-response+json answer whose body is not a GraphQL response is an http error")
    func modernErrorStatusWithGarbage() {
        #expect {
            try decode(502, "application/graphql-response+json", "<html>bad gateway</html>")
        } throws: { error in
            (error as? TransportError)?.code == .http && (error as? TransportError)?.status == 502
        }
    }

    @Test("the body kind comes from the media type, else from the first byte")
    func bodyKinds() {
        #expect(HTTPResponseDecoder.bodyKind(mediaType: "text/html", body: Data("x".utf8)) == .html)
        #expect(HTTPResponseDecoder.bodyKind(mediaType: "text/plain", body: Data("x".utf8)) == .text)
        #expect(HTTPResponseDecoder.bodyKind(mediaType: "application/problem+json", body: Data("x".utf8)) == .json)
        #expect(HTTPResponseDecoder.bodyKind(mediaType: nil, body: Data("  <!doctype html>".utf8)) == .html)
        #expect(HTTPResponseDecoder.bodyKind(mediaType: nil, body: Data(" {".utf8)) == .json)
        #expect(HTTPResponseDecoder.bodyKind(mediaType: "application/octet-stream", body: Data([0xff])) == .other)
        #expect(HTTPResponseDecoder.bodyKind(mediaType: "text/html", body: Data()) == .empty)
    }

    @Test("a body shorter than its Content-Length is truncated before anything else is judged")
    func truncated() {
        #expect {
            try decode(200, "application/json", #"{"data":{}}"#, expectedLength: 100)
        } throws: { error in
            (error as? TransportError)?.code == .truncated
        }
    }

    @Test(
        "JSON that is not a GraphQL response is invalidResponse",
        arguments: [
            "[]", "1", #"{}"#, #"{"extensions":{}}"#, #"{"data":[]}"#, #"{"data":1}"#, #"{"errors":{}}"#,
            #"{"errors":[]}"#, #"{"errors":[{"msg":"x"}]}"#, #"{"errors":[{"message":1}]}"#,
            #"{"data":null,"errors":[{"message":"x","locations":[{"line":"1","column":1}]}]}"#,
            #"{"data":null,"errors":[{"message":"x","path":[1.5]}]}"#,
            #"{"data":null,"errors":[{"message":"x","path":{}}]}"#,
            #"{"data":null,"errors":[{"message":"x","extensions":[]}]}"#, #"{"data":{},"extensions":[]}"#,
        ])
    func invalidResponses(body: String) {
        #expect {
            try decode(200, "application/json", body)
        } throws: { error in
            (error as? TransportError)?.code == .invalidResponse
        }
    }

    @Test("text that is not JSON is notJSON with the status and body kind")
    func notJSON() {
        #expect {
            try decode(200, "text/html", "<html></html>")
        } throws: { error in
            let error = error as? TransportError
            return error?.code == .notJSON && error?.status == 200 && error?.bodyKind == .html
        }
    }

    @Test("an error's path, locations and extensions are read, and null data is kept as null")
    func serverErrorFields() throws {
        let response = try decode(
            200, "application/json",
            #"{"data":null,"errors":[{"message":"m","path":["a",0,"b"],"locations":[],"extensions":{"code":"X"}}]}"#)
        #expect(response.data == .null)
        #expect(
            response.errors == [
                GraphQLServerError(message: "m", path: [.key("a"), .index(0), .key("b")], extensions: ["code": "X"])
            ])
        #expect(response.errors[0].path.map(\.description) == ["a", "0", "b"])
    }
}
