import Foundation
import GraphQLCore
import Testing

import Transport

/// A response read from its text keeps the text of `data`, and gives the value a tree would.
@Suite("GraphQLResponse read from its text")
struct ResponseTextTests {
    static let body = Data(
        #"{"errors":[{"message":"partial","path":["viewer","name"]}],"data":{"viewer":{"id":"1","name":null,"tags":["a","é\n"]}},"extensions":{"cost":3}}"#
            .utf8)

    @Test("data is kept as its text, reads to the tree's value, and the rest is read as before")
    func text() throws {
        let response = try GraphQLResponse(parsing: Self.body)
        let tree = try GraphQLResponse(json: try JSONValue(parsing: Self.body))
        let text = try #require(response.dataJSON)
        #expect(String(decoding: text, as: UTF8.self) == #"{"viewer":{"id":"1","name":null,"tags":["a","é\n"]}}"#)
        #expect(response.data == tree.data)
        #expect(response.hasData)
        #expect(response.errors == tree.errors)
        #expect(response.extensions == ["cost": 3])
        #expect(response == tree)
        #expect(response.hashValue == tree.hashValue)
        #expect(tree.dataJSON == nil)
    }

    @Test("setting data drops the text")
    func setting() throws {
        var response = try GraphQLResponse(parsing: Self.body)
        response.data = ["viewer": nil]
        #expect(response.dataJSON == nil)
        #expect(response.data == ["viewer": nil])
    }

    @Test("null, absent or a data of the wrong kind are read as a tree: no text, and the same errors")
    func noObject() throws {
        let null = try GraphQLResponse(parsing: Data(#"{"data":null,"errors":[{"message":"x"}]}"#.utf8))
        #expect(null.dataJSON == nil)
        #expect(null.data == .null)
        #expect(!null.hasData)
        let absent = try GraphQLResponse(parsing: Data(#"{"errors":[{"message":"x"}]}"#.utf8))
        #expect(absent.data == nil)
        #expect(!absent.hasData)
        for body in [#"{"data":[1]}"#, #"{"data":"text"}"#, #"{"data":{},"errors":7}"#] {
            let error = #expect(throws: TransportError.self) { try GraphQLResponse(parsing: Data(body.utf8)) }
            #expect(error?.code == .invalidResponse)
        }
        let error = #expect(throws: TransportError.self) {
            try GraphQLResponse(parsing: Data(#"{"data":{"a":[1,]}}"#.utf8))
        }
        #expect(error?.code == .notJSON)
    }
}
