import Testing

@testable import EventLog

@Suite("Value-free events")
struct ValueFreeEventTests {
    @Test("the samples hold one event of every case")
    func samplesCoverEveryCase() {
        #expect(Set(EventSamples.all.map(EventSamples.caseIndex)) == Set(0..<EventSamples.caseCount))
    }

    @Test("every stored property of every case is a name, a hash, a count, a duration or a fixed enum")
    func everyStoredPropertyIsValueFree() {
        for event in EventSamples.all {
            #expect(leaks(in: event, path: event.name) == [])
        }
        // The error kind's own storage is a code enum and an optional status number, no text.
        #expect(leaks(in: Event.ErrorKind.httpStatus(503), path: "ErrorKind") == [])
    }

    @Test("the walk flags text, collections and classes wherever they hide")
    func walkCanFail() {
        final class Box {}
        let probes: [Any] = [("leak", 1), Optional("leak") as Any, [1, 2], ["k": 1], Box(), (1, ("a" as Substring))]
        for probe in probes {
            #expect(leaks(in: probe, path: "probe").count == 1, "the walk missed \(type(of: probe))")
        }
    }

    /// Walks a value with `Mirror` and returns every place that could hold a value. Only the two
    /// validated text types end the walk as leaves; any `String`, collection, class or unknown leaf
    /// anywhere else is a leak.
    private func leaks(in value: Any, path: String) -> [String] {
        if value is Event.OperationName || value is Event.IdentityHash || value is Int || value is Duration {
            return []
        }
        if value is String || value is Substring || value is Character {
            return ["\(path) holds text of type \(type(of: value))"]
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .enum?, .tuple?, .optional?, .struct?:
            return mirror.children.enumerated().flatMap { index, child in
                leaks(in: child.value, path: "\(path).\(child.label ?? String(index))")
            }
        default:
            return ["\(path) holds \(type(of: value)), which is not a type an event may carry"]
        }
    }

    @Test(
        "an operation name cannot be built from text outside the GraphQL name grammar",
        arguments: [
            "", "hunter2 secret", "Bearer abc.def", "user@example.com", "1Items", "Items-List", "Items\n", "é",
            "Items!", "\"Items\"", "{\"password\":\"x\"}", "Item s", String(repeating: "a", count: 129),
        ])
    func operationNameRejects(_ text: String) {
        #expect(Event.OperationName(text) == nil)
    }

    @Test("an operation name accepts GraphQL names up to 128 characters")
    func operationNameAccepts() {
        for text in ["Items", "_private", "a", "Query_1", "__typename", String(repeating: "Z", count: 128)] {
            #expect(Event.OperationName(text)?.text == text)
        }
    }

    @Test(
        "an identity hash cannot be built from anything but hex digits",
        arguments: ["", "xyz", "00ff 3a", "0x00ff", "deadbeefg", "-1", String(repeating: "a", count: 65)])
    func identityHashRejects(_ text: String) {
        #expect(Event.IdentityHash(hex: text) == nil)
    }

    @Test("an identity hash keeps hex digits in lowercase, and a 64-bit hash as 16 digits")
    func identityHashAccepts() {
        #expect(Event.IdentityHash(hex: "00FF3A")?.hex == "00ff3a")
        #expect(Event.IdentityHash(hex: String(repeating: "f", count: 64)) != nil)
        #expect(Event.IdentityHash(0x1f).hex == "000000000000001f")
        #expect(Event.IdentityHash(UInt64.max).hex == "ffffffffffffffff")
    }

    @Test("an error kind is a fixed code; an HTTP status outside 100...599 is other")
    func errorKinds() {
        #expect(Event.ErrorKind.httpStatus(503).description == "httpStatus(503)")
        #expect(Event.ErrorKind.httpStatus(503).status == 503)
        #expect(Event.ErrorKind.httpStatus(42) == .other)
        #expect(Event.ErrorKind.timeout.name == "timeout")
        #expect(Event.ErrorKind.timeout.status == nil)
    }
}
