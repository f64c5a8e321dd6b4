/// Where a value literal starts, and where each value inside it starts.
///
/// ``Value`` is an enum of what was written; its places are kept beside it in this tree so that
/// matching on a value stays as it is. For a list, ``elements`` holds one location per item; for an
/// input object, one per field's value, in the fields' order; for any other value it is empty. (A
/// field's name is at ``ObjectField/location``.) Like ``NodeLocation``, a value location is not part
/// of a node's value: any two are equal.
public struct ValueLocation: Sendable, Hashable, CustomStringConvertible {
    /// The value's first character: its `$`, quote, bracket, brace, sign or first letter or digit.
    public var start: NodeLocation
    /// The locations of a list's items or of an object's field values, in order.
    public var elements: [ValueLocation]

    /// A value starting at `start`, with the locations of its items or field values.
    public init(_ start: NodeLocation, elements: [ValueLocation] = []) {
        self.start = start
        self.elements = elements
    }

    /// A placeholder for values built in code rather than parsed.
    public static let unknown = ValueLocation(.unknown)

    /// The location of the item or field value at `index`, ``unknown`` when there is none (a value
    /// built in code).
    public func element(_ index: Int) -> ValueLocation {
        elements.indices.contains(index) ? elements[index] : .unknown
    }

    /// Always `true`: see the type's documentation.
    public static func == (lhs: ValueLocation, rhs: ValueLocation) -> Bool { true }

    /// Hashes nothing, to agree with `==`.
    public func hash(into hasher: inout Hasher) {}

    /// `line:column` of the value's start.
    public var description: String { start.description }
}
