import Primitives
import Scheduling
import SchedulingTesting
import Testing

@Suite("ManualWallClock")
struct ManualWallClockTests {
    @Test("the manual clock stands still until the test advances it")
    func standsStill() {
        let start = WallInstant(secondsSince1970: 100)
        let clock = ManualWallClock(start: start)
        #expect(clock.now() == start)
        #expect(clock.now() == start)
        clock.advance(by: .seconds(90))
        #expect(clock.now() == WallInstant(secondsSince1970: 190))
        clock.advance(by: .seconds(-30))
        #expect(clock.now() == WallInstant(secondsSince1970: 160))
    }

    @Test("advances from many tasks at once all count")
    func concurrentAdvances() async {
        let clock = ManualWallClock(start: WallInstant(nanosecondsSince1970: 0))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    clock.advance(by: .nanoseconds(1))
                    _ = clock.now()
                }
            }
        }
        #expect(clock.now() == WallInstant(nanosecondsSince1970: 200))
    }

    @Test("the manual clock is usable wherever a wall clock is")
    func asWallClock() {
        let clock: any WallClock = ManualWallClock(start: WallInstant(secondsSince1970: 7))
        #expect(clock.now() == WallInstant(secondsSince1970: 7))
    }
}
