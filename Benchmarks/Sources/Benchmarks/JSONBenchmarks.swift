import Environment
import Foundation
@_spi(Runtime) import GraphQLCore

/// JSON: reading, writing and decoding the 10,000-item response, each against Foundation.
func runJSONBenchmarks() async throws {
    let payload = makeItemsPayload(count: 10_000)
    print("payload: \(payload.count) bytes, 10,000 items")

    let foundationParse = try median {
        blackHole(try JSONSerialization.jsonObject(with: payload, options: [.fragmentsAllowed]))
    }
    let ourParse = try median { blackHole(try JSONValue(parsing: payload)) }
    report("parse: JSONValue(parsing:)", ourParse, against: "JSONSerialization.jsonObject", foundationParse, limit: 1.0)
    // What a transport spends to check a response whose `data` it keeps as text.
    let skipping = try median { blackHole(try JSONReader().read(payload, skippingMember: "data")) }
    report("check: read(_:skippingMember: \"data\")", skipping, against: "JSONValue(parsing:)", ourParse)
    // What a transport and a store spend on the answer's bytes before the store walks them: the
    // check that finds `data` builds its tape in the same scan, against checking, then taping `data`
    // (the path before one scanner served both), sampled in turn.
    let (once, twice) = try alternatingMedians(
        samples: 9, { blackHole(try JSONReader().read(payload, tapingMember: "data")) },
        {
            let (rest, range) = try JSONReader().read(payload, skippingMember: "data")
            blackHole((rest, try range.map { try JSONText(checking: payload[$0]) }))
        })
    report(
        "check and tape data in one scan: read(_:tapingMember:)", once, against: "check, then tape data", twice,
        limit: 1.0)

    let foundationObject = try JSONSerialization.jsonObject(with: payload)
    let value = try JSONValue(parsing: payload)
    let foundationWrite = try median { blackHole(try JSONSerialization.data(withJSONObject: foundationObject)) }
    let ourWrite = median { blackHole(value.serialized()) }
    report(
        "serialize: JSONValue.serialized()", ourWrite, against: "JSONSerialization.data", foundationWrite, limit: 1.0)
    let ourSortedWrite = median { blackHole(value.serialized(sortedKeys: true)) }
    report(
        "serialize: serialized(sortedKeys: true)", ourSortedWrite, against: "JSONSerialization.data", foundationWrite)

    let jsonDecoder = try median { blackHole(try JSONDecoder().decode(ItemsResponse.self, from: payload)) }
    let treeDecoder = try median { blackHole(try JSONValueDecoder().decode(ItemsResponse.self, from: value)) }
    report(
        "decode: JSONValueDecoder from the tree", treeDecoder, against: "JSONDecoder from bytes", jsonDecoder,
        limit: 1.0)
    let parseAndDecode = try median {
        blackHole(try JSONValueDecoder().decode(ItemsResponse.self, from: JSONValue(parsing: payload)))
    }
    report(
        "decode: JSONValue(parsing:) + JSONValueDecoder", parseAndDecode, against: "JSONDecoder from bytes", jsonDecoder
    )
}

/// The app model of the items payload, as an app would write it.
private struct ItemsResponse: Decodable {
    struct Owner: Decodable {
        var id: String
        var name: String
    }

    struct Item: Decodable {
        var id: String
        var name: String
        var title: String
        var description: String
        var count: Int
        var score: Double
        var active: Bool
        var owner: Owner
    }

    struct Payload: Decodable { var items: [Item] }

    var data: Payload
}
