import Environment
import GraphQLTestServer
import SchedulingTesting
import Testing

/// Generated `@catch` code (`Masking/CaughtPrices.graphql`, built by the plugin) reading a real
/// Strawberry answer through a typed handle: `price` raises for every odd product, and the schema
/// marks it `@semanticNonNull`, so the generated property is an `Int` unless caught.
@Suite("@catch in generated code over a real Strawberry answer", .timeLimit(.minutes(3)))
struct CaughtFieldErrorTests {
    static func environment(over server: LoopbackServer) throws -> (GraphQLEnvironment, CountingTransport) {
        let transport = CountingTransport(HTTPTransport(url: server.graphQLURL))
        return (
            GraphQLEnvironment(
                schema: try Schema(sdl: GeneratedMaskingTests.sdl), transport: transport, clock: ManualWallClock()),
            transport
        )
    }

    @Test("@catch: the failed product's price is the server's error as a Result failure, the others decode")
    func result() async throws {
        let server = try await LoopbackServer.start(.strawberry)
        defer { server.stop() }
        let (environment, transport) = try Self.environment(over: server)

        let handle = try environment.attach(CaughtPricesQuery())
        let data = try await handle.loaded()
        #expect(data.products.map(\.name) == ["Product 0", "Product 1", "Product 2"])
        #expect(data.products[0].price == .success(100))
        #expect(data.products[2].price == .success(102))
        guard case .failure(let error) = data.products[1].price else {
            Issue.record("the failed price decoded as a value")
            return
        }
        #expect(error.message == "no price for product 1")
        #expect(error.path == ["products", 1, "price"])
        // The untyped handle's decode gives the same errors to the same properties.
        let decoded = try handle.handle.decode(CaughtPricesQuery.Data.self)
        #expect(decoded.products.map { try? $0.price.get() } == [100, nil, 102])
        #expect(transport.requestCount == 1)

        // Another query read from the store: the stored error reaches its `@catch(to: NULL)`.
        let nulled = try environment.attach(NulledPricesQuery(), policy: .storeOnly)
        let prices = try #require(nulled.data).products.map(\.price)
        #expect(prices == [100, nil, 102])
        #expect(transport.requestCount == 1)
        handle.release()
        nulled.release()
    }

    @Test("without @catch, the failed semantically non-null price fails the typed phase with NullValueError")
    func uncaught() async throws {
        let server = try await LoopbackServer.start(.strawberry)
        defer { server.stop() }
        let (environment, transport) = try Self.environment(over: server)

        let handle = try environment.attach(UncaughtPricesQuery())
        _ = try await handle.handle.loaded()
        let error = try #require(handle.phase.error as? NullValueError)
        #expect(error.code == .fieldError)
        #expect(error.path == ["products", 1, "price"])
        #expect(error.fieldError?.message == "no price for product 1")
        #expect(error.message.contains("products.1.price"))
        #expect(!error.message.contains("no price"))
        // The untyped handle still shows the data with its error.
        #expect(handle.handle.phase.fieldErrors.map(\.path) == [["products", 1, "price"]])
        #expect(transport.requestCount == 1)
        handle.release()
    }
}
