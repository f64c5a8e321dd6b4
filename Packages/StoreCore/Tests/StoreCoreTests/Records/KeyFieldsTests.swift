import Foundation
import GraphQLCore
import StoreCore
import Testing

/// Records keyed by key fields (`@typePolicy`): the publish reads the key members alone, from a
/// parsed value or from the bytes, and a key function set later still wins.
@Suite("Records-KeyFields")
struct KeyFieldsTests {
    static let root = query([
        object("edition", [typename, leaf("isbn"), leaf("number"), leaf("year")]),
        object("other", [typename, leaf("isbn"), leaf("number")]),
    ])
    static let text =
        #"{"edition":{"__typename":"Edition","isbn":"B7","number":2,"year":2001},"other":{"__typename":"Edition","isbn":"B8","number":null}}"#

    @Test("composite key fields give Type:v1+v2 from the bytes and from a parsed value alike; a null one a path ID")
    func composite() throws {
        let configuration = StoreConfiguration(keyFields: ["Edition": ["isbn", "number"]])
        let fromBytes = Store(configuration: configuration)
        try fromBytes.publish(dataJSON: Data(Self.text.utf8), to: Self.root, requestedAt: .init(secondsSince1970: 1))
        let parsed = Store(configuration: configuration)
        try parsed.publish(try JSONValue(parsing: Data(Self.text.utf8)), to: Self.root)
        for store in [fromBytes, parsed] {
            #expect(store.record("Edition:B7+2")?["year"] == .scalar(2001))
            #expect(store.recordCount == 3)
            #expect(store.lookup(Self.root).data?["other"]?["isbn"] == "B8")
        }
    }

    @Test("a key function set after the configuration was made replaces the key fields' keys")
    func functionSetLater() throws {
        var configuration = StoreConfiguration(keyFields: ["Edition": ["isbn", "number"]])
        configuration.keyFunctions["Edition"] = { object in object["isbn"]?.stringValue.map { DataID("E:" + $0) } }
        let store = Store(configuration: configuration)
        try store.publish(dataJSON: Data(Self.text.utf8), to: Self.root, requestedAt: .init(secondsSince1970: 1))
        #expect(store.record("E:B7") != nil)
        #expect(store.record("Edition:B7+2") == nil)
    }
}
