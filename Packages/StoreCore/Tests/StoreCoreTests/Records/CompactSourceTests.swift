import GraphQLCore
import Primitives
import StoreCore
import Testing

/// The in-memory source's compact layout (decision 0140): whatever order of merges, removals,
/// compactions and records kept decoded, it holds what a plain dictionary of records would.
@Suite("InMemoryRecordSource layout")
struct CompactSourceTests {
    /// A deterministic generator, so a failure replays.
    struct SplitMix {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((value ^ (value >> 31)) % UInt64(bound))
        }
    }

    static func value(_ random: inout SplitMix) -> RecordValue {
        switch random.next(7) {
        case 0: .null
        case 1: .scalar(.int(random.next(2_000) - 1_000))
        case 2: .scalar(.string(String(repeating: "é", count: random.next(40))))
        case 3: .link(DataID("R:\(random.next(50))"))
        case 4: .links((0..<random.next(5)).map { .link(DataID("client:R:\($0):\(random.next(9))")) })
        case 5: .scalar(.double(Double(random.next(100)) / 8))
        default: .scalar(["a": .bool(random.next(2) == 0), "b": [1, .null]])
        }
    }

    @Test("random merges, removals and compactions leave the records a dictionary of records would hold")
    func matchesADictionaryModel() {
        var random = SplitMix(state: 16)
        var source = InMemoryRecordSource()
        var model: [DataID: Record] = [:]
        let keys = ["id", "name", "friends(first:10)", "score", "owner", "f5", "f6", "f7"]
        for round in 0..<300 {
            let writtenAt = WallInstant(secondsSince1970: Int64(round))
            var patches: [DataID: RecordPatch] = [:]
            for _ in 0..<random.next(12) {
                let dataID = DataID("R:\(random.next(50))")
                var values: [String: RecordValue] = [:]
                for _ in 0..<random.next(5) { values[keys[random.next(keys.count)]] = Self.value(&random) }
                // Now and then a field wide enough to make the record one kept decoded.
                if random.next(40) == 0 {
                    values["wide"] = .links((0..<300).map { .link(DataID("client:Wide:\($0)")) })
                }
                patches[dataID] = RecordPatch(
                    typename: random.next(4) == 0 ? nil : "T\(random.next(2))", values: values)
            }
            var removals: Set<DataID> = []
            if random.next(3) == 0 { for _ in 0..<random.next(8) { removals.insert(DataID("R:\(random.next(50))")) } }
            source.write(RecordWriteBatch(patches: patches, writtenAt: writtenAt, removals: removals))
            for (dataID, patch) in patches {
                var record = model[dataID] ?? Record(dataID: dataID, typename: patch.typename)
                Record.merge(patch, writtenAt: writtenAt, into: &record)
                model[dataID] = record
            }
            for dataID in removals { model[dataID] = nil }
            if random.next(25) == 0 {
                let kept = Set(model.keys.filter { _ in random.next(3) != 0 })
                #expect(source.removeAll(notIn: kept) == model.count - kept.count)
                model = model.filter { kept.contains($0.key) }
            }
            #expect(source.count == model.count)
        }
        for index in 0..<50 {
            let dataID = DataID("R:\(index)")
            #expect(source.record(for: dataID) == model[dataID])
        }
    }

    @Test("a store over the compact source reads, checks and collects what it wrote, wide records included")
    func storeReadsWhatItWrote() throws {
        let store = Store()
        let friend = CompiledSelectionSet([field("__typename"), field("id"), field("name")])
        let root = StoreRoot(
            selectionSet: CompiledSelectionSet([
                field("me", CompiledSelectionSet([field("__typename"), field("id"), field("friends", friend)]))
            ]))
        let friends: [JSONValue] = (0..<500).map {
            ["__typename": "User", "id": .string("u\($0)"), "name": .string("Friend \($0) ✓")]
        }
        let data: JSONValue = ["me": ["__typename": "User", "id": "me", "friends": .array(friends)]]
        try store.publish(data, to: root)
        let snapshot = store.lookup(root)
        #expect(snapshot.data == data)
        #expect(!snapshot.isMissingData)
        #expect(!store.check(root).isMissingData)
        #expect(store.collectGarbage(retaining: [root]).removedRecords == 0)
        #expect(store.recordCount == 502)
        #expect(
            store.record("User:me")?["friends"].map { if case .links(let items) = $0 { items.count } else { 0 } } == 500
        )
    }

    private func field(_ name: String, _ selectionSet: CompiledSelectionSet? = nil) -> CompiledSelection {
        .field(CompiledField(responseKey: name, name: name, selectionSet: selectionSet))
    }
}
