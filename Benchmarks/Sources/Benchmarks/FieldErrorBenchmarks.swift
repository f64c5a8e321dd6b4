import Environment
import Foundation
import StoreCore

/// Normalizing the Items payload as the runtime writes an answer's `data` text: with no `errors`
/// (the path every clean answer takes, which field errors must not slow), and with 1% of the items'
/// `description` failed, each error kept in the store at its item.
func runFieldErrorBenchmarks() throws {
    let count = 10_000
    let clean = itemsDataText(makeItemsPayload(count: count))
    let erroredEvery = 100
    let errored = itemsDataText(makeItemsPayload(count: count, nullDescriptionEvery: erroredEvery))
    let errors = stride(from: 0, to: count, by: erroredEvery).map {
        FieldError(
            message: "the description of item \($0) failed", path: ["items", .index($0), "description"],
            extensions: ["code": "INTERNAL"])
    }
    print("items data: \(clean.count) bytes, \(count) items; \(errors.count) errors in the errored answer")
    let ownParse = { blackHole(try JSONValue(parsing: clean)) }

    let (normalizeClean, parseFloor) = try alternatingMedians(
        samples: 9,
        {
            let store = Store()
            try store.publish(dataJSON: clean, to: itemsRoot, requestedAt: store.requestInstant())
            blackHole(store)
        }, ownParse)
    report(
        "normalize the data text, no errors (the runtime's path)", normalizeClean, against: "JSONValue(parsing:)",
        parseFloor, limit: 3)

    let (normalizeErrored, normalizeCleanAgain) = try alternatingMedians(
        samples: 9,
        {
            let store = Store()
            let report = try store.publish(
                dataJSON: errored, to: itemsRoot, requestedAt: store.requestInstant(), fieldErrors: errors)
            precondition(report.storedFieldErrors.count == errors.count, "every error is stored at its item")
            blackHole(store)
        },
        {
            let store = Store()
            try store.publish(dataJSON: clean, to: itemsRoot, requestedAt: store.requestInstant())
            blackHole(store)
        })
    report(
        "normalize with 1% of the items errored", normalizeErrored, against: "the same with no errors",
        normalizeCleanAgain, limit: 1.2)
}

/// The `data` member's text of a payload `{"data":…}`, as a transport keeps it for the store.
private func itemsDataText(_ payload: Data) -> Data {
    let prefix = Data(#"{"data":"#.utf8)
    precondition(payload.starts(with: prefix) && payload.last == UInt8(ascii: "}"), "an Items payload")
    return payload.dropFirst(prefix.count).dropLast()
}
