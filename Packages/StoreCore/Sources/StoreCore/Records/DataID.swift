/// The key of one record in the store.
///
/// `Type:id` for an object that the key function can identify (see ``StoreConfiguration``), else a
/// client ID derived from the parent record, the field's storage key and the list index, so that the
/// same key-less object reached by the same path lands in the same record.
///
/// The text's hash is computed once, when the ID is made, and kept beside it: the store hashes IDs
/// far more often than it makes them (every record lookup, every seen record, every mark of a
/// collection), and an ID like `client:User:1:friends(first:10):3` is long to hash. The hash is the
/// process's seeded `Hasher`, so crafted IDs cannot make the store's tables collide.
public struct DataID: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The key as text.
    public let rawValue: String
    @usableFromInline let hashOfText: Int

    /// A data ID from its text.
    @inlinable public init(_ rawValue: String) {
        self.rawValue = rawValue
        self.hashOfText = rawValue.hashValue
    }

    /// A data ID from a literal.
    @inlinable public init(stringLiteral value: String) { self.init(value) }

    /// Equal when the texts are equal; the kept hashes tell most unequal IDs apart at once.
    @inlinable public static func == (lhs: DataID, rhs: DataID) -> Bool {
        lhs.hashOfText == rhs.hashOfText && lhs.rawValue == rhs.rawValue
    }

    /// Feeds the kept hash of the text.
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(hashOfText) }

    /// The record a query's root fields are stored on.
    public static let root = DataID("client:root")
    /// The record a mutation's root fields are stored on, apart from the query root so that a
    /// mutation's payload never overwrites a query field of the same name and is collectable.
    public static let mutationRoot = DataID("client:root:mutation")
    /// The record a subscription's root fields are stored on, for the same reasons.
    public static let subscriptionRoot = DataID("client:root:subscription")

    /// The ID of a key-less object under `parent`'s field `storageKey`, at `indices` when the field
    /// is a list (one index per list level).
    ///
    /// Follows Relay's format: `client:<parent>:<storageKey>[:<index>...]`, with no double prefix.
    public static func client(parent: DataID, storageKey: String, indices: [Int] = []) -> DataID {
        client(parent: parent, storageKey: storageKey, indices: indices[...])
    }

    static func client(parent: DataID, storageKey: String, indices: ArraySlice<Int>) -> DataID {
        var key = parent.rawValue.hasPrefix("client:") ? "" : "client:"
        key.reserveCapacity(key.utf8.count + parent.rawValue.utf8.count + storageKey.utf8.count + 8)
        key.append(parent.rawValue)
        key.append(":")
        key.append(storageKey)
        for index in indices {
            key.append(":")
            key.append(String(index))
        }
        return DataID(key)
    }

    /// The text.
    public var description: String { rawValue }

    /// Orders by text, so that reports and tests are deterministic.
    @inlinable public static func < (lhs: DataID, rhs: DataID) -> Bool { lhs.rawValue < rhs.rawValue }
}
