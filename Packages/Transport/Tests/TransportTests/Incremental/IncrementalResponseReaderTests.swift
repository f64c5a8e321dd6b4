import GraphQLCore
import Testing

@testable import Transport

@Suite("IncrementalResponseReader")
struct IncrementalResponseReaderTests {
    typealias F = IncrementalFixtures

    static func read(_ parts: [String]) throws(TransportError) -> [GraphQLResponse] {
        var reader = IncrementalResponseReader()
        var responses: [GraphQLResponse] = []
        for part in parts { responses.append(try reader.read(Array(part.utf8))) }
        return responses
    }

    @Test("Strawberry's parts give the initial data, then each increment at the path of its pending id")
    func strawberry() throws {
        let responses = try Self.read([F.initialPart, F.streamPart, F.deferPart])
        #expect(responses.map(\.hasNext) == [true, true, false])
        #expect(responses[0].data?["detail"]?["id"] == "d1")
        #expect(responses[0].increments.isEmpty)
        #expect(
            responses[1].increments == [
                GraphQLIncrement(path: ["items"], payload: .items([["id": "item-1", "name": "Item 1"]]))
            ])
        #expect(
            responses[2].increments == [
                GraphQLIncrement(path: ["detail"], payload: .fields(["summary": "summary of d1"]), label: "slow")
            ])
        #expect(responses[1].data == nil)
    }

    @Test("graphql-core's parts, with ids and no paths, give the same increments")
    func graphQLCore() throws {
        let responses = try Self.read([F.initialPart, F.graphQLCoreLastPart])
        #expect(responses[1].increments.map(\.path) == [["detail"], ["items"]])
        #expect(!responses[1].hasNext)
    }

    @Test("a subPath is appended to the pending path, and errors of entries and completions are the response's")
    func subPathAndErrors() throws {
        let initial = #"{"data":{"a":{"b":{}}},"pending":[{"id":"x","path":["a"]}],"hasNext":true}"#
        let later =
            #"{"incremental":[{"id":"x","subPath":["b"],"data":{"c":1},"errors":[{"message":"one"}]}],"#
            + #""completed":[{"id":"x","errors":[{"message":"two"}]}],"hasNext":false}"#
        let responses = try Self.read([initial, later])
        #expect(responses[1].increments.map(\.path) == [["a", "b"]])
        #expect(responses[1].errors.map(\.message) == ["one", "two"])
    }

    @Test("an answer in one part without hasNext is complete")
    func onePart() throws {
        var reader = IncrementalResponseReader()
        let response = try reader.read(Array(#"{"data":{"hello":"world"}}"#.utf8))
        #expect(!response.hasNext)
        #expect(reader.isComplete)
    }

    @Test(
        "a part that is not JSON, an unknown id, a later part with data, and a part after the last are typed errors",
        arguments: [
            (
                [F.initialPart, #"{"hasNext":true,"incremental":[{"id":"0","data":{"summary":"#],
                TransportError.Code.notJSON
            ),
            ([F.initialPart, #"{"hasNext":false,"incremental":[{"id":"7","data":{}}]}"#], .invalidResponse),
            ([F.initialPart, #"{"hasNext":false,"completed":[{"id":"7"}]}"#], .invalidResponse),
            ([F.initialPart, #"{"hasNext":false,"data":{}}"#], .invalidResponse),
            ([F.initialPart, #"{"hasNext":false,"incremental":[{"id":"0","data":[1]}]}"#], .invalidResponse),
            ([#"{"data":{}}"#, #"{"hasNext":false}"#], .invalidResponse),
            ([#"{"hasNext":true}"#], .invalidResponse),
        ])
    func faults(parts: [String], code: TransportError.Code) {
        do {
            _ = try Self.read(parts)
            Issue.record("the parts were read")
        } catch {
            #expect(error.code == code)
        }
    }
}
