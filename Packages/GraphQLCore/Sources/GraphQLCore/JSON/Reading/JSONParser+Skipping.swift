extension JSONParser {
    /// Reads the whole input as ``parseDocument()`` does, but when it is an object, checks its
    /// top-level member `skipped` without building it: the member is left out of the value, and the
    /// range of its value's bytes is returned (the last one's when the key repeats, as `JSONObject`
    /// keeps the last value). The rules, limits and errors are those of ``parseDocument()``.
    mutating func parseDocument(skippingMember skipped: String) throws(GraphQLCoreError) -> (
        value: JSONValue, skipped: Range<Int>?
    ) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == ASCII.openBrace else { return (try parseDocument(), nil) }
        try open(isObject: true)
        let top = frames[0]
        var range: Range<Int>?
        skipWhitespace()
        if position < bytes.count, bytes[position] == ASCII.closeBrace {
            position += 1
        } else {
            while true {
                let key = try readKey()
                if key == skipped {
                    let start = position
                    try skipValue()
                    range = start..<position
                } else {
                    let value = try parseValue()
                    keys.push(key)
                    values.push(value)
                }
                skipWhitespace()
                guard position < bytes.count else { throw failure("the input ends inside a value") }
                let byte = bytes[position]
                position += 1
                if byte == ASCII.comma {
                    skipWhitespace()
                    continue
                }
                guard byte == ASCII.closeBrace else {
                    position -= 1
                    throw unexpectedByte(expecting: "',' or '}'")
                }
                break
            }
        }
        let object = closeObject(top)
        frames.removeLast()
        skipWhitespace()
        guard position == bytes.count else { throw unexpectedByte(expecting: "the end of the input") }
        return (.object(object), range)
    }

    /// Checks one value from the current position as ``parseValue()`` reads it, building nothing
    /// that outlives the check: strings and numbers are read and dropped, containers are counted.
    private mutating func skipValue() throws(GraphQLCoreError) {
        // Whether each container opened here is an object; the nesting limit counts ``frames`` too.
        var open: [Bool] = []
        nextValue: while true {
            guard position < bytes.count else { throw failure("the input ends inside a value") }
            switch bytes[position] {
            case ASCII.quote:
                position += 1
                _ = try readString()
            case ASCII.openBrace, ASCII.openBracket:
                let isObject = bytes[position] == ASCII.openBrace
                guard frames.count + open.count < maximumDepth else {
                    throw failure("arrays and objects nest deeper than the limit of \(maximumDepth)")
                }
                position += 1
                open.append(isObject)
                skipWhitespace()
                if position < bytes.count, bytes[position] == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                    position += 1
                    open.removeLast()
                } else {
                    if isObject { _ = try readKey() }
                    continue nextValue
                }
            case ASCII.minus, ASCII.zero...ASCII.nine:
                _ = try readNumber()
            case ASCII.t:
                try expectLiteral("true")
            case ASCII.f:
                try expectLiteral("false")
            case ASCII.n:
                try expectLiteral("null")
            default:
                throw unexpectedByte(expecting: "a value")
            }
            // The value is complete: go on in its container, closing every container it completes.
            while let isObject = open.last {
                skipWhitespace()
                guard position < bytes.count else { throw failure("the input ends inside a value") }
                let byte = bytes[position]
                position += 1
                if byte == ASCII.comma {
                    skipWhitespace()
                    if isObject { _ = try readKey() }
                    continue nextValue
                }
                guard byte == (isObject ? ASCII.closeBrace : ASCII.closeBracket) else {
                    position -= 1
                    throw unexpectedByte(expecting: isObject ? "',' or '}'" : "',' or ']'")
                }
                open.removeLast()
            }
            return
        }
    }
}
