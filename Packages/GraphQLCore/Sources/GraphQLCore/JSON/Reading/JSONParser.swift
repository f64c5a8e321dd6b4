/// The tree reader: the sink that builds ``JSONValue``s bottom-up from a ``JSONScanner``'s tokens.
///
/// Values of open containers wait on one ``MoveStack`` and move into an exact-size array when their
/// container closes.
struct JSONParser: ~Copyable, JSONTokenSink {
    /// Where an open container's values and keys begin on the stacks.
    struct Frame {
        var valueStart: Int
        var keyStart: Int
    }

    var frames: [Frame] = []
    var values = MoveStack<JSONValue>(capacity: 64)
    var keys = MoveStack<String>(capacity: 32)

    /// Reads the whole of `bytes` as one JSON text.
    static func parseDocument(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) throws(GraphQLCoreError)
        -> JSONValue
    {
        var scanner = JSONScanner(bytes: bytes, maximumDepth: maximumDepth)
        var parser = JSONParser()
        try scanner.scanDocument(into: &parser)
        return parser.values.pop()
    }

    mutating func string(_ scanner: inout JSONScanner) throws(GraphQLCoreError) {
        values.push(.string(try scanner.readString()))
    }

    mutating func key(_ scanner: inout JSONScanner) throws(GraphQLCoreError) {
        keys.push(try scanner.readString())
    }

    mutating func number(_ scanner: inout JSONScanner) throws(GraphQLCoreError) {
        values.push(try scanner.readNumber())
    }

    mutating func literal(_ literal: JSONLiteral, at offset: Int) {
        switch literal {
        case .true: values.push(.bool(true))
        case .false: values.push(.bool(false))
        case .null: values.push(.null)
        }
    }

    mutating func open(isObject: Bool, at offset: Int) {
        frames.append(Frame(valueStart: values.count, keyStart: keys.count))
    }

    mutating func close(isObject: Bool) {
        let frame = frames.removeLast()
        values.push(isObject ? .object(closeObject(frame)) : .array(values.popArray(from: frame.valueStart)))
    }

    mutating func closeObject(_ frame: Frame) -> JSONObject {
        let objectKeys = keys.popArray(from: frame.keyStart)
        let objectValues = values.popArray(from: frame.valueStart)
        if Self.hasDuplicates(objectKeys) {
            // Rare: a repeated key keeps its first position and its last value, as `JSONObject` does.
            // Through a dictionary of positions, so that a huge object with repeats stays linear.
            var positions: [String: Int] = [:]
            var keys: [String] = []
            var values: [JSONValue] = []
            for (key, value) in zip(objectKeys, objectValues) {
                if let position = positions[key] {
                    values[position] = value
                } else {
                    positions[key] = keys.count
                    keys.append(key)
                    values.append(value)
                }
            }
            return JSONObject(uncheckedKeys: keys, values: values)
        }
        return JSONObject(uncheckedKeys: objectKeys, values: objectValues)
    }

    private static func hasDuplicates(_ keys: [String]) -> Bool {
        if keys.count < 2 { return false }
        if keys.count <= 16 {
            for i in 1..<keys.count {
                for j in 0..<i where keys[i] == keys[j] { return true }
            }
            return false
        }
        var seen = Set<String>(minimumCapacity: keys.count)
        for key in keys where !seen.insert(key).inserted { return true }
        return false
    }
}
