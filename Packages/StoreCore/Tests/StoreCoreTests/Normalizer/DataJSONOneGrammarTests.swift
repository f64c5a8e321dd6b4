import Foundation
@_spi(Runtime) import GraphQLCore
import Primitives
import Testing

@_spi(Runtime) @testable import StoreCore

/// The store reads a response's bytes with the reader's own grammar: its refusals are the reader's,
/// word for word, and a text checked with its tape is written without a second scan.
@Suite("Normalizing from the bytes, one grammar")
struct DataJSONOneGrammarTests {
    @Test(
        "a refusal of the data text is the JSON reader's error, with its message and position, and changes nothing",
        arguments: DataJSONTests.malformed + ["{\"viewer\":\"a\u{1}b\"}", "{\"viewer\":1e400}", "[\"\\ud800x\"]"])
    func sameRefusal(_ text: String) throws {
        let expected = try #require(throws: GraphQLCoreError.self) { try JSONValue(parsing: text) }
        let (store, _, before, count) = try BadResponseTests.seeded()
        let error = try #require(throws: StoreError.self) {
            try store.publish(dataJSON: Array(text.utf8), to: DataJSONTests.root)
        }
        #expect(error.code == .invalidJSON)
        #expect(error.message == expected.message)
        BadResponseTests.expectUnchanged(store, before, count)
    }

    @Test(
        "the 300 reference responses normalized from the tape a response's read built give their text's record bytes, and write and read back"
    )
    func checkedText() throws {
        let store = Store()
        for reference in DataJSONTests.reference {
            let data = reference.response.serialized()
            let body = Data(#"{"errors":[],"data":"#.utf8) + data + Data("}".utf8)
            let text = try #require(try JSONReader().read(body, tapingMember: "data").text)
            let fromTape = try store.normalizeBatch(text, reference.root, fieldErrors: [])
            let fromText = try store.normalizeBatch(dataJSON: data, reference.root)
            #expect(
                DataJSONTests.fieldBytes(fromTape.batch) == DataJSONTests.fieldBytes(fromText.batch),
                "\(reference.name)")
            #expect(fromTape.batch.order == fromText.batch.order, "\(reference.name)")
            try store.publish(dataJSON: text, to: reference.root, requestedAt: WallInstant(secondsSince1970: 1_000))
            ReferenceRoundTripTests.expectReadsBack(store, reference)
        }
    }
}
