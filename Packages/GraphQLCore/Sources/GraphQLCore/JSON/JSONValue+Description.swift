extension JSONValue: CustomStringConvertible, CustomDebugStringConvertible {
    /// The value as compact JSON text, keys in order: what `print(value)` and string
    /// interpolation show.
    public var description: String { serializedString() }

    /// The same JSON text, so that a value inside an array, an optional or a test's failure message
    /// reads as JSON too.
    public var debugDescription: String { serializedString() }
}

extension JSONObject: CustomStringConvertible, CustomDebugStringConvertible {
    /// The object as compact JSON text, keys in order.
    public var description: String { JSONValue.object(self).serializedString() }

    /// The same JSON text.
    public var debugDescription: String { description }
}
