import Foundation
import GraphQLCore
import GraphQLTestServer
import Primitives
import Testing
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// BatchingTransport over HTTPTransport against Strawberry's batching (`batching_config`) on loopback.
/// Strawberry counts nothing, so the base counts what it sends: batches by size, and requests alone.
@Suite("HTTP batching against Strawberry over loopback", .loopbackServer(.strawberry), .timeLimit(.minutes(3)))
struct StrawberryBatchingTests {
    /// HTTPTransport, counting each batch it sends and each request it sends alone.
    final class CountingSender: BatchSendingTransport {
        let base: HTTPTransport
        let batchSizes = Locked<[Int]>([])
        let alone = Locked(0)

        init(_ base: HTTPTransport) { self.base = base }

        func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
            alone.withLock { $0 += 1 }
            return base.execute(request)
        }

        func responses(forBatch requests: [GraphQLRequest]) async throws(TransportError) -> [GraphQLResponse] {
            batchSizes.withLock { $0.append(requests.count) }
            return try await base.responses(forBatch: requests)
        }
    }

    let sender: CountingSender

    init() throws {
        let server = try LoopbackServer.shared()
        sender = CountingSender(HTTPTransport(url: server.graphQLURL, session: URLSession(configuration: .ephemeral)))
    }

    /// A batching transport whose window never ends on its own: a batch goes when it is full.
    func batching(size: Int, isBatched: @escaping @Sendable (GraphQLRequest) -> Bool) -> BatchingTransport {
        let sleeper = ManualSleeper()
        return BatchingTransport(
            sender, options: .init(maximumBatchSize: size, isBatched: isBatched), sleep: sleeper.sleep)
    }

    func hello(_ name: String) -> GraphQLRequest {
        GraphQLRequest(
            text: "query Hello($name: String!) { hello(name: $name) }", operationName: "Hello",
            variables: ["name": .string(name)])
    }

    @Test("ten queries sent in one turn make one batch of ten that Strawberry answers, each to its caller")
    func tenInOne() async throws {
        let transport = batching(size: 10, isBatched: BatchingTransport.isBatchedByDefault)
        let answers = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<10 {
                group.addTask {
                    (index, try await transport.response(for: hello("n\(index)")).data?["hello"]?.stringValue)
                }
            }
            return try await group.reduce(into: [Int: String?]()) { $0[$1.0] = $1.1 }
        }
        for index in 0..<10 { #expect(answers[index] == "Hello, n\(index)!") }
        #expect(sender.batchSizes.withLock { $0 } == [10])
        #expect(sender.alone.withLock { $0 } == 0)
    }

    @Test("a request with files goes alone, even when the app's predicate would batch everything")
    func uploadGoesAlone() async throws {
        let transport = batching(size: 2) { _ in true }
        let upload = Upload(data: Data("photo".utf8), fileName: "p.jpg", contentType: "image/jpeg")
        let operation = try CompiledDocument(
            text: "mutation One($file: Upload!) { uploadOne(file: $file) { size } }"
        ).operation(variables: ["file": upload.variableValue]).placingUploads([upload])
        async let first = transport.response(for: hello("a"))
        async let sent = transport.response(for: GraphQLRequest(operation))
        async let second = transport.response(for: hello("b"))
        let (a, file, b) = try await (first, sent, second)
        #expect(a.data?["hello"] == "Hello, a!")
        #expect(b.data?["hello"] == "Hello, b!")
        #expect(file.data?["uploadOne"]?["size"] == 5)
        #expect(sender.batchSizes.withLock { $0 } == [2])
        #expect(sender.alone.withLock { $0 } == 1)
    }
}
