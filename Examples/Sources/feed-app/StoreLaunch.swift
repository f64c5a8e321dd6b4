import Environment
import EventLogTesting
import SQLiteStore
import SchedulingTesting

/// The path after `--store` in `arguments`, or `nil` when there is none (the in-memory main job).
func storePath(in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: "--store"), arguments.indices.contains(index + 1) else { return nil }
    return arguments[index + 1]
}

/// One launch of the app over a store kept in the SQLite file at `path`: attach the feed
/// (`storeOrNetwork`), show it, release it and let the collection run. Run it twice on one file: the
/// first launch finds the file empty and fetches (1 request); the second finds the feed there, fresh,
/// and shows it with 0 requests.
///
/// Both launches run the same code: what differs is only what the file holds, as for a real app.
func launchOverStore(at path: String, schema: Schema, feed: FeedQuery) async throws {
    let source = try SQLiteRecordSource(
        path: path, configuration: SQLiteStoreConfiguration(log: { event in say("  store: \(event)") }))
    say("open the store at \(path): \(source.count) records in the file")

    // A manual clock standing at the same fixed instant in every launch (ManualWallClock's default),
    // so that the output is the same on every run. The file keeps each field's write time on the wall
    // clock, so to this clock the second launch comes right after the first: the feed, written at that
    // instant, is 0 s old and fresh. An app gives store and environment a `SystemWallClock` instead;
    // then the second launch shows the file's feed with 0 requests only within the feed's 300 s, and
    // fetches it again (1 request) after that, which is the point of persisting write times.
    let clock = ManualWallClock()
    let server = FeedServer()
    let events = InMemoryEventSink()
    let environment = GraphQLEnvironment(
        schema: schema, store: Store(clock: clock, source: source), transport: server, clock: clock, log: events,
        configuration: EnvironmentConfiguration(releaseBufferSize: 0))

    // Already loaded at attach when the file holds the feed fresh: attaching read it from the store.
    let screen = try await attachAndShow(feed, in: environment, server: server)

    // The collection keeps the feed's records even with nothing retained: the file remembers that a
    // screen read the feed (decision 0151), so the next launch can show it without a request.
    try await releaseAndCollect(screen, events: events, server: server)
}
