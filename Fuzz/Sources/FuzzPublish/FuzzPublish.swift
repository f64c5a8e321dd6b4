import Foundation
import FuzzSupport
import GraphQLCore
import Primitives
import SQLiteStore
import StoreCore

/// The operation whose `data` the inputs are: objects with and without keys, lists, an interface, a
/// union, arguments, an alias and a custom scalar.
let operationText = """
    query Fuzz {
      me { id handle portrait(px: 32) follows { id handle } shelf(limit: 2) { id heading labels stars writer { id } } }
      shelf(limit: 3) { id heading blurb stars writer { id handle } }
      lookup(key: "1") { id ... on Book { heading } ... on Reader { handle } }
      find(term: "a") { ... on Book { id heading } ... on Reader { id handle } ... on Note { words } }
      now: clock
    }
    """

/// What both stores hold before the input is published, so that "unchanged" means something.
let seed: JSONValue = [
    "me": [
        "__typename": "Reader", "id": "1", "handle": "Ada", "portrait": "a.png",
        "follows": [["__typename": "Reader", "id": "2", "handle": "Grace"], nil],
        "shelf": [
            [
                "__typename": "Book", "id": "10", "heading": "T", "labels": ["x"], "stars": 3,
                "writer": ["__typename": "Reader", "id": "1"],
            ]
        ],
    ],
    "shelf": [], "lookup": nil, "find": [["__typename": "Note", "words": "c"]], "now": "2026-01-01",
]

let root: StoreRoot? = {
    guard let schema = FuzzSchema.schema, let document = try? CompiledDocument(text: operationText, schema: schema),
        let operation = try? document.operation()
    else { return nil }
    return StoreRoot(operation: operation)
}()

func seededStore(_ root: StoreRoot, source: sending any RecordSource = InMemoryRecordSource()) -> Store {
    let store = Store(
        source: source, configuration: StoreConfiguration(clock: { WallInstant(secondsSince1970: 1_800_000_000) }))
    guard (try? store.publish(seed, to: root)) != nil else { finding("the seed does not publish") }
    return store
}

/// The file of the SQLite store each input starts afresh, one per fuzzing process.
let sqlitePath = FileManager.default.temporaryDirectory
    .appendingPathComponent("fuzz-publish-\(ProcessInfo.processInfo.processIdentifier).sqlite").path

/// A store over a new SQLite file at ``sqlitePath``, seeded as the in-memory ones are.
func seededSQLiteStore(_ root: StoreRoot) -> Store {
    SQLiteRecordSource.removeFiles(at: sqlitePath)
    guard let source = try? SQLiteRecordSource(path: sqlitePath) else { finding("the SQLite store does not open") }
    return seededStore(root, source: source)
}

/// Any bytes as a response's `data`: publishing the tree `JSONReader` reads and publishing the bytes
/// write the same records and report the same changes, or fail with the same typed error and leave
/// the store as it was; the bytes published into a store over a SQLite file read back as the
/// in-memory store does, or are refused alike and leave the file's store as it was.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPublish(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let root else { finding("the fuzz operation does not compile") }
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    let fromTree = seededStore(root)
    let fromBytes = seededStore(root)
    let before = fromTree.lookup(root)
    let countBefore = fromTree.recordCount

    let treeResult = Result { () throws(StoreError) -> Set<DataID> in
        let value: JSONValue
        do throws(GraphQLCoreError) {
            value = try JSONReader().read(bytes)
        } catch {
            throw StoreError(.invalidJSON, error.message)
        }
        return try fromTree.publish(value, to: root)
    }
    let bytesResult = Result { () throws(StoreError) in try fromBytes.publish(dataJSON: bytes, to: root) }
    let inFile = seededSQLiteStore(root)
    defer { SQLiteRecordSource.removeFiles(at: sqlitePath) }
    let fileResult = Result { () throws(StoreError) in try inFile.publish(dataJSON: bytes, to: root) }
    switch (bytesResult, fileResult) {
    case (.success(let changes), .success(let fileChanges)):
        guard changes == fileChanges else { finding("the SQLite store's changes differ: \(fileChanges)") }
        guard inFile.lookup(root) == fromBytes.lookup(root) else {
            finding("the SQLite store reads back differently from the in-memory one")
        }
        for id in changes where inFile.record(id) != fromBytes.record(id) {
            finding("record \(id) differs in the SQLite store")
        }
    case (.failure(let error), .failure(let fileError)):
        guard error.code == fileError.code else {
            finding("the SQLite store's refusal differs: \(error.code) and \(fileError.code)")
        }
        guard inFile.lookup(root) == before else { finding("a refused publish changed the SQLite store") }
    case (.success, .failure(let error)):
        finding("the SQLite store refused what the in-memory one took: \(error.code) \(error.message)")
    case (.failure(let error), .success):
        finding("the SQLite store took what the in-memory one refused: \(error.code)")
    }

    switch (treeResult, bytesResult) {
    case (.success(let treeChanges), .success(let bytesChanges)):
        guard treeChanges == bytesChanges else { finding("the changes differ: \(treeChanges) and \(bytesChanges)") }
        guard fromTree.recordCount == fromBytes.recordCount else { finding("the record counts differ") }
        for id in treeChanges where fromTree.record(id) != fromBytes.record(id) {
            finding("record \(id) differs")
        }
        guard fromTree.lookup(root) == fromBytes.lookup(root) else { finding("the stores read back differently") }
    case (.failure(let treeError), .failure(let bytesError)):
        guard treeError.code == bytesError.code else {
            finding("the refusals differ: \(treeError.code) and \(bytesError.code)")
        }
        if treeError.code != .invalidJSON, treeError.path != bytesError.path {
            finding("the refusals' paths differ: \(treeError.path) and \(bytesError.path)")
        }
        for store in [fromTree, fromBytes] where store.lookup(root) != before || store.recordCount != countBefore {
            finding("a refused publish changed the store")
        }
    case (.success, .failure(let error)):
        finding("the tree was published, the bytes refused: \(error.code) \(error.message)")
    case (.failure(let error), .success):
        finding("the bytes were published, the tree refused: \(error.code) \(error.message)")
    }
    return 0
}

/// The executable's entry point, named as SwiftPM names it: libFuzzer's driver on `fuzzPublish`.
@_cdecl("FuzzPublish_main")
public func fuzzPublishMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzPublish)
}
