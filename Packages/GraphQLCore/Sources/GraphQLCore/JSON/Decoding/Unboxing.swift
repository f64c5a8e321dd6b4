import Foundation

/// Turns one ``JSONValue`` into one Swift value, with the errors `JSONDecoder` would give.
enum Unboxing {
    static func string(_ value: JSONValue, at path: @autoclosure () -> CodingPathReference) throws -> String {
        if case .string(let string) = value { return string }
        throw mismatch(String.self, value, at: path)
    }

    static func bool(_ value: JSONValue, at path: @autoclosure () -> CodingPathReference) throws -> Bool {
        if case .bool(let bool) = value { return bool }
        throw mismatch(Bool.self, value, at: path)
    }

    static func integer<T: FixedWidthInteger>(
        _ value: JSONValue, as type: T.Type, at path: @autoclosure () -> CodingPathReference
    ) throws
        -> T
    {
        switch value {
        case .int(let int):
            if let exact = T(exactly: int) { return exact }
            throw doesNotFit(int, type, at: path)
        case .double(let double):
            if let exact = T(exactly: double) { return exact }
            throw doesNotFit(double, type, at: path)
        case .bigInt(let digits):
            // Beyond Int, but a UInt64 may still hold it.
            if let exact = T(digits) { return exact }
            throw doesNotFit(digits, type, at: path)
        default:
            throw mismatch(type, value, at: path)
        }
    }

    static func double(_ value: JSONValue, at path: @autoclosure () -> CodingPathReference) throws -> Double {
        switch value {
        case .double(let double): return double
        case .int(let int): return Double(int)
        case .bigInt(let digits):
            if let double = Double(digits), double.isFinite { return double }
            throw doesNotFit(digits, Double.self, at: path)
        default: throw mismatch(Double.self, value, at: path)
        }
    }

    static func float(_ value: JSONValue, at path: @autoclosure () -> CodingPathReference) throws -> Float {
        switch value {
        case .double(let double):
            let float = Float(double)
            if float.isFinite || !double.isFinite { return float }
            throw doesNotFit(double, Float.self, at: path)
        case .int(let int): return Float(int)
        case .bigInt(let digits):
            if let float = Float(digits), float.isFinite { return float }
            throw doesNotFit(digits, Float.self, at: path)
        default: throw mismatch(Float.self, value, at: path)
        }
    }

    /// Any `Decodable`, with the types JSON has no native form for read the way JSON APIs send them.
    static func decodable<T: Decodable>(
        _ value: JSONValue, as type: T.Type, at path: CodingPathReference, context: DecodingContext
    ) throws -> T {
        if T.self == JSONValue.self || T.self == Date.self || T.self == URL.self || T.self == Data.self
            || T.self == Decimal.self
        {
            return try special(value, as: type, at: path, context: context)
        }
        return try T(from: JSONValueDecoder.ValueDecoder(value: value, node: path.node, context: context))
    }

    /// The types with a JSON form of their own. Kept out of ``decodable(_:as:at:context:)`` because
    /// the casts need `Optional<T>`'s metadata, which costs a runtime lookup on every call even
    /// when no cast runs.
    @inline(never)
    private static func special<T: Decodable>(
        _ value: JSONValue, as type: T.Type, at path: CodingPathReference, context: DecodingContext
    ) throws -> T {
        let decoded: Any
        if T.self == JSONValue.self {
            decoded = value
        } else if T.self == Date.self {
            decoded = try date(value, at: path, context: context)
        } else if T.self == URL.self {
            decoded = try url(value, at: path)
        } else if T.self == Data.self {
            decoded = try data(value, at: path)
        } else {
            decoded = try decimal(value, at: path)
        }
        guard let result = decoded as? T else {
            return try T(from: JSONValueDecoder.ValueDecoder(value: value, node: path.node, context: context))
        }
        return result
    }

    private static func date(_ value: JSONValue, at path: CodingPathReference, context: DecodingContext) throws -> Date
    {
        switch context.dateDecodingStrategy {
        case .iso8601:
            let text = try string(value, at: path)
            if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
            if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: path.path, debugDescription: "Expected an ISO 8601 date, found \"\(text)\"."))
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try double(value, at: path))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try double(value, at: path) / 1000)
        case .deferredToDate:
            return try Date(from: JSONValueDecoder.ValueDecoder(value: value, node: path.node, context: context))
        }
    }

    private static func url(_ value: JSONValue, at path: CodingPathReference) throws -> URL {
        let text = try string(value, at: path)
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: path.path, debugDescription: "Invalid URL string."))
        }
        return url
    }

    private static func data(_ value: JSONValue, at path: CodingPathReference) throws -> Data {
        let text = try string(value, at: path)
        guard let data = Data(base64Encoded: text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: path.path, debugDescription: "Expected Base64 data."))
        }
        return data
    }

    private static func decimal(_ value: JSONValue, at path: CodingPathReference) throws -> Decimal {
        switch value {
        case .int(let int): return Decimal(int)
        case .bigInt(let digits):
            if let decimal = Decimal(string: digits) { return decimal }
            throw doesNotFit(digits, Decimal.self, at: { path })
        case .double(let double):
            // Through the shortest text, so 0.1 is the decimal 0.1 and not the binary double's expansion.
            if let decimal = Decimal(string: double.description) { return decimal }
            throw doesNotFit(double, Decimal.self, at: { path })
        default: throw mismatch(Decimal.self, value, at: { path })
        }
    }

    /// `valueNotFound` for `null`, `typeMismatch` for anything else, as `JSONDecoder` reports them.
    static func mismatch(
        _ type: Any.Type, _ value: JSONValue, at path: () -> CodingPathReference
    ) -> DecodingError {
        mismatch(type, value, codingPath: path().path)
    }

    static func mismatch(_ type: Any.Type, _ value: JSONValue, codingPath: [any CodingKey]) -> DecodingError {
        if value.isNull {
            return DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "Expected \(type) value but found null instead."))
        }
        return DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "Expected to decode \(type) but found \(kind(of: value)) instead."))
    }

    private static func doesNotFit(
        _ number: some CustomStringConvertible, _ type: Any.Type, at path: () -> CodingPathReference
    )
        -> DecodingError
    {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: path().path, debugDescription: "Number \(number) does not fit in \(type)."))
    }

    static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .bigInt, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
