/// Writes ``JSONValue``s as compact JSON text into a byte buffer.
///
/// Deterministic: the same value always gives the same bytes (with `sortedKeys`, equal values give
/// equal bytes). Doubles print in the shortest form that reads back to the same `Double`, with
/// `.0` on integral ones so they read back as doubles; infinities and NaN, which JSON cannot
/// express, print as `null`.
struct JSONWriter {
    var output: [UInt8] = []
    let sortedKeys: Bool

    init(sortedKeys: Bool, capacity: Int = 256) {
        self.sortedKeys = sortedKeys
        output.reserveCapacity(capacity)
    }

    /// Writes `value`. Open arrays and objects wait on an explicit stack, so a value of any depth
    /// (the reader returns them once its depth limit is raised, and an app can build one) is written
    /// without recursing.
    mutating func write(_ value: JSONValue) {
        enum Open {
            case array([JSONValue], next: Int)
            /// Members in the order they are written: the object's, or sorted when `sortedKeys`.
            case object(JSONObject, order: [Int]?, next: Int)
        }
        var stack: [Open] = []
        var pending: JSONValue? = value
        while true {
            if let next = pending {
                pending = nil
                switch next {
                case .null: writeLiteral("null")
                case .bool(let bool): writeLiteral(bool ? "true" : "false")
                case .int(let int): write(int)
                case .bigInt(let digits): output.append(contentsOf: digits.utf8)
                case .double(let double): write(double)
                case .string(let string): write(string)
                case .array(let items):
                    output.append(ASCII.openBracket)
                    stack.append(.array(items, next: 0))
                case .object(let object):
                    output.append(ASCII.openBrace)
                    let keys = object.keyStorage
                    let order =
                        sortedKeys
                        ? keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) } : nil
                    stack.append(.object(object, order: order, next: 0))
                }
            }
            guard let top = stack.popLast() else { return }
            switch top {
            case .array(let items, let index):
                guard index < items.count else {
                    output.append(ASCII.closeBracket)
                    continue
                }
                if index > 0 { output.append(ASCII.comma) }
                stack.append(.array(items, next: index + 1))
                pending = items[index]
            case .object(let object, let order, let position):
                guard position < object.count else {
                    output.append(ASCII.closeBrace)
                    continue
                }
                if position > 0 { output.append(ASCII.comma) }
                let index = order?[position] ?? position
                write(object.keyStorage[index])
                output.append(ASCII.colon)
                stack.append(.object(object, order: order, next: position + 1))
                pending = object.valueStorage[index]
            }
        }
    }

    private mutating func writeLiteral(_ literal: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private mutating func write(_ int: Int) {
        if int < 0 { output.append(ASCII.minus) }
        var magnitude = int.magnitude
        let start = output.count
        repeat {
            output.append(ASCII.zero &+ UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        output[start...].reverse()
    }

    private mutating func write(_ double: Double) {
        guard double.isFinite else {
            writeLiteral("null")
            return
        }
        // Swift's description is the shortest text that reads back to the same value, keeps `.0` on
        // integral values, and otherwise uses forms (`1e-05`, `1e+16`) that are valid JSON numbers.
        output.append(contentsOf: double.description.utf8)
    }

    private mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { writeQuoted($0) }
    }

    private mutating func writeQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        output.append(ASCII.quote)
        var runStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x20 || byte == ASCII.quote || byte == ASCII.backslash else { continue }
            if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            runStart = index + 1
            output.append(ASCII.backslash)
            switch byte {
            case ASCII.quote, ASCII.backslash: output.append(byte)
            case ASCII.lineFeed: output.append(ASCII.n)
            case ASCII.carriageReturn: output.append(ASCII.r)
            case ASCII.tab: output.append(ASCII.t)
            case 0x08: output.append(ASCII.b)
            case 0x0C: output.append(ASCII.f)
            default:
                let hex: StaticString = "0123456789abcdef"
                output.append(contentsOf: [ASCII.u, ASCII.zero, ASCII.zero])
                output.append(hex.utf8Start[Int(byte >> 4)])
                output.append(hex.utf8Start[Int(byte & 0xF)])
            }
        }
        if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
        output.append(ASCII.quote)
    }
}
