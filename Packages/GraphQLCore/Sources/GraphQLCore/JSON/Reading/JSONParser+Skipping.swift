extension JSONParser {
    /// Reads the whole of `bytes` as ``parseDocument(_:maximumDepth:)`` does, but when it is an
    /// object, its top-level member `key` goes to a sink made for it (at the first byte of the
    /// member's value) rather than into the tree: the member is left out of the value, and its range
    /// and sink are returned (the last one's when the key repeats, as `JSONObject` keeps the last
    /// value). The rules, limits and errors are those of ``parseDocument(_:maximumDepth:)``: the
    /// member's bytes are checked by the same scanner as the rest, once.
    static func parseDocument<Member: JSONTokenSink>(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, member key: String,
        sink makeSink: (_ start: Int) -> Member
    ) throws(GraphQLCoreError) -> (value: JSONValue, member: (range: Range<Int>, sink: Member)?) {
        var scanner = JSONScanner(bytes: bytes, maximumDepth: maximumDepth)
        var parser = JSONParser()
        scanner.skipWhitespace()
        guard scanner.position < bytes.count, bytes[scanner.position] == ASCII.openBrace else {
            try scanner.scanDocument(into: &parser)
            return (parser.values.pop(), nil)
        }
        try scanner.enter(isObject: true)
        var member: (range: Range<Int>, sink: Member)?
        scanner.skipWhitespace()
        if scanner.position < bytes.count, bytes[scanner.position] == ASCII.closeBrace {
            scanner.position += 1
        } else {
            while true {
                guard scanner.position < bytes.count, bytes[scanner.position] == ASCII.quote else {
                    throw scanner.unexpectedByte(expecting: "a string key")
                }
                let name = try scanner.readString()
                try scanner.expectColon()
                if name == key {
                    let start = scanner.position
                    var sink = makeSink(start)
                    try scanner.scanValue(into: &sink)
                    member = (start..<scanner.position, sink)
                } else {
                    try scanner.scanValue(into: &parser)
                    parser.keys.push(name)
                }
                scanner.skipWhitespace()
                guard scanner.position < bytes.count else { throw scanner.failure("the input ends inside a value") }
                let byte = bytes[scanner.position]
                scanner.position += 1
                if byte == ASCII.comma {
                    scanner.skipWhitespace()
                    continue
                }
                guard byte == ASCII.closeBrace else {
                    scanner.position -= 1
                    throw scanner.unexpectedByte(expecting: "',' or '}'")
                }
                break
            }
        }
        scanner.open.removeLast()
        let object = parser.closeObject(Frame(valueStart: 0, keyStart: 0))
        try scanner.expectEnd()
        return (.object(object), member)
    }
}

/// A sink that keeps nothing: the text is checked and dropped.
struct JSONSkippingSink: JSONTokenSink {
    mutating func string(_ scanner: inout JSONScanner) throws(GraphQLCoreError) { _ = try scanner.skipString() }
    mutating func key(_ scanner: inout JSONScanner) throws(GraphQLCoreError) { _ = try scanner.skipString() }
    mutating func number(_ scanner: inout JSONScanner) throws(GraphQLCoreError) { try scanner.skipNumber() }
    mutating func literal(_ literal: JSONLiteral, at offset: Int) {}
    mutating func open(isObject: Bool, at offset: Int) {}
    mutating func close(isObject: Bool) {}
}
