// Test support, not a product: a process of an app that queues mutations offline, or replays
// them, over one SQLite file, for the SIGKILL test of `OfflineKillTests`.
//
//   OfflineReplayChild queue <file> <endpoint> <count> <prefix>
//       commits <count> queueable `applyOnce` mutations with idempotence IDs <prefix>-0...; with an
//       endpoint nothing listens on, each is queued. Prints `queued <n>`.
//   OfflineReplayChild replay <file> <endpoint>
//       replays the queue: prints `sending <id>` as each request goes to the transport and
//       `replayed <id>` once its answer is written, then `done <remaining>`.
import Environment
import Foundation
import SQLiteStore

/// Writes `line` to standard output at once (unbuffered), so the test reads it before a kill.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The HTTP transport, announcing each request before it goes.
struct AnnouncingTransport: Transport {
    let base: HTTPTransport

    func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        say("sending \(request.headers["Idempotency-Key"] ?? "?")")
        return base.execute(request)
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 4, let endpoint = URL(string: arguments[3]) else {
    say("usage: OfflineReplayChild queue|replay <file> <endpoint> [<count> <prefix>]")
    exit(2)
}
let schema = try Schema(
    sdl: """
        type Query { hello: String }
        type Mutation { applyOnce(key: String!, value: String!): Applied! }
        type Applied { id: ID! value: String! }
        """)
let document = try CompiledDocument(
    text: "mutation ApplyOnce($key: String!, $value: String!) { applyOnce(key: $key, value: $value) { id value } }",
    schema: schema)
var configuration = EnvironmentConfiguration()
configuration.mutationQueue.observer = { event in
    if case .replayed = event.outcome { say("replayed \(event.mutation.id)") }
}
let source = try SQLiteRecordSource(path: arguments[2])
let environment = Environment(
    schema: schema, store: Store(source: source), transport: AnnouncingTransport(base: HTTPTransport(url: endpoint)),
    configuration: configuration)

switch arguments[1] {
case "queue":
    guard arguments.count == 6, let count = Int(arguments[4]) else { exit(2) }
    var queued = 0
    for index in 0..<count {
        let id = "\(arguments[5])-\(index)"
        let value = JSONValue.string("value \(index)")
        let outcome = try await environment.commit(
            document.operation(named: "ApplyOnce", variables: ["key": .string(id), "value": value]),
            optimisticResponse: ["applyOnce": ["__typename": "Applied", "id": .string(id), "value": value]],
            queueing: .queueable(id: id))
        if outcome.queued != nil { queued += 1 }
    }
    say("queued \(queued)")
case "replay":
    let report = await environment.replayQueuedMutations()
    say("done \(report.remaining)")
default:
    exit(2)
}
