#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of the in-memory source's records, one buffer for all of them (decision 0140).
///
/// A class so that a record view can point into the bytes while it keeps them alive; the source
/// copies the arena before it changes one that anything else holds (copy on write by hand), so the
/// bytes a view points at never change under it.
///
/// `@unchecked Sendable`: the only mutations are ``reserve(_:)``, ``append(_:)``, ``overwrite(at:with:)``
/// and ``shrinkToFit(slack:)``, and ``InMemoryRecordSource`` calls them only on an arena it holds the
/// only reference to (it checks `isKnownUniquelyReferenced` first and copies otherwise). An arena
/// that is shared, and so may be reached from another thread, is never mutated.
final class ByteArena: @unchecked Sendable {
    /// The first byte.
    private(set) var base: UnsafeMutableRawPointer
    /// The bytes in use.
    private(set) var count: Int
    /// The bytes allocated.
    private(set) var capacity: Int

    /// An empty arena with room for `capacity` bytes.
    /// The bytes come from `malloc` and go back through `free`, not Swift's allocator, so that a
    /// resize is a `realloc`: the allocator shrinks a buffer in place and grows a large one by
    /// remapping its pages, with no second buffer alive beside the first while the bytes are copied.
    /// The arena is the store's largest allocation, and a publish resizes it while the normalized
    /// batch is alive, so a copy would count towards the publish's peak (decision 0140's amendment on
    /// the batch).
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = Self.allocate(self.capacity)
        count = 0
    }

    deinit { free(base) }

    /// `byteCount` bytes from `malloc` (8-byte aligned, as `malloc` always is).
    private static func allocate(_ byteCount: Int) -> UnsafeMutableRawPointer {
        guard let bytes = malloc(byteCount) else { fatalError("out of memory allocating \(byteCount) bytes") }
        return bytes
    }

    /// A copy of the bytes in use, with room for `additional` more.
    func copy(reserving additional: Int = 0) -> ByteArena {
        let copy = ByteArena(capacity: count + additional)
        copy.base.copyMemory(from: base, byteCount: count)
        copy.count = count
        return copy
    }

    /// Makes room for `additional` more bytes, growing by half at least, so that many small writes
    /// cost amortized constant time each.
    func reserve(_ additional: Int) {
        guard count + additional > capacity else { return }
        resize(to: max(count + additional, capacity + capacity / 2))
    }

    /// Gives back the room a write reserved beyond what it used, when that is more than `slack`
    /// bytes: the arena is the store's largest allocation, and it stays as large as it is.
    func shrinkToFit(slack: Int = 4096) {
        guard capacity - count > slack else { return }
        resize(to: count)
    }

    private func resize(to newCapacity: Int) {
        let capacity = max(newCapacity, 16)
        guard let bytes = realloc(base, capacity) else { fatalError("out of memory allocating \(capacity) bytes") }
        base = bytes
        self.capacity = capacity
    }

    /// Appends `bytes`; returns the offset they start at.
    func append(_ bytes: UnsafeRawBufferPointer) -> Int {
        reserve(bytes.count)
        let offset = count
        if let source = bytes.baseAddress { (base + offset).copyMemory(from: source, byteCount: bytes.count) }
        count += bytes.count
        return offset
    }

    /// Writes `bytes` over the bytes at `offset`, which the caller owns (a record's old bytes, at
    /// least as long).
    func overwrite(at offset: Int, with bytes: UnsafeRawBufferPointer) {
        precondition(offset >= 0 && offset + bytes.count <= count, "an overwrite inside the arena")
        if let source = bytes.baseAddress { (base + offset).copyMemory(from: source, byteCount: bytes.count) }
    }

    /// The `length` bytes at `offset`.
    @inline(__always) func bytes(at offset: Int, length: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + offset, count: length)
    }
}
