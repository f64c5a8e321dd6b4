import Primitives
import Testing

@Suite("Locked")
struct LockedTests {
    @Test("increments from many tasks at once are all kept")
    func concurrentIncrements() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 8_000)
    }

    @Test("an error thrown inside the body reaches the caller, keeps the changes made, and releases the lock")
    func throwingBody() {
        struct Refused: Error, Equatable {}
        let value = Locked([1])
        #expect(throws: Refused()) {
            try value.withLock { (state: inout [Int]) throws(Refused) in
                state.append(2)
                throw Refused()
            }
        }
        #expect(value.withLock { $0 } == [1, 2])
    }
}
