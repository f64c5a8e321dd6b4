import Foundation

/// A gate one thread waits at until another opens it: the hand-over between a test and a thread
/// it starts, without any timing wait.
final class Latch: @unchecked Sendable {
    // Safe: `isOpen` is read and written only while `condition` is locked, and a pthread condition
    // is a synchronisation ThreadSanitizer understands.
    private let condition = NSCondition()
    private var isOpen = false

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    func wait() {
        condition.lock()
        while !isOpen { condition.wait() }
        condition.unlock()
    }
}
