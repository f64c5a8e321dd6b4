import Foundation
@_spi(Runtime) import GraphQLCore

/// One GraphQL response: the `data` the server computed, the `errors` it reported, and its `extensions`.
///
/// A response with errors, and even one with errors and no data, is still a response: the server
/// understood the request and answered. Only a failure to get an answer at all is a thrown
/// ``TransportError``.
///
/// A response read from its JSON text (``init(parsing:)``, as ``HTTPTransport`` reads every answer in
/// one piece) keeps the text of `data` rather than a tree of it: ``dataJSON`` hands those bytes to a
/// store that normalizes from bytes, and ``data`` parses them when read. The text was checked whole
/// when the response was read, so that parse cannot fail.
public struct GraphQLResponse: Sendable, Hashable {
    /// `data` as a parsed value, when the response holds no text of it.
    private var parsedData: JSONValue?
    /// The JSON text of `data`: the whole body and the range of the member's value, checked.
    private var dataText: (body: Data, range: Range<Data.Index>)?
    /// The text of `data` with the tape its check built, when the body was small enough for one.
    private var checkedText: JSONText?

    /// The result; `nil` when the response had no `data` entry, `.null` when it was `null`.
    ///
    /// For a response read from its text, each read parses ``dataJSON``: keep the value when it is
    /// read more than once. Setting it drops the text.
    public var data: JSONValue? {
        get {
            guard let dataText else { return parsedData }
            // Checked by the same reader when the response was read, and a member's text is one level
            // less deep than it was there, so this read cannot fail.
            return try? JSONReader().read(dataText.body[dataText.range])
        }
        set {
            parsedData = newValue
            dataText = nil
            checkedText = nil
        }
    }

    /// The JSON text of ``data`` as the server sent it, when the response was read from its text and
    /// `data` is an object that has not been set since; `nil` otherwise. The runtime hands it to
    /// `Store.publish(dataJSON:to:)`, so no tree of the answer is built.
    public var dataJSON: Data? { dataText.map { $0.body[$0.range] } }

    /// ``dataJSON`` with the tape of its tokens, built while the response was read: the runtime hands
    /// it to the store, which normalizes from the tape without scanning the bytes again. `nil` when
    /// ``dataJSON`` is, and for a body too large for a tape.
    @_spi(Runtime) public var checkedDataJSON: JSONText? { checkedText }

    /// Whether ``data`` is an object, the answer to the operation: neither absent nor `null`. Known
    /// without parsing the text.
    public var hasData: Bool {
        if dataText != nil { return true }
        guard let parsedData else { return false }
        return !parsedData.isNull
    }

    /// The errors the server reported, in order.
    public var errors: [GraphQLServerError]
    /// The response's `extensions` entry.
    public var extensions: JSONObject
    /// Whether more parts of this answer follow (incremental delivery, `@defer`/`@stream`): `true` on
    /// the initial part and on each later part but the last; `false` for an answer in one piece.
    public var hasNext: Bool
    /// What a later part of an incremental answer adds, in the order the server sent it: deferred
    /// fields and streamed list items, each at its path from the operation's root. Empty for an answer
    /// in one piece and for the initial part, whose ``data`` is the first tree.
    public var increments: [GraphQLIncrement]
    /// What the HTTP answer's `Cache-Control` header said, when a transport over HTTP read one; `nil`
    /// otherwise. Not part of equality: it is how the answer came, not what it says.
    public var cacheControl: CacheControl?

    /// A response from its parts.
    public init(
        data: JSONValue? = nil, errors: [GraphQLServerError] = [], extensions: JSONObject = [:],
        hasNext: Bool = false, increments: [GraphQLIncrement] = []
    ) {
        self.parsedData = data
        self.errors = errors
        self.extensions = extensions
        self.hasNext = hasNext
        self.increments = increments
    }

    /// A response whose `data` is the object at `range` of `body`, already checked as JSON.
    init(
        body: Data, dataRange: Range<Data.Index>, checked: JSONText?, errors: [GraphQLServerError],
        extensions: JSONObject
    ) {
        self.init(errors: errors, extensions: extensions)
        dataText = (body, dataRange)
        checkedText = checked
    }

    /// Equal when the parts are: `data` is compared as a value, whether it is held as text or not.
    public static func == (lhs: GraphQLResponse, rhs: GraphQLResponse) -> Bool {
        lhs.errors == rhs.errors && lhs.extensions == rhs.extensions && lhs.hasNext == rhs.hasNext
            && lhs.increments == rhs.increments && lhs.data == rhs.data
    }

    /// Hashes the parts as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(data)
        hasher.combine(errors)
        hasher.combine(extensions)
        hasher.combine(hasNext)
        hasher.combine(increments)
    }
}
