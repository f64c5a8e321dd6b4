import Foundation
import GraphQLCore
import Primitives
import SQLiteStore
import StoreCore

/// A wall clock that moves only when a test advances it, in whole seconds.
final class ManualClock: Sendable {
    private let seconds: Locked<Int64>

    init(_ start: Int64 = 1_000_000) { seconds = Locked(start) }

    var now: WallInstant { WallInstant(secondsSince1970: seconds.withLock { $0 }) }

    func advance(by delta: Int64) { seconds.withLock { $0 += delta } }
}

/// Collects what a store logs.
final class EventRecorder: Sendable {
    private let received = Locked<[SQLiteStoreEvent]>([])

    var events: [SQLiteStoreEvent] { received.withLock { $0 } }

    func record(_ event: SQLiteStoreEvent) { received.withLock { $0.append(event) } }
}

/// The root of the operation named `name` in `document`, compiled without a schema.
func root(_ document: String, variables: JSONObject = [:]) throws -> StoreRoot {
    StoreRoot(operation: try CompiledDocument(text: document).operation(variables: variables))
}

let feedQuery = "query Feed { feed { __typename id title author { __typename id name } } }"
let profileQuery = "query Profile { viewer { __typename id name } }"

func feed(_ titles: [String], author: String = "Ada") -> JSONValue {
    [
        "feed": .array(
            titles.enumerated().map { index, title in
                [
                    "__typename": "Post", "id": .string("p\(index)"), "title": .string(title),
                    "author": ["__typename": "User", "id": "u1", "name": .string(author)],
                ]
            })
    ]
}

/// A store over the SQLite file at `path`, its write times read from `clock`, and the source's
/// statistics.
func openStore(
    _ path: String, clock: ManualClock = ManualClock(),
    configuration: SQLiteStoreConfiguration = SQLiteStoreConfiguration()
) throws -> (store: Store, statistics: SQLiteStoreStatistics, location: SQLiteRecordSource.Location) {
    let source = try SQLiteRecordSource(path: path, configuration: configuration)
    let statistics = source.statistics
    let location = source.location
    return (Store(source: source, configuration: StoreConfiguration(clock: { clock.now })), statistics, location)
}
