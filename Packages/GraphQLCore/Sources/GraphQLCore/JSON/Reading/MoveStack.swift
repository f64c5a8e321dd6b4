/// A stack that hands its top elements out as an array by moving them, never copying.
///
/// The reader keeps every value of every open container on one stack and, when a container closes,
/// moves its elements into an array of exactly the right size. A Swift `Array` would have to copy
/// (retain and release) each element to do that; raw memory moves them.
struct MoveStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Moves the top element out; the stack must not be empty.
    mutating func pop() -> Element {
        precondition(count > 0, "pop from an empty MoveStack")
        count -= 1
        return (base + count).move()
    }

    /// Moves the elements from `start` to the top into a new array, leaving `start` elements.
    mutating func popArray(from start: Int) -> [Element] {
        let moved = count - start
        guard moved > 0 else { return [] }
        let source = base + start
        let result = [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
            // `moved > 0`, so the buffer has storage.
            buffer.baseAddress.unsafelyUnwrapped.moveInitialize(from: source, count: moved)
            initialized = moved
        }
        count = start
        return result
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
