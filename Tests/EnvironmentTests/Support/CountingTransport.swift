import Synchronization
import Transport

/// Counts the requests that reach a real transport.
final class CountingTransport: Transport {
    let base: any Transport
    private let count = Atomic<Int>(0)

    init(_ base: any Transport) { self.base = base }

    var requestCount: Int { count.load(ordering: .relaxed) }

    func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        count.add(1, ordering: .relaxed)
        return base.execute(request)
    }
}
