import Foundation
import Testing

@testable import Environment

/// An answer the transport read from its text (`GraphQLResponse(parsing:)`, as `HTTPTransport` reads
/// one) is written from its bytes, with the records, snapshots, errors and failures of the same
/// answer as a tree.
@Suite("Answers written from their text")
struct AnswerTextTests {
    /// The answer `text` as the transport reads it from its bytes.
    static func read(_ text: String) throws -> GraphQLResponse {
        let response = try GraphQLResponse(parsing: Data(text.utf8))
        #expect(response.dataJSON != nil)
        return response
    }

    @Test("the text answer writes the tree answer's records and snapshot, with one request each")
    func sameAsTree() async throws {
        let item = try Operations.item("1", operation: "ItemDetail")
        let text = #"{"data":{"item":{"__typename":"Item","id":"1","title":"Été \"quoted\"","count":3}}}"#
        var results: [(JSONValue?, Int, [Event])] = []
        for fromText in [true, false] {
            let fixture = Fixture()
            let answer = try Self.read(text)
            fixture.transport.answer(.any, with: .response(fromText ? answer : GraphQLResponse(data: answer.data)))
            let handle = fixture.environment.attach(item)
            let snapshot = try await handle.loaded()
            #expect(fixture.transport.requestCount == 1)
            results.append((snapshot.data, fixture.store.recordCount, fixture.events(named: "published")))
            handle.release()
        }
        #expect(results[0].0 == results[1].0)
        #expect(results[0].0?["item"]?["title"] == "Été \"quoted\"")
        #expect(results[0].1 == 2)
        #expect(results[0].1 == results[1].1)
        #expect(results[0].2.count == 1)
        #expect(results[0].2.map(\.withoutDuration) == results[1].2.map(\.withoutDuration))
    }

    @Test("a text answer the store refuses fails as the tree answer does and leaves the store as it was")
    func refused() async throws {
        let item = try Operations.item("1")
        let mismatch = #"{"data":{"item":{"__typename":"Item","id":"1","title":{"not":"a string"}}}}"#
        let missing = #"{"data":{"item":{"__typename":"Item","id":"1"}}}"#
        for text in [mismatch, missing] {
            let fixture = Fixture()
            try fixture.publish(Operations.itemData("1", title: "kept"), for: item)
            fixture.transport.answer(.any, with: .response(try Self.read(text)))
            let handle = fixture.environment.attach(item, policy: .storeAndNetwork)
            await fixture.environment.revalidate().finished()
            if text == mismatch {
                let error = try #require(handle.fetch.error as? FetchError)
                #expect(error.code == .invalidResponse)
                #expect((error.underlying as? StoreError)?.code == .typeMismatch)
            } else {
                let error = try #require(handle.fetch.error as? MissingDataError)
                #expect(error.code == .notInResponse)
                #expect(error.underlying?.code == .missingField)
            }
            #expect(fixture.store.lookup(StoreRoot(operation: item)).data?["item"]?["title"] == "kept")
            #expect(fixture.transport.requestCount == 1)
            handle.release()
        }
    }

    @Test("a text answer with errors and partial data is written from the text, with its field's error stored")
    func partialData() async throws {
        let fixture = Fixture()
        let detail = try Operations.item("1", operation: "ItemDetail")
        let text = """
            {"errors":[{"message":"count is unavailable","path":["item","count"]}],
             "data":{"item":{"__typename":"Item","id":"1","title":"t","count":null}}}
            """
        fixture.transport.answer(.any, with: .response(try Self.read(text)))
        let handle = fixture.environment.attach(detail)
        let snapshot = try await handle.loaded()
        #expect(snapshot.data?["item"]?["count"] == .null)
        #expect(snapshot.fieldErrors.map(\.message) == ["count is unavailable"])
        #expect(handle.serverErrors.isEmpty)
        handle.release()
    }
}
