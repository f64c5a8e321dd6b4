import Environment
import Foundation
import Primitives
import StoreCore

/// The store: normalizing, reading, notifying and collecting, each as a ratio to a floor measured in
/// the same run (a JSON parse of the same bytes, or the same work at a smaller size).
func runStoreBenchmarks() async throws {
    try storeItemsBenchmarks()
    try await storeItemsFetchMemory()
    try storeNotifyBenchmarks()
    try storeRootNotifyBenchmarks()
    try storeCollectionBenchmarks()
    try storeApolloScenarios()
}

// MARK: Selections

func field(_ name: String, _ selections: [CompiledSelection]? = nil) -> CompiledSelection {
    .field(CompiledField(responseKey: name, name: name, selectionSet: selections.map { CompiledSelectionSet($0) }))
}

func fields(_ names: [String]) -> [CompiledSelection] { names.map { field($0) } }

/// `items { __typename id name title description count score active owner { __typename id name } }`.
let itemsRoot = StoreRoot(
    selectionSet: CompiledSelectionSet([
        field(
            "items",
            fields(["__typename", "id", "name", "title", "description", "count", "score", "active"])
                + [field("owner", fields(["__typename", "id", "name"]))])
    ]))

/// The same selection compiled against a schema, so every field carries its shape (non-null levels,
/// lists, the built-in scalar) and the normalizer checks the response against it.
private func shapedItemsRoot() throws -> StoreRoot {
    let schema = try Schema(
        sdl: """
            type Query { items: [Item!]! }
            type Item {
              id: ID! name: String! title: String! description: String! count: Int! score: Float! active: Boolean!
              owner: User!
            }
            type User { id: ID! name: String! }
            """)
    let text = "{ items { __typename id name title description count score active owner { __typename id name } } }"
    return StoreRoot(operation: try CompiledDocument(text: text, schema: schema).operation())
}

private struct ItemsQuery: Decodable {
    struct Item: Decodable {
        struct Owner: Decodable {
            let id: String
            let name: String
        }
        let id: String
        let name: String
        let title: String
        let description: String
        let count: Int
        let score: Double
        let active: Bool
        let owner: Owner
    }
    let items: [Item]
}

func responseData(_ bytes: Data) throws -> JSONValue {
    guard let data = try JSONValue(parsing: bytes)["data"] else { throw StoreError(.notAnObject, "no data") }
    return data
}

// MARK: Items

private func storeItemsBenchmarks() throws {
    let payload = makeItemsPayload(count: 10_000)
    print("items payload: \(payload.count) bytes, 10,000 items (20,001 records)")
    let parse = try median { blackHole(try JSONSerialization.jsonObject(with: payload)) }

    let normalizeFromBytes = try median {
        let store = Store()
        try store.publish(try responseData(payload), to: itemsRoot)
        blackHole(store)
    }
    report(
        "normalize from bytes into an empty store", normalizeFromBytes, against: "JSONSerialization parse", parse,
        limit: 2)

    let data = try responseData(payload)
    let normalizeOnly = try median {
        let store = Store()
        try store.publish(data, to: itemsRoot)
        blackHole(store)
    }
    report("  of which normalize and write (parsed value)", normalizeOnly, against: "JSONSerialization parse", parse)

    let shapedRoot = try shapedItemsRoot()
    let normalizeShaped = try median {
        let store = Store()
        try store.publish(data, to: shapedRoot)
        blackHole(store)
    }
    report(
        "  the same with a schema's field shapes checked", normalizeShaped, against: "JSONSerialization parse", parse)

    let store = Store()
    try store.publish(data, to: itemsRoot)
    let rewrite = try median { try store.publish(data, to: itemsRoot) }
    report("publish equal data again (no change)", rewrite, against: "JSONSerialization parse", parse)

    let read = median { blackHole(store.lookup(itemsRoot)) }
    report("read the snapshot back", read, against: "JSONSerialization parse", parse, limit: 1)

    let readAndDecode = try median { blackHole(try store.lookup(itemsRoot).decode(ItemsQuery.self)) }
    report("read and decode into Decodable structs", readAndDecode, against: "JSONSerialization parse", parse, limit: 1)

    let foundationDecode = try median {
        blackHole(try JSONDecoder().decode([String: ItemsQuery].self, from: payload))
    }
    report(
        "  (JSONDecoder straight from the bytes, for scale)", foundationDecode, against: "JSONSerialization parse",
        parse)

    let check = median { blackHole(store.check(itemsRoot)) }
    report("check availability (no data built)", check, against: "JSONSerialization parse", parse)

    // Issue 16's figures: against our own parse of the same bytes, each sampled in turn with the
    // parse so that a neighbour's load drifting during the run weighs on both alike.
    let ownParse = { blackHole(try JSONValue(parsing: payload)) }
    let (normalizePaired, parseForNormalize) = try alternatingMedians(
        samples: 9,
        {
            let store = Store()
            try store.publish(try responseData(payload), to: itemsRoot)
            blackHole(store)
        }, ownParse)
    report(
        "normalize from bytes into an empty store", normalizePaired, against: "JSONValue(parsing:)",
        parseForNormalize, limit: 3)
    // Issue 16's peak limit: straight from the bytes through a tape, with no tree (0140's amendment).
    let (tapePaired, parseForTape) = try alternatingMedians(
        samples: 9,
        {
            let store = Store()
            try store.publish(responseJSON: payload, to: itemsRoot)
            blackHole(store)
        }, ownParse)
    report(
        "normalize straight from the bytes (tape, no tree)", tapePaired, against: "JSONValue(parsing:)", parseForTape,
        limit: 3)
    let (readPaired, parseForRead) = try alternatingMedians(
        samples: 9, { blackHole(store.lookup(itemsRoot)) }, ownParse)
    report("read the snapshot back", readPaired, against: "JSONValue(parsing:)", parseForRead, limit: 1.5)
    let (decodePaired, parseForDecode) = try alternatingMedians(
        samples: 9, { blackHole(try store.lookup(itemsRoot).decode(ItemsQuery.self)) }, ownParse)
    report(
        "read and decode into Decodable structs", decodePaired, against: "JSONValue(parsing:)", parseForDecode,
        limit: 2.5)

    // Issue 12's figure: the snapshot's data decoded into the generated `Data` (the plugin makes
    // `GeneratedItemsQuery` from `Items.graphql`), the decode alone, against parsing the bytes.
    guard let snapshotData = store.lookup(itemsRoot).data else { fatalError("the Items root reads back") }
    let generatedDecode = try median {
        blackHole(try JSONValueDecoder().decode(GeneratedItemsQuery.Data.self, from: snapshotData))
    }
    let decoded = try JSONValueDecoder().decode(GeneratedItemsQuery.Data.self, from: snapshotData)
    precondition(decoded.items.count == 10_000, "the generated Data holds every item")
    report(
        "decode the snapshot into generated Data", generatedDecode, against: "JSONSerialization parse", parse,
        limit: 0.6)
    try storeItemsMemory(payload)
}

/// Prints the malloc'd bytes per record an Items store keeps once the parsed tree is freed, and
/// the peak while the tree and the store are both alive, beside the JSON's bytes per record.
private func storeItemsMemory(_ payload: Data) throws {
    let records = 20_001.0
    guard let start = mallocInUseBytes() else {
        print("  (memory per record: malloc's in-use bytes cannot be read here)")
        return
    }
    var data: JSONValue? = try responseData(payload)
    var store: Store? = Store()
    try store?.publish(data ?? .null, to: itemsRoot)
    let both = (mallocInUseBytes() ?? 0) - start
    data = nil
    let kept = (mallocInUseBytes() ?? 0) - start
    precondition(store?.recordCount == 20_001)
    print(
        String(
            format: "  memory per record retained (Items, malloc in-use, tree freed): %.0f bytes (target <= 280)",
            Double(kept) / records))
    print(
        String(
            format:
                "  peak during a publish through a parsed tree (tree and store alive): %.0f bytes per record (limit %.0f)",
            Double(both) / records, 1.5 * Double(kept) / records + Double(payload.count) / records))
    print(String(format: "  (the JSON's bytes per record: %.0f)", Double(payload.count) / records))
    store = nil
    try storeItemsTapeMemory(payload, kept: Double(kept) / records)
}

/// Prints the peak of a publish straight from the bytes, in malloc's in-use bytes as the other
/// memory lines, at its two high points: the walk's end (the tape and the whole batch; sampled in
/// the key function, which runs once an object while the tape is alive) and the write's end (the
/// batch, the store and the changed records' IDs; sampled in a subscription's callback, which runs
/// before the publish returns). Then the resident high-water mark over the whole publish, which
/// also sees every buffer's growth and the allocator's fragmentation.
private func storeItemsTapeMemory(_ payload: Data, kept: Double) throws {
    let records = 20_001.0
    let limit = 1.5 * kept + Double(payload.count) / records
    guard let start = mallocInUseBytes() else { return }
    let walk = WalkEndSampler(start: start)
    var store: Store? = Store(configuration: walk.configuration)
    let write = Locked(0)
    let subscription = store?.subscribe(
        to: StoreRoot(dataID: DataID("Item:item-0"), selectionSet: CompiledSelectionSet(fields(["name"])))
    ) { _ in write.withLock { $0 = (mallocInUseBytes() ?? 0) - start } }
    try store?.publish(responseJSON: payload, to: itemsRoot)
    precondition(store?.recordCount == 20_001)
    withExtendedLifetime(subscription) {}
    store = nil
    let walkEnd = Double(walk.inUse) / records
    let writeEnd = Double(write.withLock { $0 }) / records
    print(
        String(
            format:
                "  peak during a publish from the bytes (malloc in-use, its high points): %.0f bytes per record (limit %.0f)",
            max(walkEnd, writeEnd), limit))
    print(
        String(
            format: "    (the walk's end, tape and batch: %.0f; the write's end, batch, store and changed IDs: %.0f)",
            walkEnd, writeEnd))

    var stores: [Store] = []
    let fromBytes = try residentPeakBytes(during: {
        let store = Store()
        try store.publish(responseJSON: payload, to: itemsRoot)
        stores.append(store)
    })
    stores = []
    let fromTree = try residentPeakBytes(during: {
        let store = Store()
        try store.publish(try responseData(payload), to: itemsRoot)
        stores.append(store)
    })
    withExtendedLifetime(stores) {}
    if let fromBytes, let fromTree {
        print(
            String(
                format:
                    "    (resident high-water mark over the publish, growth and fragmentation included: %.0f; through a tree: %.0f)",
                Double(fromBytes) / records, Double(fromTree) / records))
    }
}

/// Prints malloc's in-use bytes at the walk's end of the Items answer written through the runtime
/// (an attach that fetches it), once as a transport that read it from its text hands it over
/// (`HTTPTransport`'s way), once as a parsed tree: what the answer's representation and the batch
/// take while the store is being written, beside the store-level lines above.
private func storeItemsFetchMemory() async throws {
    let payload = makeItemsPayload(count: 10_000)
    let records = 20_001.0
    let schema = try Schema(
        sdl: """
            type Query { items: [Item!]! }
            type Item { id: ID! name: String! title: String! description: String! count: Int! score: Float!
              active: Boolean! owner: User! }
            type User { id: ID! name: String! }
            """)
    let operation = try CompiledDocument(
        text: "query Items { items { id name title description count score active owner { id name } } }",
        schema: schema
    ).operation()
    var walkEnds: [Double] = []
    for fromText in [true, false] {
        guard let start = mallocInUseBytes() else { return }
        let walk = WalkEndSampler(start: start)
        let store = Store(configuration: walk.configuration)
        let transport = OneAnswerTransport {
            fromText
                ? try GraphQLResponse(parsing: payload) : try GraphQLResponse(json: try JSONValue(parsing: payload))
        }
        let environment = GraphQLEnvironment(schema: schema, store: store, transport: transport)
        let handle = environment.attach(operation)
        _ = try await handle.loaded()
        precondition(store.recordCount == 20_001 && transport.count == 1)
        handle.release()
        walkEnds.append(Double(walk.inUse) / records)
    }
    print(
        String(
            format:
                "  a fetch through the runtime, at the walk's end: %.0f bytes per record from the answer's text; %.0f from a tree",
            walkEnds[0], walkEnds[1]))

    // The time of the same fetch, from the transport's reading of the body to the loaded handle.
    func fetch(fromText: Bool) async {
        let transport = OneAnswerTransport {
            fromText
                ? try GraphQLResponse(parsing: payload) : try GraphQLResponse(json: try JSONValue(parsing: payload))
        }
        let environment = GraphQLEnvironment(schema: schema, transport: transport)
        let handle = environment.attach(operation)
        guard (try? await handle.loaded()) != nil else { fatalError("the Items answer loads") }
        handle.release()
    }
    let (text, tree) = await alternatingMedians(samples: 9) {
        await fetch(fromText: true)
    } and: {
        await fetch(fromText: false)
    }
    report("a fetch through the runtime, the answer read from its text", text, against: "read as a tree", tree)
}

/// Samples malloc's in-use bytes above `start` in a store's key function, at the Items answer's
/// 20,000th object: the end of a publish's walk, with its input and the whole batch alive.
private final class WalkEndSampler: Sendable {
    private let start: Int
    private let state = Locked((calls: 0, inUse: 0))

    init(start: Int) { self.start = start }

    /// The bytes sampled, 0 before the walk reached its end.
    var inUse: Int { state.withLock { $0.inUse } }

    /// A store configuration that keys records as the default does and samples on the way.
    var configuration: StoreConfiguration {
        StoreConfiguration(defaultKey: { [self] typename, object in
            let call = state.withLock {
                $0.calls += 1
                return $0.calls
            }
            if call == 20_000 {
                let inUse = (mallocInUseBytes() ?? 0) - start
                state.withLock { $0.inUse = inUse }
            }
            return StoreConfiguration.typenameAndID(typename, object)
        })
    }
}

/// A transport that answers every request with one response, and counts the requests.
private final class OneAnswerTransport: Transport {
    private let answer: @Sendable () throws -> GraphQLResponse
    private let requests = Locked(0)

    init(_ answer: @escaping @Sendable () throws -> GraphQLResponse) { self.answer = answer }

    var count: Int { requests.withLock { $0 } }

    func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        requests.withLock { $0 += 1 }
        return AsyncThrowingStream { continuation in
            do {
                continuation.yield(try answer())
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }
}

// MARK: Notify

/// A store of 10,000 items, `count` of them read by one subscription each, and a body that makes
/// `publishes` one-record publishes, each changing one subscribed item's name (so exactly one
/// subscription is re-read and told). Only the number of subscriptions differs between sizes.
private func notifyScenario(subscriptions count: Int, publishes: Int) throws -> (
    run: () throws -> Void, keep: [StoreSubscription]
) {
    let store = Store()
    let items: [JSONValue] = (0..<10_000).map { index in
        ["__typename": "Item", "id": .string("item-\(index)"), "name": "n"]
    }
    let listRoot = StoreRoot(selectionSet: .init([field("items", fields(["__typename", "id", "name"]))]))
    try store.publish(["items": .array(items)], to: listRoot)
    let nameSelection = CompiledSelectionSet(fields(["name"]))
    let told = Counter()
    let stride = 10_000 / count
    var subscriptions: [StoreSubscription] = []
    for index in Swift.stride(from: 0, to: 10_000, by: stride) {
        subscriptions.append(
            store.subscribe(to: StoreRoot(dataID: DataID("Item:item-\(index)"), selectionSet: nameSelection)) { _ in
                told.increment()
            })
    }
    let target = StoreRoot(dataID: DataID("Item:item-\(stride * (count / 2))"), selectionSet: nameSelection)
    let version = Counter()
    let run = {
        for _ in 0..<publishes {
            version.increment()
            let before = told.value
            try store.publish(["name": .string("v\(version.value)")], to: target)
            precondition(told.value == before + 1, "every publish tells exactly one subscription")
        }
    }
    return (run, subscriptions)
}

private final class Counter: Sendable {
    private let count = Locked(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}

private func storeNotifyBenchmarks() throws {
    let few = try notifyScenario(subscriptions: 10, publishes: 2_000)
    let many = try notifyScenario(subscriptions: 10_000, publishes: 2_000)
    let (fewTime, manyTime) = try alternatingMedians(samples: 15, few.run, many.run)
    report(
        "notify after a one-record publish: 10,000 subscriptions", manyTime, against: "10 subscriptions", fewTime,
        limit: 1.5)
    withExtendedLifetime((few.keep, many.keep)) {}
}

/// A store whose query root has `count` fields, each read by one live subscription, and a body that
/// publishes `publishes` new root operations (each a field of the query root no subscription read,
/// linking a new record). No subscription's data changes, so none is told; the cost is what choosing
/// whom to re-read takes. Only the number of subscriptions differs between sizes.
private func rootNotifyScenario(subscriptions count: Int, publishes: Int) throws -> (
    run: () throws -> Void, keep: [StoreSubscription]
) {
    let store = Store()
    let names = (0..<count).map { "f\($0)" }
    var fieldsData = JSONObject()
    for name in names { fieldsData[name] = .string(name) }
    try store.publish(.object(fieldsData), to: StoreRoot(selectionSet: .init(fields(names))))
    let told = Counter()
    var subscriptions: [StoreSubscription] = []
    for name in names {
        subscriptions.append(
            store.subscribe(to: StoreRoot(selectionSet: .init(fields([name])))) { _ in told.increment() })
    }
    let version = Counter()
    let run = {
        for _ in 0..<publishes {
            version.increment()
            let name = "op\(version.value)"
            let root = StoreRoot(selectionSet: .init([field(name, fields(["__typename", "id"]))]))
            try store.publish([name: ["__typename": "Item", "id": .string(name)]], to: root)
        }
        precondition(told.value == 0, "no subscription's data changes")
    }
    return (run, subscriptions)
}

private func storeRootNotifyBenchmarks() throws {
    let few = try rootNotifyScenario(subscriptions: 100, publishes: 50)
    let many = try rootNotifyScenario(subscriptions: 10_000, publishes: 50)
    let (fewTime, manyTime) = try alternatingMedians(samples: 9, few.run, many.run)
    report(
        "publish a new root operation: 10,000 live root subscriptions", manyTime, against: "100 subscriptions",
        fewTime, limit: 1.5)
    withExtendedLifetime((few.keep, many.keep)) {}
}

// MARK: Collection

private func residentMegabytes() -> Double {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
    else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// A store of `count` records (items with an id-less owner), all retained by one root, and how much
/// its records took (RSS growth over the publish: an upper bound, freed patches included).
private func collectionScenario(records count: Int) throws -> (store: Store, root: StoreRoot, bytesPerRecord: Double) {
    let store = Store()
    let root = StoreRoot(
        selectionSet: .init([
            field(
                "items",
                fields(["__typename", "id", "name", "count"]) + [field("owner", fields(["__typename", "name"]))])
        ]))
    var items: [JSONValue] = []
    items.reserveCapacity(count / 2)
    for index in 0..<(count / 2) {
        items.append([
            "__typename": "Item", "id": .string("item-\(index)"), "name": .string("Item \(index)"),
            "count": .int(index),
            "owner": ["__typename": "User", "name": "someone"],
        ])
    }
    let before = residentMegabytes()
    try store.publish(["items": .array(items)], to: root)
    let after = residentMegabytes()
    items = []
    precondition(store.recordCount == count + 1)
    return (store, root, (after - before) * 1_048_576 / Double(count))
}

private func storeCollectionBenchmarks() throws {
    // Every record kept, so each sample sees the same store; the two sizes are sampled in turn.
    let small = try collectionScenario(records: 100_000)
    let large = try collectionScenario(records: 1_000_000)
    let (smallTime, largeTime) = alternatingMedians(
        samples: 5,
        { precondition(small.store.collectGarbage(retaining: [small.root]).removedRecords == 0) },
        { precondition(large.store.collectGarbage(retaining: [large.root]).removedRecords == 0) })
    report(
        "collect, every record retained: 1,000,000 records", largeTime, against: "100,000 records", smallTime,
        limit: 12)
    print(
        String(
            format:
                "  memory per record (item or owner, 2-5 fields; RSS growth over the publish, an upper bound): %.0f bytes",
            large.bytesPerRecord))

    // Half the records unreachable, what a collection after a release removes: one collection per
    // store (it changes the store), so one sample each.
    let smallSweep = try sweepTime(records: 100_000)
    let largeSweep = try sweepTime(records: 1_000_000)
    report("collect, half unreachable: 1,000,000 records", largeSweep, against: "100,000 records", smallSweep)
}

/// The time of one collection over `count` records of which half are unreachable.
private func sweepTime(records count: Int) throws -> Double {
    let store = Store()
    let kept = StoreRoot(selectionSet: .init([field("kept", fields(["__typename", "id"]))]))
    let dropped = StoreRoot(selectionSet: .init([field("dropped", fields(["__typename", "id"]))]))
    let make = { (prefix: String) -> JSONValue in
        .array((0..<(count / 2)).map { ["__typename": "Item", "id": .string("\(prefix)-\($0)")] })
    }
    try store.publish(["kept": make("k")], to: kept)
    try store.publish(["dropped": make("d")], to: dropped)
    let start = DispatchTime.now().uptimeNanoseconds
    let result = store.collectGarbage(retaining: [kept])
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    precondition(result.removedRecords == count / 2)
    return seconds
}

// MARK: Apollo's cache scenarios

/// `records { __typename id f0 ... f7 }` with `count` records of 10 fields each, the Apollo scenarios'
/// data; `version` changes every string value (for merging new values over the same records).
func tenFieldRecords(_ count: Int, version: Int = 0) -> JSONValue {
    [
        "records": .array(
            (0..<count).map { index -> JSONValue in
                var object: JSONObject = ["__typename": "Record", "id": .string("r\(index)")]
                for field in 0..<8 {
                    object["f\(field)"] = .string("value \(index) \(field)" + (version == 0 ? "" : " v\(version)"))
                }
                return .object(object)
            })
    ]
}

/// The selection of ``tenFieldRecords(_:version:)``'s 1,000 records.
let thousandRoot = StoreRoot(
    selectionSet: .init([field("records", fields(["__typename", "id"] + (0..<8).map { "f\($0)" }))]))

/// A screen of ``tenFieldRecords(_:version:)``'s first 100 records (`records(first: 100)`).
let hundredRoot = StoreRoot(
    selectionSet: .init([field("records", arguments: 100, fields(["__typename", "id"] + (0..<8).map { "f\($0)" }))])
)

private func storeApolloScenarios() throws {
    // Merge 1,000 records of 10 fields into an empty store.
    let thousand = tenFieldRecords(1_000)
    let thousandBytes = thousand.serialized()
    let thousandParse = try median { blackHole(try JSONSerialization.jsonObject(with: thousandBytes)) }
    let merge = try median {
        let store = Store()
        try store.publish(try JSONValue(parsing: thousandBytes), to: thousandRoot)
    }
    report(
        "Apollo: merge 1,000 records of 10 fields (from bytes)", merge, against: "JSONSerialization parse",
        thousandParse)

    // Load 100 records.
    let hundred = tenFieldRecords(100)
    let hundredStore = Store()
    try hundredStore.publish(hundred, to: hundredRoot)
    let hundredBytes = hundred.serialized()
    let hundredParse = try median(samples: 51) { blackHole(try JSONSerialization.jsonObject(with: hundredBytes)) }
    let load = median(samples: 51) { blackHole(hundredStore.lookup(hundredRoot)) }
    report("Apollo: load 100 records", load, against: "JSONSerialization parse", hundredParse)

    // 20 friends sharing 3 homeworld records.
    let heroRoot = StoreRoot(
        selectionSet: .init([
            field(
                "hero",
                fields(["__typename", "id", "name"])
                    + [
                        field(
                            "friends",
                            fields(["__typename", "id", "name"])
                                + [field("homeworld", fields(["__typename", "id", "name"]))])
                    ])
        ]))
    let hero: JSONValue = [
        "hero": [
            "__typename": "Human", "id": "h", "name": "Luke",
            "friends": .array(
                (0..<20).map { index -> JSONValue in
                    [
                        "__typename": "Human", "id": .string("f\(index)"), "name": .string("Friend \(index)"),
                        "homeworld": [
                            "__typename": "Planet", "id": .string("p\(index % 3)"),
                            "name": .string("Planet \(index % 3)"),
                        ],
                    ]
                }),
        ]
    ]
    let heroBytes = hero.serialized()
    let heroParse = try median(samples: 51) { blackHole(try JSONSerialization.jsonObject(with: heroBytes)) }
    let heroWrite = try median(samples: 51) {
        let store = Store()
        try store.publish(try JSONValue(parsing: heroBytes), to: heroRoot)
    }
    report("Apollo: 20 friends sharing 3 homeworlds, write", heroWrite, against: "JSONSerialization parse", heroParse)
    let heroStore = Store()
    try heroStore.publish(hero, to: heroRoot)
    precondition(heroStore.recordCount == 25)
    let heroRead = median(samples: 51) { blackHole(heroStore.lookup(heroRoot)) }
    report("Apollo: 20 friends sharing 3 homeworlds, read", heroRead, against: "JSONSerialization parse", heroParse)
}

func field(_ name: String, arguments first: Int, _ selections: [CompiledSelection]) -> CompiledSelection {
    .field(
        CompiledField(
            responseKey: name, name: name, arguments: [CompiledArgument(name: "first", value: .literal(.int(first)))],
            selectionSet: CompiledSelectionSet(selections)))
}
