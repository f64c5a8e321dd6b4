import GraphQLCore
import StoreCore
import Testing

@Suite("Collection")
struct CollectionTests {
    static let viewerQuery = query([object("viewer", [typename, leaf("id"), object("best", [typename, leaf("id")])])])
    static let listQuery = query([object("items", [typename, leaf("id")])])

    static func seeded(source: sending any RecordSource = InMemoryRecordSource()) throws -> Store {
        let clock = ManualClock()
        let store = Store(source: source, configuration: StoreConfiguration(clock: { clock.now }))
        try store.publish(
            ["viewer": ["__typename": "U", "id": "1", "best": ["__typename": "U", "id": "2"]]], to: viewerQuery)
        try store.publish(["items": [["__typename": "I", "id": "1"], ["__typename": "I", "id": "2"]]], to: listQuery)
        return store
    }

    @Test("records no root reaches are removed, and the report counts removed and kept")
    func removesUnreachable() throws {
        let store = try Self.seeded()
        #expect(store.recordCount == 5)
        let report = store.collectGarbage(retaining: [Self.viewerQuery])
        #expect(report == CollectionReport(removedRecords: 2, keptRecords: 3))
        #expect(store.record("I:1") == nil)
        #expect(!store.lookup(Self.viewerQuery).isMissingData)
    }

    @Test("with no roots and no subscriptions every record goes")
    func noRoots() throws {
        let store = try Self.seeded()
        #expect(store.collectGarbage(retaining: []) == CollectionReport(removedRecords: 5, keptRecords: 0))
    }

    @Test("marking follows the selection: a link no retained selection reads keeps nothing alive")
    func marksThroughSelections() throws {
        let store = try Self.seeded()
        let shallow = query([object("viewer", [typename, leaf("id")])])
        store.collectGarbage(retaining: [shallow])
        #expect(store.record("U:1") != nil)
        #expect(store.record("U:2") == nil)
    }

    @Test("a live subscription's records are never collected, and are once it is cancelled")
    func subscriptionsRetain() throws {
        let store = try Self.seeded()
        let subscription = store.subscribe(to: Self.listQuery) { _ in }
        #expect(store.collectGarbage(retaining: []).keptRecords == 3)
        #expect(!store.lookup(Self.listQuery).isMissingData)
        subscription.cancel()
        #expect(store.collectGarbage(retaining: []).keptRecords == 0)
    }

    @Test("roots with variables keep the records their storage keys reach")
    func variables() throws {
        let store = makeStore()
        let root = query(
            [object("user", arguments: ["id": .variable("id")], [typename, leaf("id")])], variables: ["id": "1"])
        var other = root
        other.variables = ["id": "2"]
        try store.publish(["user": ["__typename": "U", "id": "1"]], to: root)
        try store.publish(["user": ["__typename": "U", "id": "2"]], to: other)
        store.collectGarbage(retaining: [other])
        #expect(store.record("U:1") == nil)
        #expect(store.record("U:2") != nil)
    }

    @Test("collections interleaved with publishes from other tasks never lose a retained record")
    func concurrentCollections() async throws {
        let store = try Self.seeded()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    _ = try? store.publish(
                        ["items": [["__typename": "I", "id": .string("n\(index)")]]], to: Self.listQuery)
                }
                group.addTask { store.collectGarbage(retaining: [Self.viewerQuery, Self.listQuery]) }
            }
        }
        store.collectGarbage(retaining: [Self.viewerQuery, Self.listQuery])
        #expect(!store.lookup(Self.viewerQuery).isMissingData)
        #expect(!store.lookup(Self.listQuery).isMissingData)
        #expect(store.recordCount == 4)
    }
}

@Suite("Collection-record sources")
struct CollectionSourceTests {
    static let viewerQuery = CollectionTests.viewerQuery
    static let listQuery = CollectionTests.listQuery

    /// The reports and the records left of the same collections over `source`.
    static func scenario(_ source: sending any RecordSource) throws -> ([CollectionReport], [DataID]) {
        let store = try CollectionTests.seeded(source: source)
        let subscription = store.subscribe(to: query([object("viewer", [typename, leaf("id")])])) { _ in }
        try store.applyOptimistic("layer", ["items": [["__typename": "I", "id": "3"]]], to: Self.listQuery)
        var reports = [store.collectGarbage(retaining: [Self.listQuery])]
        store.removeOptimistic("layer")
        subscription.cancel()
        reports.append(store.collectGarbage(retaining: [Self.listQuery]))
        let left = ["client:root", "U:1", "U:2", "I:1", "I:2", "I:3"].map { DataID($0) }.filter {
            store.record($0) != nil
        }
        return (reports, left)
    }

    @Test("a collection over a source of another type removes the same records as over the in-memory one")
    func otherSourceCollectsAlike() throws {
        let inMemory = try Self.scenario(InMemoryRecordSource())
        let other = try Self.scenario(RecordingSource())
        #expect(inMemory.0 == other.0)
        #expect(inMemory.1 == other.1)
        #expect(
            inMemory.0 == [
                CollectionReport(removedRecords: 1, keptRecords: 4),
                CollectionReport(removedRecords: 1, keptRecords: 3),
            ])
        #expect(inMemory.1 == ["client:root", "I:1", "I:2"])
    }

    @Test("a publish hands the source its records parent first, the order reads and collections visit them")
    func parentFirstOrder() throws {
        let source = RecordingSource()
        let store = Store(source: source)
        try store.publish(
            [
                "viewer": ["__typename": "U", "id": "1", "best": ["__typename": "U", "id": "2"]],
                "items": [["__typename": "I", "id": "1"], ["__typename": "I", "id": "2"]],
            ],
            to: query(
                CollectionTests.viewerQuery.selectionSet.selections + CollectionTests.listQuery.selectionSet.selections)
        )
        #expect(source.log.batchOrders == [["client:root", "U:1", "U:2", "I:1", "I:2"]])
    }

    @Test("after most records go, the source is compacted and every record left is read, written and collected")
    func compaction() throws {
        let store = makeStore()
        let items = (1...10).map { JSONValue.object(["__typename": "I", "id": .string("\($0)")]) }
        try store.publish(["items": .array(items)], to: Self.listQuery)
        try store.publish(["items": .array([items[7], items[2]])], to: Self.listQuery)
        #expect(
            store.collectGarbage(retaining: [Self.listQuery]) == CollectionReport(removedRecords: 8, keptRecords: 3))
        #expect(store.lookup(Self.listQuery).data == ["items": .array([items[7], items[2]])])
        try store.publish(["items": .array([items[2], items[0]])], to: Self.listQuery)
        #expect(
            store.collectGarbage(retaining: [Self.listQuery]) == CollectionReport(removedRecords: 1, keptRecords: 3))
        #expect(store.record("I:8") == nil)
        #expect(store.lookup(Self.listQuery).data == ["items": .array([items[2], items[0]])])
        #expect(store.collectGarbage(retaining: []) == CollectionReport(removedRecords: 3, keptRecords: 0))
    }
}

@Suite("Collection-optimistic")
struct OptimisticCollectionTests {
    @Test("records an optimistic layer unlinks are kept while it is applied, and read again once it is removed")
    func layerDoesNotHideBaseLinks() throws {
        let store = makeStore()
        let items = query([object("items", [typename, leaf("id")])])
        try store.publish(["items": [["__typename": "I", "id": "1"]]], to: items)
        try store.applyOptimistic("replace", ["items": [["__typename": "I", "id": "2"]]], to: items)
        #expect(store.collectGarbage(retaining: [items]) == CollectionReport(removedRecords: 0, keptRecords: 2))
        store.removeOptimistic("replace")
        let snapshot = store.lookup(items)
        #expect(!snapshot.isMissingData)
        #expect(snapshot.data == ["items": [["__typename": "I", "id": "1"]]])
    }

    @Test("records only an optimistic layer holds do not hide unreachable records from a collection")
    func optimisticRecordsDoNotHideGarbage() throws {
        let store = makeStore()
        let items = query([object("items", [typename, leaf("id")])])
        let other = query([object("other", [typename, leaf("id")])])
        try store.publish(["items": [["__typename": "I", "id": "1"]]], to: items)
        try store.publish(["other": ["__typename": "X", "id": "1"]], to: other)
        let extra = query([object("extra", [typename, leaf("id")])])
        try store.applyOptimistic("new", ["extra": ["__typename": "O", "id": "1"]], to: extra)
        let both = query([object("items", [typename, leaf("id")]), object("extra", [typename, leaf("id")])])
        let report = store.collectGarbage(retaining: [both])
        #expect(report.removedRecords == 1)
        #expect(store.record("X:1") == nil)
        #expect(
            store.lookup(both).data == [
                "items": [["__typename": "I", "id": "1"]], "extra": ["__typename": "O", "id": "1"],
            ])
    }
}
