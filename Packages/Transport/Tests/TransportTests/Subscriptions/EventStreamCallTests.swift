import Foundation
import GraphQLCore
import Testing

@testable import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The subscription state machine driven by hand, the way the session's delegate drives it.
@Suite("EventStreamCall", .timeLimit(.minutes(3)))
struct EventStreamCallTests {
    let url = URL(string: "http://127.0.0.1/graphql")!

    func head(_ status: Int, _ contentType: String, length: Int? = nil) -> URLResponse {
        var fields = ["Content-Type": contentType]
        if let length { fields["Content-Length"] = String(length) }
        return HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: fields)!
    }

    func call() -> (EventStreamCall, AsyncThrowingStream<GraphQLResponse, any Error>) {
        let (call, stream, _) = callAndContinuation()
        return (call, stream)
    }

    func callAndContinuation() -> (
        EventStreamCall, AsyncThrowingStream<GraphQLResponse, any Error>,
        AsyncThrowingStream<GraphQLResponse, any Error>.Continuation
    ) {
        let (stream, continuation) = AsyncThrowingStream<GraphQLResponse, any Error>.makeStream()
        return (EventStreamCall(continuation: continuation), stream, continuation)
    }

    func collect(_ stream: AsyncThrowingStream<GraphQLResponse, any Error>) async -> ([GraphQLResponse], (any Error)?) {
        var responses: [GraphQLResponse] = []
        do {
            for try await response in stream { responses.append(response) }
            return (responses, nil)
        } catch {
            return (responses, error)
        }
    }

    @Test("events split across chunks are yielded in order, and complete finishes the stream")
    func events() async {
        let (call, stream) = call()
        call.receivedHead(head(200, "text/event-stream; charset=utf-8"))
        call.received(Data("event: next\ndata: {\"data\":{\"n\":1}}\n\nevent: ne".utf8))
        call.received(Data("xt\ndata: {\"data\":{\"n\":2}}\n\n: keep-alive\n\nevent: complete\ndata:\n\n".utf8))
        call.received(Data("event: next\ndata: {\"data\":{\"n\":3}}\n\n".utf8))
        call.completed(nil)
        let (responses, error) = await collect(stream)
        #expect(responses.map(\.data) == [["n": 1], ["n": 2]])
        #expect(error == nil)
    }

    @Test("an event whose data is not a GraphQL response fails the stream after the good ones")
    func badEvent() async {
        let (call, stream) = call()
        call.receivedHead(head(200, "text/event-stream"))
        call.received(Data("event: next\ndata: {\"data\":{}}\n\nevent: next\ndata: {\"nope\":1}\n\n".utf8))
        let (responses, error) = await collect(stream)
        #expect(responses.count == 1)
        #expect((error as? TransportError)?.code == .invalidResponse)
    }

    @Test("an answer that is not an event stream is read whole and decoded as one response")
    func wholeAnswer() async {
        let (call, stream) = call()
        let body = Data(#"{"errors":[{"message":"unknown field"}]}"#.utf8)
        call.receivedHead(head(400, "application/graphql-response+json", length: body.count))
        call.received(body.prefix(10))
        call.received(body.dropFirst(10))
        call.completed(nil)
        let (responses, error) = await collect(stream)
        #expect(responses.map(\.errors.first?.message) == ["unknown field"])
        #expect(error == nil)
    }

    @Test("an error page instead of an event stream is an http error")
    func errorPage() async {
        let (call, stream) = call()
        call.receivedHead(head(503, "text/html"))
        call.received(Data("<html>busy</html>".utf8))
        call.completed(nil)
        let (_, error) = await collect(stream)
        #expect((error as? TransportError)?.code == .http)
        #expect((error as? TransportError)?.status == 503)
    }

    @Test("a stream that ends without complete is truncated, and so is one whose connection breaks")
    func truncated() async {
        let (ended, endedStream) = call()
        ended.receivedHead(head(200, "text/event-stream"))
        ended.completed(nil)
        #expect((await collect(endedStream).1 as? TransportError)?.code == .truncated)

        let (broken, brokenStream) = call()
        broken.receivedHead(head(200, "text/event-stream"))
        broken.completed(URLError(.unknown))
        #expect((await collect(brokenStream).1 as? TransportError)?.code == .truncated)
    }

    @Test("no response head in time is timedOut; a head that came first stops the timer from counting")
    func headTimeout() async {
        let (late, lateStream) = call()
        late.headTimedOut()
        #expect((await collect(lateStream).1 as? TransportError)?.code == .timedOut)

        let (prompt, promptStream) = call()
        prompt.receivedHead(head(200, "text/event-stream"))
        prompt.headTimedOut()
        prompt.received(Data("event: complete\n\n".utf8))
        let (responses, error) = await collect(promptStream)
        #expect(responses.isEmpty)
        #expect(error == nil)
    }

    @Test("after the consumer stopped, late callbacks change nothing")
    func lateCallbacks() async {
        let (call, stream, continuation) = callAndContinuation()
        call.receivedHead(head(200, "text/event-stream"))
        // What the stream's onTermination does when the consumer stops; no task was started here.
        #expect(call.terminate() == nil)
        call.received(Data("event: next\ndata: {\"data\":{}}\n\n".utf8))
        call.completed(URLError(.cancelled))
        call.fail(TransportError(.timedOut, "late"))
        continuation.finish()
        let (responses, error) = await collect(stream)
        #expect(responses.isEmpty)
        #expect(error == nil)
    }
}
