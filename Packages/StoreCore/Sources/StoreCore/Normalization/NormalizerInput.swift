import GraphQLCore

/// What ``ResponseNormalizer`` reads a response through, so that one walk serves both a parsed
/// `JSONValue` and a `JSONTape` of the response's bytes: the two give the same records, errors and
/// changes because they are the same code.
protocol NormalizerInput {
    associatedtype Cursor: NormalizerCursor where Cursor.Input == Self
    associatedtype Elements: Sequence where Elements.Element == Self

    /// The JSON kind of the value.
    var inputKind: InputKind { get }
    /// A cursor over the members of an object (only asked of an object).
    func memberCursor() -> Cursor
    /// The value of an object's member, the last one for a repeated key as `JSONObject` keeps it
    /// (only asked of an object).
    func inputMember(_ key: String) -> Self?
    /// The value when it is a string.
    var inputString: String? { get }
    /// The items of an array (only asked of an array).
    var inputElements: Elements { get }
    /// How many items an array has (only asked of an array).
    var inputCount: Int { get }
    /// Runs `body` with the UTF-8 bytes of a string that needs no unescaping and no check, or
    /// returns `nil` (for any other value, and for every value of an input whose strings are not
    /// bytes).
    func withPlainString<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result?
    /// The value as a `JSONValue`: a leaf's value, which the record keeps as a scalar.
    func materialized() -> JSONValue
    /// An object as the `JSONObject` key functions take (only asked of an object).
    func keyObject() -> JSONObject
}

/// Looks up an object's members by response key.
protocol NormalizerCursor {
    associatedtype Input: NormalizerInput
    /// The member's value, or `nil` when the object has none.
    mutating func value(forKey key: String) -> Input?
}

/// The JSON kind of a value, for the walk's decisions and its messages.
enum InputKind {
    case null, bool, number, string, array, object

    /// The kind in words, for messages that must not quote response values.
    var description: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}
