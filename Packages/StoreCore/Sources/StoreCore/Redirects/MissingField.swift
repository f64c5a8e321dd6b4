import GraphQLCore

/// A field a read found absent from its record, as a ``StoreConfiguration/missingFieldHandler`` is
/// asked about it: Relay's missing field handlers, for what a schema's `@fieldPolicy` cannot say
/// (`node(id:)` with global IDs, a field of an interface or a union).
public struct MissingField: Sendable {
    /// The typename of the record that lacks the field, when it has one (the root record of a
    /// query has `Query`'s name only once a response wrote it).
    public let parentTypename: String?
    /// The field's schema name.
    public let name: String
    /// The field's arguments, variables substituted.
    public let arguments: JSONObject
    /// Whether the field selects subfields (it holds a record or a list of them), so that only a
    /// ``MissingFieldValue/record(_:)`` or ``MissingFieldValue/records(_:)`` answer can be read.
    public let isComposite: Bool

    /// A missing field; reads build them.
    public init(parentTypename: String?, name: String, arguments: JSONObject, isComposite: Bool) {
        self.parentTypename = parentTypename
        self.name = name
        self.arguments = arguments
        self.isComposite = isComposite
    }
}

/// What a ``StoreConfiguration/missingFieldHandler`` says an absent field holds.
public enum MissingFieldValue: Sendable, Hashable {
    /// The record with this ID: a read goes on into it (and finds data missing if the store lacks it).
    case record(DataID)
    /// These records, in order, for a list field.
    case records([DataID])
    /// A leaf value.
    case scalar(JSONValue)
}

extension Store {
    /// Whether the store's configuration has a ``StoreConfiguration/missingFieldHandler``: a reader of
    /// the store that drops a root's variables once its storage keys are resolved must keep them then,
    /// since the handler is given the fields' arguments.
    public var hasMissingFieldHandler: Bool { configuration.missingFieldHandler != nil }
}
