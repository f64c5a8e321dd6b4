import GraphQLCore
import Primitives
import StoreCore
import Testing

@Suite("RecordSource")
struct RecordSourceTests {
    @Test("a batch merges patches into records, keeping fields it does not name, then removes")
    func mergesPatches() {
        let t1 = WallInstant(secondsSince1970: 1)
        let t2 = WallInstant(secondsSince1970: 2)
        var source = InMemoryRecordSource()
        source.write(
            RecordWriteBatch(
                patches: ["A": RecordPatch(typename: "T", values: ["x": .scalar(1), "y": .null])], writtenAt: t1))
        source.write(
            RecordWriteBatch(
                patches: [
                    "A": RecordPatch(typename: nil, values: ["x": .scalar(2)]),
                    "B": RecordPatch(typename: "T", values: [:]),
                ],
                writtenAt: t2))
        let record = source.record(for: "A")
        #expect(record?.typename == "T")
        #expect(record?.fields["x"] == RecordField(value: .scalar(2), writtenAt: t2))
        #expect(record?.fields["y"] == RecordField(value: .null, writtenAt: t1))
        #expect(source.records(for: ["B", "C"]).map { $0?.dataID } == ["B", nil])
        source.write(RecordWriteBatch(writtenAt: t2, removals: ["B"]))
        #expect(source.count == 1)
        #expect(source.removeAll(notIn: []) == 1)
    }

    @Test("removing most records compacts the source, which still finds, merges and removes every record left")
    func compactsAfterRemovals() {
        let t1 = WallInstant(secondsSince1970: 1)
        var source = InMemoryRecordSource()
        let ids = (0..<10).map { DataID("R:\($0)") }
        source.write(
            RecordWriteBatch(
                patches: Dictionary(uniqueKeysWithValues: ids.map { ($0, RecordPatch(typename: "R", values: [:])) }),
                order: ids, writtenAt: t1))
        #expect(source.removeAll(notIn: [ids[3], ids[8]]) == 8)
        #expect(source.count == 2)
        #expect(source.records(for: [ids[3], ids[8], ids[0]]).map { $0?.dataID } == [ids[3], ids[8], nil])
        source.write(
            RecordWriteBatch(
                patches: [
                    ids[8]: RecordPatch(typename: nil, values: ["x": .scalar(1)]),
                    "N": RecordPatch(typename: "N", values: [:]),
                ],
                order: [ids[8], "N"], writtenAt: t1, removals: [ids[3]]))
        #expect(source.count == 2)
        #expect(source.record(for: ids[8])?.fields["x"]?.value == .scalar(1))
        #expect(source.record(for: ids[8])?.typename == "R")
        #expect(source.record(for: "N")?.typename == "N")
        #expect(source.record(for: ids[3]) == nil)
    }

    @Test("a source made from records with one ID twice keeps the last")
    func duplicateRecords() {
        let source = InMemoryRecordSource(records: [
            Record(dataID: "A", typename: "1"), Record(dataID: "A", typename: "2"),
        ])
        #expect(source.count == 1)
        #expect(source.record(for: "A")?.typename == "2")
    }

    @Test("a batch whose order does not list every patch still applies every patch")
    func incompleteOrder() {
        var source = InMemoryRecordSource()
        let patch = RecordPatch(typename: "T", values: ["x": .scalar(1)])
        source.write(
            RecordWriteBatch(
                patches: ["A": patch, "B": patch], order: ["B"], writtenAt: WallInstant(secondsSince1970: 1)))
        #expect(source.count == 2)
    }

    @Test("client IDs follow Relay's format without a double prefix")
    func clientIDFormat() {
        #expect(DataID.client(parent: "User:1", storageKey: "address") == "client:User:1:address")
        #expect(DataID.client(parent: .root, storageKey: "grid", indices: [1, 0]) == "client:root:grid:1:0")
    }

    @Test("a store made over a source reads what the source holds")
    func storeOverSource() {
        let field = RecordField(value: .scalar("hi"), writtenAt: WallInstant(secondsSince1970: 5))
        let source = InMemoryRecordSource(records: [Record(dataID: .root, typename: "Query", fields: ["a": field])])
        let store = Store(source: source)
        #expect(store.lookup(query([leaf("a")])).data == ["a": "hi"])
    }
}
