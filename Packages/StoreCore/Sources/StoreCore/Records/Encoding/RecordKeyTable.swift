/// The strings a store's records name by number: every storage key and typename, each kept once
/// per store.
///
/// A record's bytes (``RecordEncoding``) name its fields and its typename by their index here, so
/// `name` or `friends(first:10)` costs one or two bytes in each record instead of its text. Indices
/// only grow: a key, once interned, keeps its index for the life of the table, so a source that
/// persists records persists this table beside them (appending the keys from
/// ``keys(from:)`` in the same transaction as the records that first used them).
@_spi(RecordFormat) public struct RecordKeyTable: Sendable, Hashable {
    /// The keys, by index.
    public private(set) var keys: [String]
    private var indices: [String: UInt32]

    /// An empty table.
    public init() {
        keys = []
        indices = [:]
    }

    /// A table holding `keys` at their positions, as a source loads it back from storage.
    ///
    /// Throws ``RecordEncodingError/Code-swift.struct/duplicateKey`` when a key appears twice: a
    /// persisted table where that happens is corrupt, and decoding against it would be ambiguous.
    public init(keys: [String]) throws(RecordEncodingError) {
        self.keys = keys
        indices = Dictionary(minimumCapacity: keys.count)
        for (index, key) in keys.enumerated() where indices.updateValue(UInt32(index), forKey: key) != nil {
            throw RecordEncodingError(.duplicateKey, "the key table holds one key twice, at index \(index)")
        }
    }

    /// The number of keys.
    public var count: Int { keys.count }

    /// The index of `key`, or `nil` when it was never interned.
    @inlinable public func index(of key: String) -> UInt32? { lookUp(key) }

    @usableFromInline func lookUp(_ key: String) -> UInt32? { indices[key] }

    /// The index of `key`, adding it at the end when it is new.
    public mutating func intern(_ key: String) -> UInt32 {
        let next = UInt32(keys.count)
        let index = indices[key, default: next]
        if index == next {
            indices[key] = next
            keys.append(key)
        }
        return index
    }

    /// The key at `index`, or `nil` when the table has no such index.
    public func key(at index: UInt32) -> String? {
        Int(index) < keys.count ? keys[Int(index)] : nil
    }

    /// The keys interned since the table held `count` keys: what a persistent source appends to
    /// its stored table after a write.
    public func keys(from count: Int) -> ArraySlice<String> {
        keys[min(max(count, 0), keys.count)...]
    }
}
