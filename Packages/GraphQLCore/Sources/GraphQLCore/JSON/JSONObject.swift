/// A JSON object that keeps its keys in the order they were inserted.
///
/// GraphQL responses are small objects read in selection order, so the storage is two parallel
/// arrays: appending is cheap and a lookup is a short scan. Equality and hashing ignore order,
/// as JSON does. A key set twice keeps its first position and its last value.
public struct JSONObject: Sendable, Hashable, Sequence {
    @usableFromInline var keyStorage: [String]
    @usableFromInline var valueStorage: [JSONValue]

    /// An empty object.
    @inlinable public init() {
        keyStorage = []
        valueStorage = []
    }

    /// An object with room for `capacity` keys, for builders that know how many are coming.
    @inlinable public init(minimumCapacity capacity: Int) {
        keyStorage = []
        valueStorage = []
        keyStorage.reserveCapacity(capacity)
        valueStorage.reserveCapacity(capacity)
    }

    /// An object from parallel arrays whose keys the caller has checked are distinct.
    init(uncheckedKeys keys: [String], values: [JSONValue]) {
        keyStorage = keys
        valueStorage = values
    }

    /// An object from parallel arrays of keys and values, which the caller guarantees hold distinct
    /// keys and as many values as keys (the counts are checked, the keys are not).
    ///
    /// For builders that make many objects with the same keys (a store reading a list of records
    /// through one selection): each object can share one keys array, so that it costs only its
    /// values, and the objects compare with one check of the shared keys.
    @inlinable public init(distinctKeys keys: [String], values: [JSONValue]) {
        precondition(keys.count == values.count, "a JSON object has one value per key")
        keyStorage = keys
        valueStorage = values
    }

    /// An object from pairs in order; a repeated key keeps its first position and its last value.
    @inlinable public init<S: Sequence>(_ pairs: S) where S.Element == (String, JSONValue) {
        self.init()
        for (key, value) in pairs { self[key] = value }
    }

    /// The keys in insertion order.
    @inlinable public var keys: [String] { keyStorage }

    /// The values in insertion order.
    @inlinable public var values: [JSONValue] { valueStorage }

    /// The number of keys.
    @inlinable public var count: Int { keyStorage.count }

    /// Whether the object has no keys.
    @inlinable public var isEmpty: Bool { keyStorage.isEmpty }

    /// The position of `key`, or `nil`.
    @inlinable public func index(forKey key: String) -> Int? {
        keyStorage.firstIndex(of: key)
    }

    /// The value for `key`; setting `nil` removes the key.
    @inlinable public subscript(key: String) -> JSONValue? {
        get {
            guard let index = index(forKey: key) else { return nil }
            return valueStorage[index]
        }
        set {
            if let index = index(forKey: key) {
                if let newValue {
                    valueStorage[index] = newValue
                } else {
                    keyStorage.remove(at: index)
                    valueStorage.remove(at: index)
                }
            } else if let newValue {
                keyStorage.append(key)
                valueStorage.append(newValue)
            }
        }
    }

    /// Appends a key the caller knows is not present yet; the builders' fast path.
    @inlinable public mutating func appendNew(key: String, value: JSONValue) {
        keyStorage.append(key)
        valueStorage.append(value)
    }

    /// Iterates the pairs in insertion order.
    @inlinable public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        zip(keyStorage, valueStorage).lazy.map { (key: $0, value: $1) }.makeIterator()
    }

    /// Equal when both hold the same keys with equal values, in any order.
    @inlinable public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.keyStorage == rhs.keyStorage { return lhs.valueStorage == rhs.valueStorage }
        if lhs.count > 16 { return unorderedEqualUsingIndex(lhs, rhs) }
        for (index, key) in lhs.keyStorage.enumerated() {
            guard let other = rhs[key], other == lhs.valueStorage[index] else { return false }
        }
        return true
    }

    /// `==` for large objects in different orders: one dictionary instead of a scan per key.
    @usableFromInline static func unorderedEqualUsingIndex(_ lhs: JSONObject, _ rhs: JSONObject) -> Bool {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(rhs.count)
        for (index, key) in rhs.keyStorage.enumerated() { positions[key] = index }
        for (index, key) in lhs.keyStorage.enumerated() {
            guard let position = positions[key], rhs.valueStorage[position] == lhs.valueStorage[index] else {
                return false
            }
        }
        return true
    }

    /// Hashes independently of key order, to agree with `==`.
    @inlinable public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (index, key) in keyStorage.enumerated() {
            var pairHasher = Hasher()
            pairHasher.combine(key)
            pairHasher.combine(valueStorage[index])
            combined ^= pairHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object with the keys in the order written.
    @inlinable public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
