import Environment
import Foundation

/// JSON: reading, writing and decoding the 10,000-item response, each against Foundation.
func runJSONBenchmarks() async throws {
    let payload = makeItemsPayload(count: 10_000)
    print("payload: \(payload.count) bytes")

    let foundationParse = try median {
        blackHole(try JSONSerialization.jsonObject(with: payload, options: [.fragmentsAllowed]))
    }
    let ourParse = try median { blackHole(try JSONValue(parsing: payload)) }
    report("parse: JSONValue(parsing:)", ourParse, against: "JSONSerialization.jsonObject", foundationParse, limit: 1.0)

    let foundationObject = try JSONSerialization.jsonObject(with: payload)
    let value = try JSONValue(parsing: payload)
    let foundationWrite = try median { blackHole(try JSONSerialization.data(withJSONObject: foundationObject)) }
    let ourWrite = median { blackHole(value.serialized()) }
    report(
        "serialize: JSONValue.serialized()", ourWrite, against: "JSONSerialization.data", foundationWrite, limit: 1.0)
    let ourSortedWrite = median { blackHole(value.serialized(sortedKeys: true)) }
    report(
        "serialize: serialized(sortedKeys: true)", ourSortedWrite, against: "JSONSerialization.data", foundationWrite)
}
