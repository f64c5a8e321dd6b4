import Foundation
import GraphQLCore
import Testing

@testable import StoreCore

/// The normalized batch's runs: a record's fields written together into fixed chunks, a run longer
/// than a chunk in one of its own, and an object reached again later in a later run.
@Suite("Normalizer-batch runs")
struct NormalizedBatchTests {
    static let root = query([
        object("items", [typename, leaf("id"), leaf("body"), object("owner", [typename, leaf("id"), leaf("name")])]),
        object("featured", [typename, leaf("id"), leaf("title")]),
    ])

    /// 3,000 items over several chunks, one item's body longer than a chunk, and `featured`: the
    /// first item reached again at the end, with a field of its own.
    static let data: JSONValue = {
        var items: [JSONValue] = []
        for index in 0..<3_000 {
            let body = index == 1_500 ? String(repeating: "b", count: 3 * NormalizedBatch.chunkSize) : "body \(index)"
            items.append([
                "__typename": "Item", "id": .string("\(index)"), "body": .string(body),
                "owner": ["__typename": "User", "id": .string("u\(index % 7)"), "name": .string("Owner \(index % 7)")],
            ])
        }
        return ["items": .array(items), "featured": ["__typename": "Item", "id": "0", "title": "First"]]
    }()

    @Test("runs over many chunks and one longer than a chunk give every record's fields")
    func chunks() throws {
        let (batch, _) = try Store().normalizeBatch(Self.data, Self.root)
        #expect(batch.byteCount > 4 * NormalizedBatch.chunkSize)
        #expect(batch.count == 1 + 3_000 + 7)
        let patches = batch.patches()
        #expect(
            patches[DataID("Item:1500")]?.values["body"]
                == .scalar(.string(String(repeating: "b", count: 3 * NormalizedBatch.chunkSize))))
        #expect(patches[DataID("Item:2999")]?.values["body"] == .scalar("body 2999"))
        #expect(patches[DataID("Item:2999")]?.values["owner"] == .link("User:u3"))
        #expect(patches[DataID("Item:0")]?.values["title"] == .scalar("First"))
        #expect(patches[DataID("Item:0")]?.values["body"] == .scalar("body 0"))

        for bytesPath in [false, true] {
            let store = makeStore()
            if bytesPath {
                let text = JSONValue.object(["data": Self.data]).serialized()
                try store.publish(responseJSON: text, to: Self.root)
            } else {
                try store.publish(Self.data, to: Self.root)
            }
            #expect(store.lookup(Self.root).data == Self.data)
            #expect(store.recordCount == 1 + 3_000 + 7)
        }
    }

    @Test("an object reached again after other chunks merges both visits, the later winning")
    func revisitAcrossChunks() throws {
        let root = query([
            object("first", [typename, leaf("id"), leaf("name"), leaf("note")]),
            object("filler", [typename, leaf("id"), leaf("body")]),
            object("again", [typename, leaf("id"), leaf("note"), leaf("email")]),
        ])
        let filler: [JSONValue] = (0..<2_000).map { index in
            ["__typename": "Filler", "id": .string("\(index)"), "body": .string(String(repeating: "f", count: 60))]
        }
        let data: JSONValue = [
            "first": ["__typename": "User", "id": "1", "name": "Ada", "note": "old"],
            "filler": .array(filler),
            "again": ["__typename": "User", "id": "1", "note": "new", "email": "ada@example.com"],
        ]
        let (batch, _) = try Store().normalizeBatch(data, root)
        #expect(batch.byteCount > 2 * NormalizedBatch.chunkSize)
        let user = try #require(batch.patches()[DataID("User:1")])
        #expect(user.values["note"] == .scalar("new"))
        #expect(user.values["name"] == .scalar("Ada"))
        #expect(user.values["email"] == .scalar("ada@example.com"))

        let store = makeStore()
        try store.publish(
            ["first": ["__typename": "User", "id": "1", "name": "Old", "note": "older"]],
            to: query([
                object("first", [typename, leaf("id"), leaf("name"), leaf("note")])
            ]))
        try store.publish(data, to: root)
        let record = try #require(store.record("User:1"))
        #expect(record["note"] == .scalar("new"))
        #expect(record["name"] == .scalar("Ada"))
        #expect(record["email"] == .scalar("ada@example.com"))
        #expect(store.lookup(root).data == data.replacing(note: "new"))
    }
}

extension JSONValue {
    /// `self` with `first.note` set to `note`: what a read gives after a later visit changed it.
    fileprivate func replacing(note: String) -> JSONValue {
        guard case .object(var top) = self, case .object(var first)? = top["first"] else { return self }
        first["note"] = .string(note)
        top["first"] = .object(first)
        return .object(top)
    }
}
