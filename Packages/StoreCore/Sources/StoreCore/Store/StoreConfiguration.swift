import Foundation
import GraphQLCore
import Primitives

/// How a store identifies objects, tells time and bounds nesting.
public struct StoreConfiguration: Sendable {
    /// Computes the data ID of an object of one type from the object as the response has it
    /// (response keys), or `nil` to give it a path-derived client ID.
    public typealias KeyFunction = @Sendable (_ object: JSONObject) -> DataID?

    /// Key functions by `__typename`; a type without one uses ``defaultKey``.
    public var keyFunctions: [String: KeyFunction] {
        didSet { keyFieldLists = [:] }
    }
    /// The key fields behind the key functions `keyFields` made, for the types no given function
    /// replaced: a publish from the bytes reads those members alone instead of making each object a
    /// `JSONObject` for the function. A closure cannot be inspected, so any later change to
    /// ``keyFunctions`` empties it and every type goes through its function.
    private(set) var keyFieldLists: [String: [String]]
    /// The key function for every other type, given the typename and the object:
    /// by default `Type:id` when the object has a string or integer `id`, else `nil`.
    public var defaultKey: @Sendable (_ typename: String, _ object: JSONObject) -> DataID? {
        didSet { defaultKeyIsTypenameAndID = false }
    }
    /// Whether ``defaultKey`` is the default's ``typenameAndID(_:_:)``, which needs the `id` alone:
    /// then a publish from the bytes reads that member instead of making the object a `JSONObject`.
    /// A closure cannot be compared, so only the default argument sets it.
    private(set) var defaultKeyIsTypenameAndID: Bool
    /// The wall clock write times and invalidation points are read from.
    public var clock: @Sendable () -> WallInstant
    /// How deep objects and lists may nest in a response (and inside a scalar's JSON value) before
    /// the publish fails with ``StoreError/Code/nestingTooDeep``. The normalizer recurses once per
    /// level, so this bound is what keeps a hostile response from overflowing the stack.
    public var maximumDepth: Int
    /// Answers what a read asks about a field its record lacks and no `@fieldPolicy` redirects (Relay's
    /// missing field handlers): the record, records or scalar the field holds, or `nil` for "missing".
    /// Reads, fetch policies, revalidation and collection all follow the answer, so it must be quick,
    /// must not touch the store, and must answer alike for alike input.
    public var missingFieldHandler: MissingFieldHandler?

    /// A function from a field a record lacks to what it holds (``missingFieldHandler``).
    public typealias MissingFieldHandler = @Sendable (_ field: MissingField) -> MissingFieldValue?

    /// A configuration; every part has a default. A `defaultKey` of `nil` is ``typenameAndID(_:_:)``,
    /// which a publish then applies by reading the object's `id` alone, without making the object a
    /// `JSONObject` (a closure given here, even ``typenameAndID(_:_:)`` itself, gets the object).
    ///
    /// `keyFields` keys the records of each type it names by those fields' values instead of `id`, as a
    /// schema's `@typePolicy(keyFields:)` says (pass `Schema.keyFields`); a type `keyFunctions` names
    /// keeps its function (decision 0176).
    public init(
        keyFunctions: [String: KeyFunction] = [:], keyFields: [String: [String]] = [:],
        defaultKey: (@Sendable (_ typename: String, _ object: JSONObject) -> DataID?)? = nil,
        clock: @escaping @Sendable () -> WallInstant = StoreConfiguration.systemTime,
        maximumDepth: Int = 512, missingFieldHandler: MissingFieldHandler? = nil
    ) {
        self.missingFieldHandler = missingFieldHandler
        self.keyFunctions = Self.keyFunctions(keyFields: keyFields).merging(keyFunctions) { _, given in given }
        self.keyFieldLists = keyFields.filter { keyFunctions[$0.key] == nil }
        self.defaultKey = defaultKey ?? StoreConfiguration.typenameAndID
        self.defaultKeyIsTypenameAndID = defaultKey == nil
        self.clock = clock
        self.maximumDepth = maximumDepth
    }

    /// A key function per type of `keyFields`: `Type:value` for one key field and the values joined
    /// by `+` for several (`Book:978-3+2`), in the order given, as Apollo iOS writes its cache keys, so
    /// that IDs an app kept (in a deep link, a test) mean the same records. An object whose key field
    /// is absent, null, or not a scalar gets `nil`: a path-derived client ID under its parent, as an
    /// object without an `id` does.
    public static func keyFunctions(keyFields: [String: [String]]) -> [String: KeyFunction] {
        keyFields.reduce(into: [:]) { functions, entry in
            let (typename, fields) = entry
            functions[typename] = { object in keyFieldsID(typename, fields) { object[$0] } }
        }
    }

    /// `Type:v1+v2` from the values `member` gives for `fields`, or `nil` when one is absent, null
    /// or not a scalar: the one spelling of a key-field ID, for key functions and for the publish's
    /// direct read alike.
    @inline(__always)
    static func keyFieldsID(_ typename: String, _ fields: [String], member: (String) -> JSONValue?) -> DataID? {
        var id = typename
        id.append(":")
        for (index, field) in fields.enumerated() {
            if index > 0 { id.append("+") }
            switch member(field) {
            case .string(let value)?: id.append(value)
            case .int(let value)?: id.append(String(value))
            case .bigInt(let digits)?: id.append(digits)
            case .double(let value)?: id.append(String(value))
            case .bool(let value)?: id.append(value ? "true" : "false")
            default: return nil
            }
        }
        return DataID(id)
    }

    /// The device's wall clock, read through Foundation's `Date`: the default ``clock``. The runtime
    /// gives the store its own clock instead, so that staleness compares instants of one clock.
    @Sendable public static func systemTime() -> WallInstant { WallInstant(date: Date()) }

    /// `Type:id` from the object's `id` (a string or an integer), else `nil`.
    @Sendable public static func typenameAndID(_ typename: String, _ object: JSONObject) -> DataID? {
        typenameAndID(typename, id: object["id"])
    }

    static func typenameAndID(_ typename: String, id: JSONValue?) -> DataID? {
        switch id {
        case .string(let id)?: return DataID(typename + ":" + id)
        case .int(let id)?: return DataID(typename + ":" + String(id))
        case .bigInt(let digits)?: return DataID(typename + ":" + digits)
        default: return nil
        }
    }

    /// The data ID of `object` of type `typename`, or `nil`.
    @inlinable func dataID(typename: String, object: JSONObject) -> DataID? {
        // Most stores give no key function: then no typename is hashed per object.
        if !keyFunctions.isEmpty, let function = keyFunctions[typename] { return function(object) }
        return defaultKey(typename, object)
    }

    /// The data ID of a response object as ``dataID(typename:object:)`` gives it; the object is
    /// made a `JSONObject` only for a key function that takes one.
    func dataID<Input: NormalizerInput>(typename: String, input: Input) -> DataID? {
        if !keyFieldLists.isEmpty, let fields = keyFieldLists[typename] {
            return Self.keyFieldsID(typename, fields) { input.inputMember($0)?.materialized() }
        }
        if !keyFunctions.isEmpty, let function = keyFunctions[typename] { return function(input.keyObject()) }
        if defaultKeyIsTypenameAndID {
            return Self.typenameAndID(typename, id: input.inputMember("id")?.materialized())
        }
        return defaultKey(typename, input.keyObject())
    }
}
