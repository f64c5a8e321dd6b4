import Foundation
import GraphQLCore
import GraphQLTestServer
import Testing
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// No error the transport throws holds the request's query string, its body, a variable's value or
/// the response body: a GET's URL carries the variables, and URLSession's errors keep the URL.
@Suite("Transport errors hold no request or response values", .loopbackServer, .timeLimit(.minutes(3)))
struct ErrorSecrecyTests {
    static let secret = "SECRET-VARIABLE-4b7e"
    let server: LoopbackServer

    init() throws { server = try LoopbackServer.shared() }

    static let request = GraphQLRequest(
        text: "query Q($n: String) { hello(name: $n) }", variables: ["n": .string(secret)])

    /// The error of a request with a secret variable to `url`, sent as GET or POST.
    static func failure(_ url: URL, get: Bool) async -> TransportError? {
        let http = HTTPTransport(
            url: url, session: URLSession(configuration: .ephemeral), options: .init(usesGETForQueries: get))
        do {
            _ = try await http.response(for: request)
            return nil
        } catch let error as TransportError {
            return error
        } catch {
            return TransportError(.cannotConnect, "not a TransportError: \(error)")
        }
    }

    /// Everything a developer could print of the error.
    static func printed(_ error: TransportError) -> String {
        var text = String(reflecting: error) + "\n" + String(describing: error)
        if let underlying = error.underlying {
            text += "\n" + String(reflecting: underlying) + "\n" + (underlying as NSError).userInfo.description
            text += "\n" + (underlying as NSError).localizedDescription
        }
        return text
    }

    @Test("a GET to a port nothing listens on fails with cannotConnect, keeping the host and path but not the query")
    func cannotConnect() async throws {
        let port = try await server.unusedPort()
        let error = try #require(await Self.failure(URL(string: "http://127.0.0.1:\(port)/graphql")!, get: true))
        #expect(error.code == .cannotConnect)
        let text = Self.printed(error)
        #expect(!text.contains(Self.secret), "\(text)")
        #expect(!text.contains("hello(name"), "\(text)")
        let failingURL = (error.underlying as? URLError)?.failingURL
        #expect(failingURL?.host == "127.0.0.1")
        #expect(failingURL?.path == "/graphql")
        #expect(failingURL?.query == nil)
    }

    @Test(
        "errors for a broken answer, an error status echoing the request, and bodies that are not GraphQL hold no value",
        arguments: ["/truncated", "/status500echo", "/notjson", "/invalidresponse", "/legacy-400"], [true, false])
    func brokenAnswers(_ path: String, get: Bool) async throws {
        let url = server.url(path)
        let error = try #require(await Self.failure(url, get: get))
        let text = Self.printed(error)
        #expect(!text.contains(Self.secret), "\(path) \(get ? "GET" : "POST"): \(text)")
        #expect(!text.contains("hello(name"), "\(path) \(get ? "GET" : "POST"): \(text)")
    }
}
