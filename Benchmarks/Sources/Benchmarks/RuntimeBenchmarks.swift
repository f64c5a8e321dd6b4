import Environment
import Foundation
import Primitives

/// The runtime's two figures (`docs/architecture.md`, "Performance"):
/// - `revalidate()` over 1,000 and 10,000 retained roots, 1% of them stale, until its fetches
///   finish: 10x the roots may cost at most 11x the time;
/// - attach-to-loaded for an operation whose fresh data is in the store, against a plain
///   `store.lookup` of the same root: what a handle costs over reading the store.
func runRuntimeBenchmarks() async throws {
    let small = try RuntimeBench(roots: 1_000)
    let large = try RuntimeBench(roots: 10_000)
    let repetitions = 5

    let (smallTime, largeTime) = await alternatingMedians(samples: 9) {
        for _ in 0..<repetitions { await small.environment.revalidate().finished() }
    } and: {
        for _ in 0..<repetitions { await large.environment.revalidate().finished() }
    }
    report("revalidate(), 10,000 roots (1% stale)", largeTime, against: "1,000 roots", smallTime, limit: 11)
    report("revalidate() per root, 1,000 roots", smallTime / 1_000, against: "a store lookup", small.lookupTime())
    print("   requests sent by the revalidations: \(small.transport.count) and \(large.transport.count)")

    let attaches = 2_000
    let cached = try small.operation(index: 1)
    let root = StoreRoot(operation: cached)
    let lookup = median(samples: 9) {
        for _ in 0..<attaches { blackHole(small.environment.store.lookup(root)) }
    }
    let attach = median(samples: 9) {
        for _ in 0..<attaches {
            let handle = small.environment.attach(cached)
            guard case .loaded(let snapshot) = handle.phase else { fatalError("a cached operation loads at once") }
            blackHole(snapshot)
            handle.release()
        }
    }
    report("attach to loaded, cached operation", attach, against: "store.lookup of its root", lookup)

    // The same attach through a generated operation type: its compiled operation is found by the
    // type and the variables, then it attaches as above. The phase is read untyped, so that the
    // line measures the attach and not a decode (a typed read decodes once per change).
    let typed = ItemQuery(id: 1)
    let typedAttach = try median(samples: 9) {
        for _ in 0..<attaches {
            let handle = try small.environment.attach(typed)
            guard case .loaded(let snapshot) = handle.handle.phase else {
                fatalError("a cached operation loads at once")
            }
            blackHole(snapshot)
            handle.release()
        }
    }
    report("attach to loaded, generated operation type", typedAttach, against: "the untyped attach", attach, limit: 1.1)
}

/// `query Item($id: Int!) { item(id: $id) { title } }` as `graphql-codegen` generates it: the text
/// as sent, the variables and the data typed.
private struct ItemQuery: GraphQLTypedOperation {
    static let operationName = "Item"
    static let operationKind = OperationKind.query
    static let text: String = {
        do {
            return try RuntimeBench.operation(index: 1).text
        } catch {
            fatalError("the benchmark's document does not compile: \(error)")
        }
    }()
    static let textDigest = DocumentDigest.sha256Hex(text)

    struct Variables: Encodable, Sendable, Hashable { var id: Int }
    struct Data: Decodable, Sendable, Hashable {
        struct Item: Decodable, Sendable, Hashable { var title: String }
        var item: Item?
    }

    var variables: Variables
    init(id: Int) { variables = Variables(id: id) }
}

/// The medians of `samples` runs of `first` and of `second`, taken in turns after one warm-up of
/// each: a load that comes and goes on the shared machine then falls on both alike, instead of on
/// whichever was being measured while it lasted.
func alternatingMedians(
    samples: Int, _ first: () async -> Void, and second: () async -> Void
) async -> (first: Double, second: Double) {
    func time(_ body: () async -> Void) async -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        await body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    await first()
    await second()
    var firstTimes: [Double] = []
    var secondTimes: [Double] = []
    for _ in 0..<samples {
        firstTimes.append(await time(first))
        secondTimes.append(await time(second))
    }
    firstTimes.sort()
    secondTimes.sort()
    return (firstTimes[samples / 2], secondTimes[samples / 2])
}

/// An environment holding `roots` retained roots over an in-memory transport. Every hundredth root
/// is an operation without `@cacheExpiration`, and the environment's default expiration is zero, so
/// it is stale at every revalidation; the others keep theirs for an hour.
private final class RuntimeBench: Sendable {
    static let document: CompiledDocument = {
        do {
            let schema = try Schema(sdl: "type Query { item(id: Int!): Item } type Item { id: ID! title: String! }")
            return try CompiledDocument(
                text: """
                    query Item($id: Int!) @cacheExpiration(seconds: 3600) { item(id: $id) { title } }
                    query Live($id: Int!) { item(id: $id) { title } }
                    """, schema: schema)
        } catch {
            fatalError("the benchmark's document does not compile: \(error)")
        }
    }()

    let environment: GraphQLEnvironment
    let transport = AnsweringTransport()
    let handles: [Handle]

    init(roots: Int) throws {
        environment = GraphQLEnvironment(
            transport: transport, configuration: EnvironmentConfiguration(defaultExpiration: .after(.zero)))
        var handles: [Handle] = []
        handles.reserveCapacity(roots)
        for index in 0..<roots {
            let operation = try Self.operation(index: index)
            try environment.store.publish(AnsweringTransport.data(id: index), to: StoreRoot(operation: operation))
            handles.append(environment.attach(operation))
        }
        self.handles = handles
    }

    func operation(index: Int) throws -> GraphQLOperation { try Self.operation(index: index) }

    static func operation(index: Int) throws -> GraphQLOperation {
        try document.operation(named: index % 100 == 0 ? "Live" : "Item", variables: ["id": .int(index)])
    }

    /// The time of one `store.lookup` of a root, as the per-root floor.
    func lookupTime() -> Double {
        let roots = handles.prefix(1_000).map { StoreRoot(operation: $0.operation) }
        return median(samples: 9) {
            for root in roots { blackHole(environment.store.lookup(root)) }
        } / Double(roots.count)
    }
}

/// Answers every request at once with its item.
private final class AnsweringTransport: Transport {
    private let requests = Locked(0)

    var count: Int { requests.withLock { $0 } }

    static func data(id: Int) -> JSONValue {
        ["item": ["__typename": "Item", "id": .string(String(id)), "title": .string("item \(id)")]]
    }

    func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        requests.withLock { $0 += 1 }
        let id = request.variables["id"].flatMap { value -> Int? in
            if case .int(let id) = value { return id }
            return nil
        }
        return AsyncThrowingStream { continuation in
            continuation.yield(GraphQLResponse(data: Self.data(id: id ?? 0)))
            continuation.finish()
        }
    }
}
