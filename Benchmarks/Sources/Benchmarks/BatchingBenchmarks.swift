import Foundation
import GraphQLCore
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Ten queries through a BatchingTransport (one POST of a JSON array) against the same ten sent alone
/// at once through HTTPTransport, on the loopback graphql-core server (target: batched at most 0.5x).
func runBatchingBenchmarks() async throws {
    let server = try await BenchmarkServer.start()
    defer { server.stop() }
    let http = HTTPTransport(url: server.url("/graphql"), session: URLSession(configuration: .ephemeral))
    // The batch goes when its tenth request joins: the window never decides here.
    let batching = BatchingTransport(http, options: .init(maximumBatchSize: 10, window: .seconds(60)))
    let requests = (0..<10).map { index in
        GraphQLRequest(
            text: "query Hello($name: String) { hello(name: $name) users(first: 2) { id name } }",
            operationName: "Hello", variables: ["name": .string("n\(index)")])
    }

    func tenAtOnce(_ transport: any Transport) async throws {
        try await withThrowingTaskGroup(of: GraphQLResponse.self) { group in
            for request in requests { group.addTask { try await transport.response(for: request) } }
            for try await response in group { blackHole(response) }
        }
    }

    // Alternating rounds, the median of each side: a neighbour's load slows both alike.
    let rounds = 200
    var alone: [Double] = []
    var batched: [Double] = []
    for index in 0..<(rounds + 10) {
        let aloneTime = try await time { try await tenAtOnce(http) }
        let batchedTime = try await time { try await tenAtOnce(batching) }
        if index >= 10 {  // the first rounds warm the connection pool and the server's document cache
            alone.append(aloneTime)
            batched.append(batchedTime)
        }
    }
    let aloneMedian = middle(alone)
    let batchedMedian = middle(batched)
    print(
        String(
            format: "  ten queries: %.2f ms sent alone, %.2f ms batched in one request (medians of %d rounds)",
            aloneMedian * 1e3, batchedMedian * 1e3, rounds))
    report(
        "BatchingTransport, ten queries in one request", batchedMedian, against: "ten sent alone", aloneMedian,
        limit: 0.5)
}
