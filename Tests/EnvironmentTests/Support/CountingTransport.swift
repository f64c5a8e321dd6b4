import Primitives
import Transport

/// Counts the requests that reach a real transport.
final class CountingTransport: Transport {
    let base: any Transport
    private let count = Locked(0)

    init(_ base: any Transport) { self.base = base }

    var requestCount: Int { count.withLock { $0 } }

    func execute(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        count.withLock { $0 += 1 }
        return base.execute(request)
    }
}
