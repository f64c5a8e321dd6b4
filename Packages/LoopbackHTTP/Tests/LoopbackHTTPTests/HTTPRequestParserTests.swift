import LoopbackHTTP
import Testing

@Suite("Request heads are parsed strictly and the token is checked before any route")
struct HTTPRequestParserTests {
    let token = AccessToken(text: "0123456789abcdef0123456789abcdef")
    let limits = ServerLimits()

    func status(_ head: String) -> Int {
        switch HTTPRequestParser.parse(Array(head.utf8), token: token, limits: limits) {
        case .success: return 200
        case .failure(let error): return error.status
        }
    }

    @Test("a GET under the token gives the route path and the decoded query")
    func parsesARoute() throws {
        let head = "GET /\(token.text)/api/records?q=User%3A1&kind=a+b HTTP/1.1\r\nHost: x\r\n\r\n"
        let (method, request) = try HTTPRequestParser.parse(Array(head.utf8), token: token, limits: limits).get()
        #expect(method == "GET")
        #expect(request.path == "/api/records")
        #expect(request.query == ["q": "User:1", "kind": "a b"])
        #expect(request.headers["host"] == "x")
    }

    @Test("the token alone is the page's path")
    func tokenAloneIsThePage() throws {
        let (_, request) = try HTTPRequestParser.parse(
            Array("GET /\(token.text) HTTP/1.1\r\n\r\n".utf8), token: token, limits: limits
        ).get()
        #expect(request.path == "/")
    }

    @Test("malformed request lines are 400s")
    func badRequestLines() {
        #expect(status("\r\n\r\n") == 400)
        #expect(status("GET\r\n\r\n") == 400)
        #expect(status("GET /\(token.text)/\r\n\r\n") == 400)
        #expect(status("GET  /\(token.text)/ HTTP/1.1\r\n\r\n") == 400)
        #expect(status("GET /\(token.text)/ FTP\r\n\r\n") == 400)
        #expect(status("GET http://x/\(token.text)/ HTTP/1.1\r\n\r\n") == 400)
        #expect(status("GET /\(token.text)/ HTTP/1.1\r\nNoColon\r\n\r\n") == 400)
        #expect(status("GET /\(token.text)/ HTTP/1.1\r\nBad Name: x\r\n\r\n") == 400)
        #expect(status("GET /\(token.text)/\u{1}x HTTP/1.1\r\n\r\n") == 400)
        #expect(status("GET /\(token.text)/?q=%zz HTTP/1.1\r\n\r\n") == 400)
        #expect(status("GET /\(token.text)/?q=%ff%fe HTTP/1.1\r\n\r\n") == 400)
        #expect(status("GET /\(token.text)/?q=%e2%82 HTTP/1.1\r\n\r\n") == 400)
    }

    @Test("other versions are 505, other methods 405, bodies 413")
    func unsupported() {
        #expect(status("GET /\(token.text)/ HTTP/2.0\r\n\r\n") == 505)
        #expect(status("POST /\(token.text)/ HTTP/1.1\r\n\r\n") == 405)
        #expect(status("DELETE /\(token.text)/ HTTP/1.1\r\n\r\n") == 405)
        #expect(status("GET /\(token.text)/ HTTP/1.1\r\nContent-Length: 5\r\n\r\n") == 413)
        #expect(status("GET /\(token.text)/ HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") == 413)
    }

    @Test("a head or a request line over the limits is a 431")
    func oversize() {
        let long = String(repeating: "a", count: limits.maxRequestLineBytes)
        #expect(status("GET /\(token.text)/\(long) HTTP/1.1\r\n\r\n") == 431)
        let header = "X: " + String(repeating: "b", count: limits.maxHeadBytes) + "\r\n"
        #expect(status("GET /\(token.text)/ HTTP/1.1\r\n\(header)\r\n") == 431)
    }

    @Test("a wrong, short, long or missing token is the same 404 as an unknown path")
    func wrongTokens() {
        #expect(status("GET /0123456789abcdef0123456789abcdee/ HTTP/1.1\r\n\r\n") == 404)
        #expect(status("GET /1123456789abcdef0123456789abcdef/ HTTP/1.1\r\n\r\n") == 404)
        #expect(status("GET /0123456789abcdef/ HTTP/1.1\r\n\r\n") == 404)
        #expect(status("GET /\(token.text)0/ HTTP/1.1\r\n\r\n") == 404)
        #expect(status("GET / HTTP/1.1\r\n\r\n") == 404)
        #expect(status("GET //\(token.text)/ HTTP/1.1\r\n\r\n") == 404)
        #expect(status("GET /api/roots HTTP/1.1\r\n\r\n") == 404)
    }

    @Test("a path that climbs out of the routes is a 404, escaped or not")
    func traversal() {
        #expect(status("GET /\(token.text)/../etc/passwd HTTP/1.1\r\n\r\n") == 404)
        #expect(status("GET /\(token.text)/%2e%2e/x HTTP/1.1\r\n\r\n") == 404)
        #expect(status("GET /\(token.text)/a/.. HTTP/1.1\r\n\r\n") == 404)
        #expect(status("GET /\(token.text)/a%00 HTTP/1.1\r\n\r\n") == 404)
    }

    @Test("the token comparison accepts only the exact token, whatever the length of the guess")
    func tokenComparison() {
        #expect(token.matches(Array(token.text.utf8)))
        #expect(!token.matches(Array("".utf8)))
        #expect(!token.matches(Array(token.text.dropLast().utf8)))
        #expect(!token.matches(Array((token.text + "0").utf8)))
        #expect(!AccessToken(text: "").matches(Array("".utf8)))
        let fresh = AccessToken()
        #expect(fresh.text.count == 32)
        #expect(fresh.text.allSatisfy { $0.isHexDigit })
        #expect(fresh != AccessToken())
    }
}
