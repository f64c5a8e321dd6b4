/// A fragment compiled for reading it from a record: its type condition and its selection tree
/// (nested fragments inlined, `__typename` and key fields added, as in an operation).
public struct CompiledFragment: Sendable, Hashable {
    /// The fragment's name.
    public var name: String
    /// The type the fragment applies to.
    public var typeCondition: String
    /// The object types that satisfy ``typeCondition``, from the schema; `nil` without a schema, when
    /// only a record whose `__typename` equals ``typeCondition`` matches.
    public var possibleTypes: Set<String>?
    /// The selections to read from a matching record.
    public var selectionSet: CompiledSelectionSet

    /// A compiled fragment.
    public init(name: String, typeCondition: String, possibleTypes: Set<String>?, selectionSet: CompiledSelectionSet) {
        self.name = name
        self.typeCondition = typeCondition
        self.possibleTypes = possibleTypes
        self.selectionSet = selectionSet
    }

    /// Whether a record of concrete type `typename` can be read with this fragment.
    public func matches(typename: String) -> Bool {
        if let possibleTypes { return possibleTypes.contains(typename) }
        return typename == typeCondition
    }
}
