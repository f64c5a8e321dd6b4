import Foundation
import Primitives
import Testing

@Suite("WallInstant")
struct WallInstantTests {
    @Test("adding and subtracting durations moves the instant by exactly that many nanoseconds")
    func arithmetic() {
        let start = WallInstant(secondsSince1970: 1_000)
        #expect((start + .seconds(5)).nanosecondsSince1970 == 1_005_000_000_000)
        #expect((start - .milliseconds(1)).nanosecondsSince1970 == 999_999_000_000)
        #expect((start + .nanoseconds(7)) - start == .nanoseconds(7))
        #expect(start - (start + .seconds(2)) == .seconds(-2))
    }

    @Test("instants order by time")
    func ordering() {
        let early = WallInstant(nanosecondsSince1970: -5)
        let late = WallInstant(nanosecondsSince1970: 5)
        #expect(early < late)
        #expect([late, early].sorted() == [early, late])
    }

    @Test("arithmetic past the representable range saturates instead of trapping")
    func saturation() {
        let last = WallInstant(nanosecondsSince1970: .max - 1)
        #expect((last + .seconds(10)).nanosecondsSince1970 == .max)
        let first = WallInstant(nanosecondsSince1970: .min + 1)
        #expect((first - .seconds(10)).nanosecondsSince1970 == .min)
        #expect(WallInstant(nanosecondsSince1970: 0) + .seconds(Int64.max) == WallInstant(nanosecondsSince1970: .max))
        #expect(WallInstant(secondsSince1970: .max).nanosecondsSince1970 == .max)
        #expect(last - first == .nanoseconds(Int64.max))
    }

    @Test("an instant encodes as one integer of nanoseconds and decodes back to itself")
    func codableRoundTrip() throws {
        let instant = WallInstant(nanosecondsSince1970: 1_767_225_600_123_456_789)
        let data = try JSONEncoder().encode([instant])
        #expect(String(decoding: data, as: UTF8.self) == "[1767225600123456789]")
        #expect(try JSONDecoder().decode([WallInstant].self, from: data) == [instant])
    }

    @Test("a Foundation date converts to the same instant, and dates out of range saturate")
    func dates() {
        let date = Date(timeIntervalSince1970: 1_767_225_600.5)
        #expect(WallInstant(date: date) == WallInstant(nanosecondsSince1970: 1_767_225_600_500_000_000))
        #expect(WallInstant(date: date).date == date)
        #expect(WallInstant(date: .distantFuture.addingTimeInterval(1e12)).nanosecondsSince1970 == .max)
        #expect(WallInstant(date: Date(timeIntervalSince1970: -1e12)).nanosecondsSince1970 == .min)
    }

    @Test("consecutive doubles of seconds since 1970 map to distinct instants in the same order")
    func doublesKeepOrder() {
        var seconds = 1_767_225_600.0
        var previous = WallInstant(timeIntervalSince1970: seconds)
        for _ in 0..<1_000 {
            seconds = seconds.nextUp
            let next = WallInstant(timeIntervalSince1970: seconds)
            #expect(previous < next)
            previous = next
        }
        #expect(WallInstant(timeIntervalSince1970: .nan).nanosecondsSince1970 == 0)
        #expect(WallInstant(timeIntervalSince1970: 2.5).timeIntervalSince1970 == 2.5)
    }

    @Test("the description gives seconds and nanoseconds since 1970")
    func description() {
        #expect(WallInstant(nanosecondsSince1970: 1_500_000_001).description == "1.500000001s since 1970")
        #expect(WallInstant(nanosecondsSince1970: -5).description == "-0.000000005s since 1970")
    }
}
