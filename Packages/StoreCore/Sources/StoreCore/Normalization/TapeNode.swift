@_spi(Runtime) import GraphQLCore

/// A value on a `JSONTape`: the entry of its first token, read over the bytes the tape was built
/// from. What the normalizer walks when it writes a response from its bytes.
struct TapeNode: NormalizerInput {
    /// Runs `body` with the first value of `tape`, read over `bytes`, the ones the tape was built
    /// from. The node reads the tape through pointers, valid only inside `body`: the walk then
    /// retains nothing per value it visits.
    static func withRoot<Result, Failure: Error>(
        of tape: JSONTape, bytes: UnsafeBufferPointer<UInt8>, _ body: (TapeNode) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let result = tape.entries.withUnsafeBufferPointer { entries in
            Swift.Result { () throws(Failure) in try body(TapeNode(bytes: bytes, entries: entries, index: 0)) }
        }
        return try result.get()
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let entries: UnsafeBufferPointer<JSONTape.Entry>
    let index: Int

    private var entry: JSONTape.Entry { entries[index] }

    var inputKind: InputKind {
        switch entry.kind {
        case .null: .null
        case .true, .false: .bool
        case .number: .number
        case .string, .escapedString: .string
        case .array: .array
        case .object: .object
        }
    }

    /// The index of the entry after this value.
    private func end(of index: Int) -> Int {
        let entry = entries[index]
        return entry.kind == .array || entry.kind == .object ? entry.payload : index + 1
    }

    private func node(_ index: Int) -> TapeNode { TapeNode(bytes: bytes, entries: entries, index: index) }

    func memberCursor() -> Cursor { Cursor(object: self) }

    func inputMember(_ key: String) -> TapeNode? {
        guard entry.kind == .object else { return nil }
        return member(key, from: index + 1)?.value
    }

    /// The last member named `key` of this object, looked for from the key at `hint` (when it is
    /// `key`, none before it matters: a later one would win) or else from the first: servers
    /// answer in selection order, so the hint usually matches and the scan is of what follows it.
    /// Returns the value's node and the index of the key after it.
    fileprivate func member(_ key: String, from hint: Int) -> (value: TapeNode, next: Int)? {
        let end = entry.payload
        var key = key
        return key.withUTF8 { keyBytes -> (value: TapeNode, next: Int)? in
            var found: Int?
            var keyIndex = index + 1
            if hint < end, keyMatches(hint, keyBytes) {
                found = hint
                keyIndex = self.end(of: hint + 1)
            }
            while keyIndex < end {
                if keyMatches(keyIndex, keyBytes) { found = keyIndex }
                keyIndex = self.end(of: keyIndex + 1)
            }
            guard let found else { return nil }
            return (node(found + 1), self.end(of: found + 1))
        }
    }

    /// Whether the string at `index` is `key`: by their bytes, unless the string has escapes.
    private func keyMatches(_ index: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let entry = entries[index]
        if entry.kind == .escapedString {
            return node(index).inputString.map { $0.utf8.elementsEqual(key) } ?? false
        }
        let count = entry.payload - 2
        guard count == key.count else { return false }
        let start = Int(entry.offset) + 1
        var offset = 0
        while offset < count {
            if bytes[start + offset] != key[offset] { return false }
            offset += 1
        }
        return true
    }

    var inputString: String? {
        let entry = entry
        switch entry.kind {
        case .string:
            let start = Int(entry.offset) + 1
            return String(
                decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + entry.payload - 2]), as: UTF8.self)
        case .escapedString:
            guard case .string(let string) = readWithJSONReader() else { return nil }
            return string
        default:
            return nil
        }
    }

    func withPlainString<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let entry = entry
        guard entry.kind == .string else { return nil }
        let start = Int(entry.offset) + 1
        return body(UnsafeBufferPointer(rebasing: bytes[start..<start + entry.payload - 2]))
    }

    var inputElements: Elements { Elements(array: self) }

    var inputCount: Int {
        guard entry.kind == .array else { return 0 }
        var count = 0
        var item = index + 1
        while item < entry.payload {
            count += 1
            item = end(of: item)
        }
        return count
    }

    func materialized() -> JSONValue {
        let entry = entry
        switch entry.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .string, .escapedString: return .string(inputString ?? "")
        case .number:
            if let small = smallInteger(entry) { return .int(small) }
            return readWithJSONReader()
        case .array:
            var items: [JSONValue] = []
            items.reserveCapacity(inputCount)
            for item in inputElements { items.append(item.materialized()) }
            return .array(items)
        case .object:
            return .object(keyObject())
        }
    }

    /// An integer of at most 18 digits, which `Int` holds exactly; longer numbers and fractions
    /// are left to `JSONReader`, so they come out exactly as the tree path's.
    private func smallInteger(_ entry: JSONTape.Entry) -> Int? {
        var position = Int(entry.offset)
        let end = position + entry.payload
        let negative = bytes[position] == 0x2D
        if negative { position += 1 }
        guard end - position <= 18 else { return nil }
        var value = 0
        while position < end {
            let digit = bytes[position] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            position += 1
        }
        return negative ? -value : value
    }

    /// The value through `JSONReader`, from the token's own bytes: escapes, UTF-8 and numbers
    /// beyond the fast path as the tree path reads them. The tape was checked whole when it was
    /// built, so this read cannot fail; were it to, the value would read as null.
    private func readWithJSONReader() -> JSONValue {
        let entry = entry
        let start = Int(entry.offset)
        let raw = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<start + entry.payload])
        return (try? JSONReader().read(raw)) ?? .null
    }

    func keyObject() -> JSONObject {
        guard entry.kind == .object else { return JSONObject() }
        var keys: [String] = []
        var values: [JSONValue] = []
        var keyIndex = index + 1
        while keyIndex < entry.payload {
            keys.append(node(keyIndex).inputString ?? "")
            values.append(node(keyIndex + 1).materialized())
            keyIndex = end(of: keyIndex + 1)
        }
        // Through the pairs, so that a repeated key keeps its first position and its last value as
        // the tree's reader keeps it.
        return JSONObject(zip(keys, values))
    }

    /// An object's members looked up by key.
    struct Cursor: NormalizerCursor {
        let object: TapeNode
        /// The key after the last one found: the one a server answering in selection order
        /// gives next.
        private var next: Int

        init(object: TapeNode) {
            self.object = object
            next = object.index + 1
        }

        mutating func value(forKey key: String) -> TapeNode? {
            guard object.entries[object.index].kind == .object, let found = object.member(key, from: next) else {
                return nil
            }
            next = found.next
            return found.value
        }
    }

    /// An array's items in order.
    struct Elements: Sequence, IteratorProtocol {
        let array: TapeNode
        private var nextIndex: Int
        private let end: Int

        init(array: TapeNode) {
            self.array = array
            let entry = array.entries[array.index]
            nextIndex = array.index + 1
            end = entry.kind == .array ? entry.payload : nextIndex
        }

        mutating func next() -> TapeNode? {
            guard nextIndex < end else { return nil }
            let item = array.node(nextIndex)
            nextIndex = array.end(of: nextIndex)
            return item
        }
    }
}
