// Test support, not a product: a process of an app that queues mutations offline, or replays
// them, over one SQLite file, for the SIGKILL test of `OfflineKillTests`.
//
//   OfflineReplayChild queue <file> <endpoint> <count> <prefix>
//       commits <count> queueable `applyOnce` mutations with idempotence IDs <prefix>-0...; with an
//       endpoint nothing listens on, each is queued. Prints `queued <n>`.
//   OfflineReplayChild replay <file> <endpoint> [<kill point>]
//       replays the queue, then prints `done <remaining>`. With a kill point k, the process sends
//       itself SIGKILL at its k-th step (counting from 0): each mutation takes three, just before its
//       request is sent, once the server's answer arrived but before the runtime writes it, and once
//       its answer is written and its row deleted.
import Environment
import Foundation
import SQLiteStore

#if canImport(Glibc)
    import Glibc
#endif

/// Writes `line` to standard output at once (unbuffered).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Counts the steps of a replay and kills the process with SIGKILL at the chosen one.
final class KillPoint: Sendable {
    let at: Int?
    private let steps = Locked(0)

    init(at: Int?) { self.at = at }

    func step() {
        let step = steps.withLock { steps in
            defer { steps += 1 }
            return steps
        }
        if step == at { kill(getpid(), SIGKILL) }
    }
}

/// The HTTP transport, with a step before each request and one when its answer arrives.
struct SteppingTransport: Transport {
    let base: HTTPTransport
    let killPoint: KillPoint

    func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        killPoint.step()
        let responses = base.execute(request)
        let killPoint = killPoint
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await response in responses {
                        killPoint.step()
                        continuation.yield(response)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 4, let endpoint = URL(string: arguments[3]) else {
    say("usage: OfflineReplayChild queue <file> <endpoint> <count> <prefix> | replay <file> <endpoint> [<kill point>]")
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
let killPoint = KillPoint(at: arguments[1] == "replay" && arguments.count == 5 ? Int(arguments[4]) : nil)
var configuration = EnvironmentConfiguration()
configuration.mutationQueue.observer = { event in
    if case .replayed = event.outcome { killPoint.step() }
}
let source = try SQLiteRecordSource(path: arguments[2])
let environment = GraphQLEnvironment(
    schema: schema, store: Store(source: source),
    transport: SteppingTransport(base: HTTPTransport(url: endpoint), killPoint: killPoint),
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
