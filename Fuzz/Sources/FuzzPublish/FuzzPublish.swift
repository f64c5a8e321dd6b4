import FuzzSupport
import GraphQLCore
import Primitives
import StoreCore

/// The operation whose `data` the inputs are: objects with and without ids, lists, an interface, a
/// union, arguments, aliases and a custom scalar.
let operationText = """
    query Fuzz {
      viewer { id name avatar(size: 32) friends { id name } posts(first: 2) { id title tags likes author { id } } }
      feed(first: 3) { id title body likes author { id name } }
      node(id: "1") { id ... on Post { title } ... on User { name } }
      search(text: "a") { ... on Post { id title } ... on User { id name } ... on Comment { text } }
      time: at
    }
    """

/// What both stores hold before the input is published, so that "unchanged" means something.
let seed: JSONValue = [
    "viewer": [
        "__typename": "User", "id": "1", "name": "Ada", "avatar": "a.png",
        "friends": [["__typename": "User", "id": "2", "name": "Grace"], nil],
        "posts": [
            [
                "__typename": "Post", "id": "10", "title": "T", "tags": ["x"], "likes": 3,
                "author": ["__typename": "User", "id": "1"],
            ]
        ],
    ],
    "feed": [], "node": nil, "search": [["__typename": "Comment", "text": "c"]], "time": "2026-01-01",
]

let root: StoreRoot? = {
    guard let schema = FuzzSchema.schema, let document = try? CompiledDocument(text: operationText, schema: schema),
        let operation = try? document.operation()
    else { return nil }
    return StoreRoot(operation: operation)
}()

func seededStore(_ root: StoreRoot) -> Store {
    let store = Store(configuration: StoreConfiguration(clock: { WallInstant(secondsSince1970: 1_800_000_000) }))
    guard (try? store.publish(seed, to: root)) != nil else { finding("the seed does not publish") }
    return store
}

/// Any bytes as a response's `data`: publishing the tree `JSONReader` reads and publishing the bytes
/// write the same records and report the same changes, or fail with the same typed error and leave
/// the store as it was.
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
