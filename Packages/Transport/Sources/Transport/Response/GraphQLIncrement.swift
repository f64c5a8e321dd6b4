import GraphQLCore

/// What one later part of an incremental answer adds at one place: the fields of a `@defer`
/// fragment, or the next items of a `@stream` list.
///
/// The path is resolved by the transport from the part's `id` and the `pending` entry that announced
/// it (the `incrementalSpec=v0.2` format), so a caller never sees the ids.
public struct GraphQLIncrement: Sendable, Hashable {
    /// What the part carries.
    public enum Payload: Sendable, Hashable {
        /// A deferred fragment's fields, to merge into the object at ``GraphQLIncrement/path``.
        case fields(JSONObject)
        /// Streamed items, to append to the list at ``GraphQLIncrement/path``.
        case items([JSONValue])
    }

    /// Where it goes, from the operation's root: the object for `fields`, the list for
    /// `items`.
    public var path: [ResponsePathSegment]
    /// The fields or the items.
    public var payload: Payload
    /// The `label` of the `@defer` or `@stream` it answers, when it had one.
    public var label: String?

    /// An increment from its parts.
    public init(path: [ResponsePathSegment], payload: Payload, label: String? = nil) {
        self.path = path
        self.payload = payload
        self.label = label
    }
}
