import EventLogTesting
import Foundation
import SchedulingTesting
import TransportTesting

@testable import Environment

/// One environment over a scripted transport, a manual clock and an in-memory event sink: every
/// test builds its own, so tests share nothing.
struct Fixture {
    let transport = ScriptedTransport()
    let clock = ManualWallClock()
    let sink = InMemoryEventSink()
    let environment: GraphQLEnvironment

    init(
        defaultExpiration: Duration = .seconds(60), releaseBufferSize: Int = 10,
        mutationQueue: MutationQueueConfiguration = MutationQueueConfiguration()
    ) {
        var configuration = EnvironmentConfiguration(
            defaultExpiration: .after(defaultExpiration), releaseBufferSize: releaseBufferSize)
        configuration.mutationQueue = mutationQueue
        environment = GraphQLEnvironment(
            schema: Operations.schema, transport: transport, clock: clock, log: sink, configuration: configuration)
    }

    var store: Store { environment.store }

    /// Writes `data` for `operation` straight into the store, as another operation's response would.
    func publish(_ data: JSONValue, for operation: GraphQLOperation) throws {
        try store.publish(data, to: StoreRoot(operation: operation))
    }

    /// Scripts every request for `operation` to answer `data`.
    func answer(_ operation: GraphQLOperation, with data: JSONValue) {
        transport.answer(.identity(operation.identity), with: .data(data))
    }

    /// The events recorded so far whose case name is `name`.
    func events(named name: String) -> [Event] {
        sink.events.filter { $0.name == name }
    }
}

extension Handle {
    /// The first phase (the current one included) that matches `predicate`.
    func phase(where predicate: (Phase) -> Bool) async -> Phase? {
        for await phase in phases where predicate(phase) { return phase }
        return nil
    }

    /// The error once the handle failed.
    func failure() async -> (any Error)? {
        await phase { $0.error != nil }?.error
    }
}

/// Collects every phase a handle's sequence gives, until the handle is released.
final class PhaseRecorder: Sendable {
    private let task: Task<[Handle.Phase], Never>

    /// Registers with the handle now, so the current phase is the first one recorded.
    init(_ handle: Handle) {
        let stream = handle.makePhaseStream()
        task = Task {
            var phases: [Handle.Phase] = []
            for await phase in stream { phases.append(phase) }
            return phases
        }
    }

    /// Every phase, once the handle was released and the sequence ended.
    func finished() async -> [Handle.Phase] {
        await task.value
    }
}
