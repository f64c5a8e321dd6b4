/// A JSON value: what GraphQL responses, variables and snapshots are made of.
///
/// Integers and floating-point numbers are kept apart so that a value read from a response prints
/// back the way it came (`1` stays `1`, `1.0` stays `1.0`). Objects keep the order of their keys
/// (see ``JSONObject``) because a snapshot reads back in the order the selection asked for.
///
/// **Deep values.** Writing a value (``serialized(sortedKeys:)``, storage keys, operation identities)
/// never recurses, whatever its depth. Destroying one does: releasing the last reference to a value
/// nested `n` levels deep recurses `n` times in the Swift runtime, about 200 bytes of stack per level
/// (measured on Linux), and `==` and `hash(into:)` recurse likewise. A 512 KB secondary thread holds
/// about 2,000 levels; a value 100,000 levels deep needs about 20 MB. The library never makes such a
/// value itself: ``JSONReader`` stops at 512 levels unless told otherwise, and variables nested
/// deeper than 64 levels are refused with ``GraphQLCoreError/Code/invalidVariable``. An app that
/// builds deeper values frees them with ``dismantle()``, which does not recurse. (Under the thread
/// sanitizer a level takes more than ten times the stack.)
public enum JSONValue: Sendable, Hashable {
    /// The JSON literal `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction or an exponent that fits in `Int`.
    case int(Int)
    /// A number written without a fraction or an exponent that does not fit in `Int`, kept exact as
    /// its decimal digits (with a leading `-` when negative, no leading zeros): rounding it to a
    /// `Double` would change an `ID` such as `12345678901234567890`.
    case bigInt(String)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, with its keys in the order they were written.
    case object(JSONObject)
}

extension JSONValue {
    /// The object this value holds, or `nil` when it is not an object.
    @inlinable public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The array this value holds, or `nil` when it is not an array.
    @inlinable public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The string this value holds, or `nil` when it is not a string.
    @inlinable public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// Whether this value is the literal `null`.
    @inlinable public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value under `key` when this is an object, else `nil`.
    @inlinable public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// Makes `null`.
    @inlinable public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Makes `.bool`.
    @inlinable public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Makes `.int`.
    @inlinable public init(integerLiteral value: Int) { self = .int(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Makes `.double`.
    @inlinable public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// Makes `.string`.
    @inlinable public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Makes `.array`.
    @inlinable public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Makes `.object`, keeping the order the keys are written in.
    @inlinable public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}
