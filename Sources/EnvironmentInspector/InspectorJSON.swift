@_spi(Inspector) import Environment
import GraphQLCore
import Primitives

/// The inspector's answers as JSON: the page reads these shapes, and tests read them too.
enum InspectorJSON {
    static func roots(_ roots: [InspectorRoot], now: WallInstant) -> JSONValue {
        ["now": milliseconds(now), "roots": .array(roots.map(root))]
    }

    static func root(_ root: InspectorRoot) -> JSONValue {
        var object: JSONObject = [
            "identity": .string(root.identity),
            "operation": root.operationName.map(JSONValue.string) ?? .null,
            "kind": .string(root.kind),
            "variablesHash": .string(root.variablesHash),
            "holders": .array(root.holders.map { ["id": .int(Int(clamping: $0.id)), "policy": .string($0.policy)] }),
            "retained": .bool(root.isRetained),
            "expirationSeconds": root.expirationSeconds.map(JSONValue.double) ?? .null,
            "oldestWrite": root.oldestWrite.map(milliseconds) ?? .null,
            "staleAt": root.staleAt.map(milliseconds) ?? .null,
            "staleness": .string(root.staleness),
            "inFlight": .bool(root.inFlight),
            "joinedFetches": .int(root.joinedFetches),
            "handlePhases": .array(root.handlePhases.map(JSONValue.string)),
            "revalidation": .string(root.revalidation),
            "records": .array(root.recordIDs.map(JSONValue.string)),
        ]
        if let fetch = root.lastFetch {
            object["lastFetch"] = [
                "reason": .string(fetch.reason), "outcome": .string(fetch.outcome),
                "durationMilliseconds": .double(fetch.durationMilliseconds), "endedAt": milliseconds(fetch.endedAt),
            ]
        } else {
            object["lastFetch"] = .null
        }
        return .object(object)
    }

    static func records(_ records: [InspectorRecordSummary]) -> JSONValue {
        [
            "records": .array(
                records.map { record in
                    [
                        "id": .string(record.id), "typename": record.typename.map(JSONValue.string) ?? .null,
                        "fieldCount": .int(record.fieldCount),
                    ]
                })
        ]
    }

    static func record(_ record: InspectorRecord, valuesShown: Bool) -> JSONValue {
        [
            "id": .string(record.id),
            "typename": record.typename.map(JSONValue.string) ?? .null,
            "valuesShown": .bool(valuesShown),
            "writtenAt": record.writtenAt.map(milliseconds) ?? .null,
            "readBy": .array(record.readBy.map(JSONValue.string)),
            "fields": .array(
                record.fields.map { field in
                    [
                        "key": .string(field.key), "kind": .string(field.kind), "bytes": .int(field.bytes),
                        "value": field.value.map(JSONValue.string) ?? .null,
                        "links": .array(field.links.map(JSONValue.string)),
                        "writtenAt": milliseconds(field.writtenAt),
                    ]
                }),
        ]
    }

    static func store(_ stats: InspectorStoreStats, fileBytes: Int?, valuesShown: Bool) -> JSONValue {
        [
            "recordCount": .int(stats.recordCount),
            "reachableRecords": .int(stats.reachableRecords),
            "reachableBytes": .int(stats.reachableBytes),
            "retainedRoots": .int(stats.retainedRoots),
            "bufferedRoots": .int(stats.bufferedRoots),
            "fetchesInFlight": .int(stats.fetchesInFlight),
            "sqliteFileBytes": fileBytes.map(JSONValue.int) ?? .null,
            "valuesShown": .bool(valuesShown),
            "lastCollection": stats.lastCollection.map { collection in
                [
                    "at": milliseconds(collection.at), "removed": .int(collection.removed),
                    "kept": .int(collection.kept), "roots": .int(collection.roots),
                ]
            } ?? .null,
        ]
    }

    static func error(_ message: String) -> JSONValue { ["error": .string(message)] }

    /// Milliseconds since 1970, what the page's `Date` takes.
    static func milliseconds(_ instant: WallInstant) -> JSONValue {
        .int(Int(instant.nanosecondsSince1970 / 1_000_000))
    }
}
