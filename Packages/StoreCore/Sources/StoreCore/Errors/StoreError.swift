import GraphQLCore

/// An error from writing a response into the store: the response does not fit its selection, is
/// nested deeper than the store accepts, or the record source cannot write it.
///
/// One struct with an extensible ``Code`` (the shape of `GraphQLCoreError`), so a new kind of
/// failure does not break a caller's `switch`. A response that fails is rejected whole: the store is
/// exactly as it was before the call.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, as logged.
        public let name: String

        /// A code with a stable name.
        public init(_ name: String) { self.name = name }

        /// A field the selection has is absent from the response object: one the app selected, or one
        /// the client added to what it sent (`__typename`, a key field), which the message says.
        public static let missingField = Code("missingField")
        /// A value has the wrong kind for its selection or its field's declared shape: a scalar where
        /// an object or a list of objects is selected, a list where the schema declares one value or
        /// the reverse, a value a built-in scalar does not serialize to (a string for an `Int`, an
        /// `Int` beyond 32 bits, a number for a `Boolean`), anything but a string for an enum.
        public static let typeMismatch = Code("typeMismatch")
        /// A null where the schema declares a non-null value: the field itself, or an item of a list
        /// whose items are non-null. Never a field error's doing: GraphQL nulls the nearest
        /// nullable parent of a failed non-null field instead, so the response breaks its schema.
        public static let unexpectedNull = Code("unexpectedNull")
        /// Objects or lists nest deeper than ``StoreConfiguration/maximumDepth``.
        public static let nestingTooDeep = Code("nestingTooDeep")
        /// The response's bytes are not one JSON text (RFC 8259, as `JSONReader` reads it, nesting at
        /// most 512 deep): thrown by ``Store/publish(dataJSON:to:)``, whose message gives the byte
        /// offset. The tree path never throws it: the caller's parse does, as `GraphQLCoreError`.
        public static let invalidJSON = Code("invalidJSON")
        /// The response's top level is not a JSON object.
        public static let notAnObject = Code("notAnObject")
        /// The record source could not write the batch (a persistent source's storage failed) and
        /// wrote none of it. Sources may use a more precise code of their own.
        public static let recordSourceFailed = Code("recordSourceFailed")
        /// A page of a `@connection` field cannot be merged into the list the store holds: its
        /// `pageInfo` contradicts itself (`hasNextPage` true with a null `endCursor`), two of its
        /// edges have one cursor or an edge has none, or it was asked for after (before) a cursor
        /// that is not the end (start) of the list the store holds, or for a list the store does
        /// not hold. Nothing of the response is written.
        public static let invalidConnectionPage = Code("invalidConnectionPage")
        /// An updater named a `@connection` list the store does not hold: no list is stored under
        /// the key (and filters) on the record given as the connection's parent. Usually the list
        /// lives on another record than the query root, and `parent:` must name it.
        public static let connectionNotFound = Code("connectionNotFound")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What went wrong, for a developer. Never holds a value from the response.
    public var message: String
    /// Where in the response it went wrong: response keys and list indices from the top, as a
    /// GraphQL error's `path` writes them, for example `["viewer", "friends", 3, "name"]`.
    public var path: [ResponsePathSegment]

    /// An error with a code, a message and the response path.
    public init(_ code: Code, _ message: String, path: [ResponsePathSegment] = []) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// `code at a.b.3: message`.
    public var description: String {
        let place = path.isEmpty ? "" : " at " + path.map(\.description).joined(separator: ".")
        return "\(code)\(place): \(message)"
    }

    /// The same error with `component` put in front of its path, as the error travels up.
    func prefixed(_ component: ResponsePathSegment) -> StoreError {
        var error = self
        error.path.insert(component, at: 0)
        return error
    }
}
