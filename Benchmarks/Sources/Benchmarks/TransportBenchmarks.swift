import Foundation
import GraphQLCore
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTPTransport against `URLSession.data(for:)` for the same request to the loopback graphql-core
/// server (target: at most 1.1x), and the cost of a ConcurrencyLimit permit against a bare call.
func runTransportBenchmarks() async throws {
    let server = try await BenchmarkServer.start()
    defer { server.stop() }
    let url = server.url("/graphql")
    let session = URLSession(configuration: .ephemeral)
    let request = GraphQLRequest(text: "query Hello { hello users(first: 2) { id name } }", operationName: "Hello")
    let transport = HTTPTransport(url: url, session: session)
    let limited = LimitedTransport(transport, limit: ConcurrencyLimit(maximumInFlight: 4))

    var raw = URLRequest(url: url)
    raw.httpMethod = "POST"
    raw.httpBody = JSONValue.object(["query": .string(request.text), "operationName": "Hello"]).serialized()
    raw.setValue("application/json", forHTTPHeaderField: "Content-Type")
    raw.setValue("application/graphql-response+json, application/json;q=0.9", forHTTPHeaderField: "Accept")

    // One request of each kind in turn, timed one by one, and the median of each kind: on a shared
    // two-core machine a noisy neighbour then slows both sides alike, and a spike lands in the tail
    // instead of in whichever side ran during it.
    let requests = 600
    var rawTimes: [Double] = []
    var transportTimes: [Double] = []
    var limitedTimes: [Double] = []
    for index in 0..<(requests + 20) {
        let rawTime = try await time {
            let (data, _) = try await session.data(for: raw)
            blackHole(data)
        }
        let transportTime = try await time { blackHole(try await transport.response(for: request)) }
        let limitedTime = try await time { blackHole(try await limited.response(for: request)) }
        if index >= 20 {  // the first ones warm the connection pool and the server's document cache
            rawTimes.append(rawTime)
            transportTimes.append(transportTime)
            limitedTimes.append(limitedTime)
        }
    }
    let rawMedian = middle(rawTimes)
    let transportMedian = middle(transportTimes)
    let limitedMedian = middle(limitedTimes)
    print(
        String(
            format:
                "  loopback: %.0f requests/s through HTTPTransport, %.0f with URLSession.data(for:) (medians of %d)",
            1 / transportMedian, 1 / rawMedian, requests))
    report("HTTPTransport, one query", transportMedian, against: "URLSession.data(for:)", rawMedian, limit: 1.1)
    report(
        "LimitedTransport(HTTPTransport), one query", limitedMedian, against: "URLSession.data(for:)", rawMedian,
        limit: 1.1)

    // The client's own CPU time (every thread of this process: the caller, URLSession's and curl's)
    // per request, which a neighbour's load does not inflate the way it inflates wall time.
    let cpuBatch = 50
    var rawCPU: [Double] = []
    var transportCPU: [Double] = []
    for _ in 0..<15 {
        rawCPU.append(
            try await cpuTime {
                for _ in 0..<cpuBatch {
                    let (data, _) = try await session.data(for: raw)
                    blackHole(data)
                }
            } / Double(cpuBatch))
        transportCPU.append(
            try await cpuTime {
                for _ in 0..<cpuBatch { blackHole(try await transport.response(for: request)) }
            } / Double(cpuBatch))
    }
    report(
        "HTTPTransport, client CPU time per query", middle(transportCPU), against: "URLSession.data(for:)",
        middle(rawCPU))

    let calls = 100_000
    let limit = ConcurrencyLimit(maximumInFlight: 4)
    let bare = try await medianAsync {
        for index in 0..<calls { blackHole(try await bareCall(index)) }
    }
    let permitted = try await medianAsync {
        for index in 0..<calls { blackHole(try await limit.run { try await bareCall(index) }) }
    }
    print(String(format: "  ConcurrencyLimit.run overhead: %.0f ns per call", (permitted - bare) / Double(calls) * 1e9))
    report("ConcurrencyLimit.run around an async call, \(calls) calls", permitted, against: "the bare call", bare)
}

@inline(never) private func bareCall(_ value: Int) async throws -> Int { value &+ 1 }
