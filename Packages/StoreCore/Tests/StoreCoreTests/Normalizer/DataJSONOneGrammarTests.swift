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

    @Test("the 300 reference responses written from the tape a response's read built change what their text changes")
    func checkedText() throws {
        for reference in DataJSONTests.reference {
            let clock = ManualClock()
            let fromText = makeStore(clock: clock)
            let fromTape = makeStore(clock: clock)
            let data = reference.response.serialized()
            let body = Data(#"{"errors":[],"data":"#.utf8) + data + Data("}".utf8)
            let text = try #require(try JSONReader().read(body, tapingMember: "data").text)
            let now = WallInstant(secondsSince1970: 1_000)
            let expected = try fromText.publish(dataJSON: data, to: reference.root, requestedAt: now)
            let report = try fromTape.publish(dataJSON: text, to: reference.root, requestedAt: now)
            #expect(report.changedRecords == expected.changedRecords, "\(reference.name)")
            for id in report.changedRecords {
                #expect(fromText.record(id) == fromTape.record(id), "\(reference.name) \(id)")
            }
            ReferenceRoundTripTests.expectReadsBack(fromTape, reference)
        }
    }
}
