/// The marks of one garbage collection: one bit per position of the in-memory source's records.
///
/// A million records take 128 KB of marks, which stay in cache, where a set of a million data IDs
/// (hashed, each a string) spans tens of megabytes probed at random (0043).
struct RecordMarks {
    private var words: [UInt64]

    /// Marks for positions `0..<capacity`, none set.
    init(capacity: Int) {
        words = Array(repeating: 0, count: (capacity + 63) / 64)
    }

    /// Sets the mark at `position`; returns whether it was not set before.
    @inline(__always) mutating func insert(_ position: Int) -> Bool {
        let word = position &>> 6
        let bit: UInt64 = 1 &<< UInt64(position & 63)
        let old = words[word]
        words[word] = old | bit
        return old & bit == 0
    }

    /// Whether `position` is marked.
    @inline(__always) func contains(_ position: Int) -> Bool {
        words[position &>> 6] & (1 &<< UInt64(position & 63)) != 0
    }
}
