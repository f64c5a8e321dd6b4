import LoopbackHTTP
import LoopbackHTTPTesting
import Testing

@Suite("The server answers over real loopback sockets within its limits", .timeLimit(.minutes(3)))
struct LoopbackHTTPServerTests {
    static func server(limits: ServerLimits = ServerLimits(), stream: EventStream? = nil) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(limits: limits) { request in
            switch request.path {
            case "/": return .response(.text("<html>page</html>", contentType: "text/html; charset=utf-8"))
            case "/api/echo": return .response(.text(request.query["q"] ?? "-"))
            case "/api/events":
                if let stream { return .eventStream(stream) }
                return .response(.status(404))
            default: return .response(.status(404))
            }
        }
    }

    func get(_ server: LoopbackHTTPServer, _ target: String) -> String {
        let client = LoopbackClient(port: server.port)
        defer { client.close() }
        client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        return client.readAll()
    }

    @Test("the page and a route are served under the token, with no caching")
    func servesRoutes() throws {
        let server = try Self.server()
        defer { server.stop() }
        #expect(server.url == "http://127.0.0.1:\(server.port)/\(server.token.text)/")
        let page = get(server, "/\(server.token.text)/")
        #expect(LoopbackClient.status(of: page) == 200)
        #expect(page.contains("Cache-Control: no-store"))
        #expect(page.hasSuffix("\r\n\r\n<html>page</html>"))
        let echo = get(server, "/\(server.token.text)/api/echo?q=hello")
        #expect(echo.hasSuffix("\r\n\r\nhello"))
    }

    @Test("a wrong token and a path outside the routes are both 404, and name nothing")
    func wrongTokenAndUnknownPath() throws {
        let server = try Self.server()
        defer { server.stop() }
        let wrong = String(server.token.text.reversed())
        let refused = get(server, "/\(wrong)/")
        #expect(LoopbackClient.status(of: refused) == 404)
        #expect(!refused.contains(server.token.text))
        #expect(LoopbackClient.status(of: get(server, "/\(server.token.text)/api/nothing")) == 404)
        #expect(LoopbackClient.status(of: get(server, "/\(server.token.text)/../")) == 404)
        #expect(LoopbackClient.status(of: get(server, "/favicon.ico")) == 404)
    }

    @Test("a garbage request line is a 400 and the connection is closed")
    func badRequest() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = LoopbackClient(port: server.port)
        defer { client.close() }
        client.send("HELLO\r\n\r\n")
        #expect(LoopbackClient.status(of: client.readAll()) == 400)
    }

    @Test("a head bigger than the limit is a 431, without reading it all")
    func oversizeHead() throws {
        let server = try Self.server(limits: ServerLimits(maxHeadBytes: 1024))
        defer { server.stop() }
        let client = LoopbackClient(port: server.port)
        defer { client.close() }
        client.send("GET /\(server.token.text)/ HTTP/1.1\r\nX-Big: " + String(repeating: "z", count: 64 * 1024))
        #expect(LoopbackClient.status(of: client.readAll()) == 431)
    }

    @Test("a request with a body is a 413")
    func body() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = LoopbackClient(port: server.port)
        defer { client.close() }
        client.send("GET /\(server.token.text)/ HTTP/1.1\r\nContent-Length: 100000\r\n\r\n")
        #expect(LoopbackClient.status(of: client.readAll()) == 413)
    }

    @Test("a client that stops sending mid-head is answered 408 and closed after the timeout")
    func slowClient() throws {
        let server = try Self.server(limits: ServerLimits(requestTimeout: .milliseconds(200)))
        defer { server.stop() }
        let client = LoopbackClient(port: server.port)
        defer { client.close() }
        let started = ContinuousClock.now
        client.send("GET /\(server.token.text)/ HTTP/1.1\r\nHost: 127")
        // The read blocks until the server closes; the client's own 10 s read limit bounds a failure.
        let answer = client.readAll()
        let waited = ContinuousClock.now - started
        #expect(LoopbackClient.status(of: answer) == 408)
        #expect(waited >= .milliseconds(100))
        #expect(waited < .seconds(5))
    }

    @Test("an event stream carries each sent event in order until the stream is closed")
    func eventStream() throws {
        let stream = EventStream(capacity: 8)
        let server = try Self.server(stream: stream)
        defer { server.stop() }
        let client = LoopbackClient(port: server.port)
        defer { client.close() }
        client.send("GET /\(server.token.text)/api/events HTTP/1.1\r\n\r\n")
        stream.send(event: "fetchStarted", data: "{\"a\":1}")
        stream.send(event: "fetch\nShared", data: "two\nlines")
        let head = client.readAll(until: "data: lines\n\n")
        #expect(head.contains("Content-Type: text/event-stream"))
        #expect(head.contains("event: fetchStarted\ndata: {\"a\":1}\n\nevent: fetchShared\ndata: two\ndata: lines\n\n"))
        stream.close()
        #expect(client.readAll() == "")
    }

    @Test("a stream's buffer drops the oldest events when its reader is slower than the sender")
    func boundedStream() {
        let stream = EventStream(capacity: 2)
        for index in 0..<5 { stream.send(event: "e", data: "\(index)") }
        #expect(stream.droppedCount == 3)
        stream.close()
        stream.send(event: "e", data: "after")
        #expect(stream.droppedCount == 3)
        #expect(stream.isClosed)
    }

    @Test("connections beyond the limit are answered 503")
    func connectionLimit() throws {
        let server = try Self.server(limits: ServerLimits(requestTimeout: .seconds(5), maxConnections: 1))
        defer { server.stop() }
        let holder = LoopbackClient(port: server.port)
        defer { holder.close() }
        holder.send("GET /")
        // The first connection is being served (it waits for the rest of its head) once the server counts it.
        var tries = 0
        while server.openConnections < 1 && tries < 1_000_000 { tries += 1 }
        #expect(server.openConnections == 1)
        let second = LoopbackClient(port: server.port)
        defer { second.close() }
        second.send("GET /\(server.token.text)/ HTTP/1.1\r\n\r\n")
        #expect(LoopbackClient.status(of: second.readAll()) == 503)
    }
}
