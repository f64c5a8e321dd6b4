import Foundation
import GraphQLCore
import Testing

@testable import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An incremental answer's call driven by hand, the way the session's delegate drives it.
@Suite("EventStreamCall-Multipart", .timeLimit(.minutes(3)))
struct MultipartCallTests {
    typealias F = IncrementalFixtures
    let helper = EventStreamCallTests()

    @Test("each part is yielded as it arrives, and the part with hasNext false finishes the stream")
    func parts() async {
        let (call, stream) = helper.call()
        call.receivedHead(helper.head(200, F.strawberryContentType))
        for byte in F.strawberryBody.utf8 { call.received(Data([byte])) }
        call.completed(nil)
        let (responses, error) = await helper.collect(stream)
        #expect(responses.map(\.hasNext) == [true, true, false])
        #expect(error == nil)
    }

    @Test(
        "a body cut in the middle of a part, or closed between parts before the last, is truncated",
        arguments: [8, 40])
    func cut(droppedBytes: Int) async {
        let (call, stream) = helper.call()
        call.receivedHead(helper.head(200, F.strawberryContentType))
        let body = Array(F.strawberryBody.utf8)
        let keep = droppedBytes == 40 ? ("---" + F.strawberryPart(F.initialPart)).utf8.count : body.count - droppedBytes
        call.received(Data(body[..<keep]))
        call.completed(droppedBytes == 40 ? URLError(.networkConnectionLost) : nil)
        let (responses, error) = await helper.collect(stream)
        #expect(responses.count == (droppedBytes == 40 ? 1 : 2))
        #expect((error as? TransportError)?.code == .truncated)
    }

    @Test("a multipart answer without a boundary, and one with a bad delimiter, fail with invalidMultipart")
    func badBoundary() async {
        let (call, stream) = helper.call()
        call.receivedHead(helper.head(200, "multipart/mixed"))
        let (_, error) = await helper.collect(stream)
        #expect((error as? TransportError)?.code == .invalidMultipart)
        let (other, otherStream) = helper.call()
        other.receivedHead(helper.head(200, #"multipart/mixed; boundary="graphql""#))
        other.received(Data(F.strawberryBody.utf8))
        other.completed(nil)
        let (responses, otherError) = await helper.collect(otherStream)
        #expect(responses.isEmpty)
        #expect((otherError as? TransportError)?.code == .invalidMultipart)
    }

    @Test("a malformed part after good ones fails the stream after yielding them")
    func malformedPart() async {
        let (call, stream) = helper.call()
        call.receivedHead(helper.head(200, F.strawberryContentType))
        call.received(Data(("---" + F.strawberryPart(F.initialPart) + F.strawberryPart("{\"hasNext\":")).utf8))
        let (responses, error) = await helper.collect(stream)
        #expect(responses.count == 1)
        #expect((error as? TransportError)?.code == .notJSON)
    }
}
