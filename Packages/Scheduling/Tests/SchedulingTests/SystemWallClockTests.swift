import Foundation
import Primitives
import Scheduling
import Testing

@Suite("SystemWallClock")
struct SystemWallClockTests {
    @Test("the system clock reads the same time as Foundation's Date")
    func systemClock() {
        let before = WallInstant(date: Date())
        let now = SystemWallClock().now()
        let after = WallInstant(date: Date())
        #expect(before <= now)
        #expect(now <= after)
    }
}
