/// The key of one record in the store.
///
/// `Type:id` for an object that the key function can identify (see ``StoreConfiguration``), else a
/// client ID derived from the parent record, the field's storage key and the list index, so that the
/// same key-less object reached by the same path lands in the same record.
///
/// The text's hash is computed once, when the ID is made, and kept beside it: the store hashes IDs
/// far more often than it makes them (every record lookup, every seen record, every mark of a
/// collection), and an ID like `client:User:1:friends(first:10):3` is long to hash. The hash is the
/// process's seeded `Hasher`, so crafted IDs cannot make the store's tables collide. It is the hash
/// of the text's UTF-8 bytes, so the in-memory source can find the record a link in its bytes
/// names without making a `String` of it (decision 0140).
public struct DataID: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The key as text.
    public let rawValue: String
    @usableFromInline let hashOfText: Int

    /// A data ID from its text.
    @inlinable public init(_ rawValue: String) {
        self.rawValue = rawValue
        self.hashOfText = Self.hash(of: rawValue)
    }

    /// The hash of `text`'s UTF-8 bytes (``hash(ofUTF8:)``).
    @usableFromInline static func hash(of text: String) -> Int {
        var text = text
        return text.withUTF8 { hash(ofUTF8: UnsafeRawBufferPointer($0)) }
    }

    /// The hash an ID whose text has these UTF-8 bytes keeps.
    @usableFromInline static func hash(ofUTF8 bytes: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }

    /// Whether the text's UTF-8 bytes are `bytes`.
    func hasUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let utf8 = rawValue.utf8
        guard utf8.count == bytes.count else { return false }
        guard !bytes.isEmpty, let base = bytes.baseAddress else { return true }
        return utf8.withContiguousStorageIfAvailable { text in
            EncodedBytes.equal(UnsafeRawPointer(text.baseAddress!), base, count: text.count)
        } ?? utf8.elementsEqual(bytes)
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
