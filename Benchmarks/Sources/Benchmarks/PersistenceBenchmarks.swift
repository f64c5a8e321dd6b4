import Environment
import Foundation
import SQLiteStore
import StoreCore

/// The store in a SQLite file (`SQLiteRecordSource`), each figure a ratio to the in-memory store doing
/// the same work in the same run: normalizing the items payload, merging 1,000 records, a cold read
/// of a 100-record screen after reopening; then bytes on disk per record against the JSON's, and the
/// memory that opening a file and reading one screen holds, among 100,000 and among 1,000,000 records;
/// and queueing a mutation against committing its optimistic response alone.
func runPersistenceBenchmarks() async throws {
    let files = try TemporaryStoreFiles()
    defer { files.removeAll() }
    try persistenceNormalizeBenchmarks(files)
    try persistenceMergeBenchmarks(files)
    try persistenceColdReadBenchmarks(files)
    try persistenceRecordReadBenchmarks(files)
    try persistenceMemoryBenchmark(files)
    try persistenceQueueBenchmarks()
}

/// Fresh store paths in a directory of their own under the temporary directory, removed at the end.
private final class TemporaryStoreFiles {
    let directory: URL
    private var made = 0

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "persistence-benchmarks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// A path no store has used yet.
    func newPath() -> String {
        made += 1
        return directory.appendingPathComponent("store-\(made).sqlite").path
    }

    func removeAll() { try? FileManager.default.removeItem(at: directory) }
}

/// A store over the SQLite file at `path`, made when there is none.
private func fileStore(at path: String) throws -> Store {
    Store(source: try SQLiteRecordSource(path: path))
}

/// The bytes a store's files take on disk (the database with its WAL, if one is left).
private func bytesOnDisk(at path: String) -> Int {
    ["", "-wal"].reduce(0) { total, suffix in
        let size = (try? FileManager.default.attributesOfItem(atPath: path + suffix))?[.size] as? Int
        return total + (size ?? 0)
    }
}

// MARK: Writing

private func persistenceNormalizeBenchmarks(_ files: TemporaryStoreFiles) throws {
    let payload = makeItemsPayload(count: 10_000)
    let data = try responseData(payload)

    // Opening the file is set-up, not timed: the figure is the publish, as for the in-memory store.
    // The two are sampled in turn, as the machine's load comes and goes.
    let (memory, file) = try alternatingMedians(
        samples: 7, setUp: { Store() }, { store in try store.publish(data, to: itemsRoot) },
        setUp: { try fileStore(at: files.newPath()) }, { store in try store.publish(data, to: itemsRoot) })
    report(
        "normalize the 10,000-item payload into a SQLite store", file, against: "the in-memory store", memory,
        limit: 3)

    // Bytes on disk: the same publish into a file, closed (which checkpoints the WAL into the
    // database), against the JSON bytes of the same data.
    let path = files.newPath()
    let records: Int
    do {
        let store = try fileStore(at: path)
        try store.publish(data, to: itemsRoot)
        records = store.recordCount
    }
    let disk = Double(bytesOnDisk(at: path))
    print(
        String(
            format: "  bytes on disk per record: %.0f, against %.0f JSON bytes per record (%.2fx; %d records)",
            disk / Double(records), Double(payload.count) / Double(records), disk / Double(payload.count), records))
}

private func persistenceMergeBenchmarks(_ files: TemporaryStoreFiles) throws {
    let thousand = tenFieldRecords(1_000)
    let (memory, file) = try alternatingMedians(
        samples: 31, setUp: { Store() }, { store in try store.publish(thousand, to: thousandRoot) },
        setUp: { try fileStore(at: files.newPath()) }, { store in try store.publish(thousand, to: thousandRoot) })
    report(
        "merge 1,000 records of 10 fields into a SQLite store", file, against: "the in-memory store", memory, limit: 3)

    // The same records again with every string changed: each record is read (from the cache the
    // write filled), merged and written back.
    let changed = tenFieldRecords(1_000, version: 1)
    let filled = { (store: Store) throws -> Store in
        try store.publish(thousand, to: thousandRoot)
        return store
    }
    let (memoryUpdate, fileUpdate) = try alternatingMedians(
        samples: 31, setUp: { try filled(Store()) }, { store in try store.publish(changed, to: thousandRoot) },
        setUp: { try filled(try fileStore(at: files.newPath())) },
        { store in try store.publish(changed, to: thousandRoot) })
    report(
        "  new values over the same 1,000 records", fileUpdate, against: "the in-memory store", memoryUpdate, limit: 4)
}

// MARK: Reading

private func persistenceColdReadBenchmarks(_ files: TemporaryStoreFiles) throws {
    let hundred = tenFieldRecords(100)
    let memoryStore = Store()
    try memoryStore.publish(hundred, to: hundredRoot)

    let path = files.newPath()
    try fileStore(at: path).publish(hundred, to: hundredRoot)
    // Each cold sample reopens the file: nothing decoded in memory, SQLite's page cache empty (the
    // operating system's file cache is warm, as it usually is for an app's own recent file).
    let reopen = { () throws -> (Store, SQLiteStoreStatistics) in
        let source = try SQLiteRecordSource(path: path)
        let statistics = source.statistics
        return (Store(source: source), statistics)
    }
    let (warm, cold) = try alternatingMedians(
        samples: 51, setUp: {}, { blackHole(memoryStore.lookup(hundredRoot)) }, setUp: reopen,
        { store, statistics in
            let snapshot = store.lookup(hundredRoot)
            precondition(!snapshot.isMissingData && statistics.recordsRead == 101, "the screen is read from the file")
            blackHole(snapshot)
        })
    report(
        "cold read of a 100-record screen after reopening", cold, against: "a warm in-memory read", warm, limit: 10)

    let (warmAgain, openAndRead) = try alternatingMedians(
        samples: 51, { blackHole(memoryStore.lookup(hundredRoot)) },
        { blackHole(try fileStore(at: path).lookup(hundredRoot)) })
    report("  opening the file and reading the screen", openAndRead, against: "a warm in-memory read", warmAgain)
}

/// `Store.record(_:)` by ID against a Swift `Dictionary` of the same records built beforehand; the
/// same warm read from a SQLite store, whose every read first asks SQLite whether another store on
/// the file committed (`PRAGMA data_version`); and the first read after another store's commit.
private func persistenceRecordReadBenchmarks(_ files: TemporaryStoreFiles) throws {
    let hundred = tenFieldRecords(100)
    let ids = (0..<100).map { DataID("Record:r\($0)") }
    let memoryStore = Store()
    try memoryStore.publish(hundred, to: hundredRoot)
    var prebuilt: [DataID: Record] = [:]
    for id in ids {
        guard let record = memoryStore.record(id) else { preconditionFailure("the screen's records are written") }
        prebuilt[id] = record
    }
    // Short samples, many of them: on a loaded machine a long sample is rarely left uninterrupted,
    // and the median of short ones is what a read costs.
    let rounds = 1
    let reads = Double(rounds * ids.count)
    let readAll = { (read: (DataID) -> Record?) in
        for _ in 0..<rounds { for id in ids { blackHole(read(id)) } }
    }
    let (dictionary, inMemory) = alternatingMedians(
        samples: 301, { readAll { prebuilt[$0] } }, { readAll { memoryStore.record($0) } })
    report(
        "Store.record(_:) by ID, 100 records, in memory", inMemory, against: "a Dictionary lookup of 100 values",
        dictionary, limit: 3)
    print(
        String(
            format: "  per record: %.3f µs in memory, %.3f µs from the Dictionary", inMemory / reads * 1e6,
            dictionary / reads * 1e6))

    // The SQLite store's records are decoded in its cache after the first round: what differs from
    // the in-memory read is the cache and the check for another writer's commits.
    let path = files.newPath()
    let sqliteStore = try fileStore(at: path)
    try sqliteStore.publish(hundred, to: hundredRoot)
    readAll { sqliteStore.record($0) }
    let (memoryAgain, file) = alternatingMedians(
        samples: 301, { readAll { memoryStore.record($0) } }, { readAll { sqliteStore.record($0) } })
    report(
        "  Store.record(_:) by ID from a SQLite store, warm", file, against: "the in-memory store", memoryAgain)
    print(
        String(
            format:
                "  per record: %.3f µs from the file's store, of which the data_version check and cache about %.3f µs",
            file / reads * 1e6, (file - memoryAgain) / reads * 1e6))

    // Another store on the same file (an app extension) commits one changed record; the next read
    // catches up: the new keys and the count, the cache dropped, the record read from the file.
    let other = try fileStore(at: path)
    var version = 0
    let (warmRead, afterCommit) = try alternatingMedians(
        samples: 101, setUp: {}, { blackHole(sqliteStore.record(ids[0])) },
        setUp: {
            version += 1
            try other.publish(tenFieldRecords(1, version: version), to: hundredRoot)
        },
        { blackHole(sqliteStore.record(ids[0])) })
    precondition(
        sqliteStore.record(ids[0])?["f0"] == .scalar(.string("value 0 0 v\(version)")),
        "the other store's commit is read at the next read")
    report("  the first read after another store's commit", afterCommit, against: "a warm read", warmRead)
}

// MARK: Memory

private func persistenceMemoryBenchmark(_ files: TemporaryStoreFiles) throws {
    guard mallocInUseBytes() != nil else {
        print("  memory after opening a file and reading one screen: not measured (no malloc_stats here)")
        return
    }
    // The screen alone, then the screen among 100,000 and among 1,000,000 records: independence of
    // the file's size is the last two agreeing; the first shows what SQLite's page cache adds.
    let sizes = [101, 100_000, 1_000_000]
    var held: [Int] = []
    for size in sizes {
        let path = files.newPath()
        try writeScreenFile(at: path, records: size)
        held.append(try heldAfterOpeningAndReading(path))
        SQLiteRecordSource.removeFiles(at: path)
    }
    print(
        String(
            format:
                "  memory after opening a file and reading one 100-record screen: %.0f KB among 1,000,000 records, %.0f KB among 100,000 (%.2fx), %.0f KB for the screen alone",
            Double(held[2]) / 1024, Double(held[1]) / 1024, Double(held[2]) / Double(held[1]), Double(held[0]) / 1024))
}

/// A file of `count` records: the 100-record screen's 101 (with the root) and filler items of three
/// fields, 10,000 to a list as in the items payload.
private func writeScreenFile(at path: String, records count: Int) throws {
    let store = try fileStore(at: path)
    try store.publish(tenFieldRecords(100), to: hundredRoot)
    // Published a list at a time (one publish of a million records would hold them all in memory
    // at once), each list in a record of its own: in the root record, the last list's links would
    // be part of the screen's read, since reading a record decodes all of its fields.
    let selection = CompiledSelectionSet([field("items", fields(["__typename", "id", "name"]))])
    var next = 0
    while store.recordCount < count {
        let items = min(10_000, count - store.recordCount - 1)
        let list: [JSONValue] = (next..<(next + items)).map { index in
            ["__typename": "Filler", "id": .string("filler-\(index)"), "name": .string("Filler \(index)")]
        }
        try store.publish(
            ["items": .array(list)], to: StoreRoot(dataID: DataID("List:\(next)"), selectionSet: selection))
        next += items
    }
}

/// The median over 5 openings of the malloc bytes still held, with the store open, after opening
/// the file at `path` and reading the 100-record screen from it.
private func heldAfterOpeningAndReading(_ path: String) throws -> Int {
    var held: [Int] = []
    for _ in 0..<5 {
        let before = mallocInUseBytes() ?? 0
        let store = try fileStore(at: path)
        let snapshot = store.lookup(hundredRoot)
        precondition(!snapshot.isMissingData, "the screen is in the file")
        held.append((mallocInUseBytes() ?? 0) - before)
        withExtendedLifetime((store, snapshot)) {}
    }
    return held.sorted()[held.count / 2]
}

// MARK: Queued mutations

/// Queueing a mutation that did not reach its server, with a 1 KB optimistic response, into a SQLite
/// store (`Store.queueOptimistic`: the layer, and its row written in one transaction) against
/// committing the optimistic response alone (`Store.applyOptimistic`, the layer every commit
/// writes), 200 mutations per sample; the queued row's payload is serialized in the timing. Each of
/// the eight layer names is reused, so both keep eight layers; each queued mutation is a row of its
/// own.
func persistenceQueueBenchmarks() throws {
    let schema = try Schema(
        sdl: """
            type Query { post(id: ID!): Post }
            type Mutation { editPost(id: ID!, body: String!): Post! }
            type Post { id: ID! title: String! body: String! }
            """)
    let mutation = try CompiledDocument(
        text: "mutation EditPost($id: ID!, $body: String!) { editPost(id: $id, body: $body) { id title body } }",
        schema: schema
    ).operation(named: "EditPost", variables: ["id": "p1", "body": .string(String(repeating: "b", count: 1_000))])
    let root = StoreRoot(operation: mutation)
    let optimistic: JSONValue = [
        "editPost": [
            "__typename": "Post", "id": "p1", "title": "A title", "body": .string(String(repeating: "b", count: 1_000)),
        ]
    ]
    // What the runtime keeps of a queued mutation: its text, variables and optimistic response,
    // serialized for each mutation as the runtime does.
    func payload() -> [UInt8] {
        [UInt8](
            JSONValue.object([
                "text": .string(mutation.text), "name": "EditPost", "variables": .object(mutation.variables),
                "optimistic": optimistic,
            ]).serialized())
    }
    let perSample = 200
    var queued: Int64 = 0
    let files = try TemporaryStoreFiles()
    defer { files.removeAll() }
    let queueStore = try fileStore(at: files.newPath())
    let layerStore = try fileStore(at: files.newPath())
    let (layer, queue) = try alternatingMedians(
        samples: 9,
        {
            for index in 0..<perSample { try layerStore.applyOptimistic("layer-\(index % 8)", optimistic, to: root) }
        },
        {
            for index in 0..<perSample {
                queued += 1
                try queueStore.queueOptimistic(
                    "layer-\(index % 8)", optimistic, to: root,
                    keeping: PendingMutation(
                        id: "mutation-\(queued)", scope: "default", sequence: queued,
                        queuedAt: WallInstant(nanosecondsSince1970: queued), payload: payload()))
            }
        })
    report(
        "queue a mutation with a 1 KB optimistic response (SQLite)", queue,
        against: "its optimistic layer alone", layer, limit: 2)
    // For scale: the same response written to the SQLite file as a publish (one transaction).
    let publishStore = try fileStore(at: files.newPath())
    let publish = try median(samples: 9) {
        for _ in 0..<perSample { try publishStore.publish(optimistic, to: root) }
    }
    report("queue a mutation, against publishing its response (SQLite)", queue, against: "a publish of it", publish)
}
