import GraphQLCore

/// One GraphQL request as a transport receives it: what to send, and how to send it.
///
/// A value with no behaviour, so that decorators and test transports can record, compare and
/// rewrite requests. Make one from a `GraphQLOperation` with ``init(_:extensions:headers:)``.
public struct GraphQLRequest: Sendable, Hashable {
    /// The document text to send (for a `GraphQLOperation`, its `text`: client directives removed).
    public var text: String
    /// The operation to run when the text holds several; `nil` when it holds exactly one.
    public var operationName: String?
    /// Query, mutation or subscription: decides the HTTP method allowed and how many responses come.
    public var kind: OperationKind
    /// The variables, already coerced.
    public var variables: JSONObject
    /// The request's `extensions` entry (for example a persisted-query hash); empty sends none.
    public var extensions: JSONObject
    /// Headers for this request only; they override the transport's headers of the same name.
    public var headers: [String: String]
    /// Whether the text has a `@defer` or `@stream` that can apply, so the answer may come in parts:
    /// ``HTTPTransport`` then accepts `multipart/mixed` and streams the parts.
    public var usesIncrementalDelivery: Bool
    /// The files to send, each with its place in ``variables`` (which hold `null` there): when there
    /// are any, ``HTTPTransport`` sends a GraphQL multipart request.
    public var uploads: [UploadPlacement] = []

    /// A request from its parts.
    public init(
        text: String, operationName: String? = nil, kind: OperationKind = .query, variables: JSONObject = [:],
        extensions: JSONObject = [:], headers: [String: String] = [:], usesIncrementalDelivery: Bool = false
    ) {
        self.usesIncrementalDelivery = usesIncrementalDelivery
        self.text = text
        self.operationName = operationName
        self.kind = kind
        self.variables = variables
        self.extensions = extensions
        self.headers = headers
    }

    /// The request that runs `operation` with its variables.
    public init(_ operation: GraphQLOperation, extensions: JSONObject = [:], headers: [String: String] = [:]) {
        self.init(
            text: operation.text, operationName: operation.name, kind: operation.kind, variables: operation.variables,
            extensions: extensions, headers: headers, usesIncrementalDelivery: operation.usesIncrementalDelivery)
        self.uploads = operation.uploads
    }

    /// The identity a `GraphQLOperation` with this text and these variables has: lets test transports
    /// match a request to the operation it came from.
    public var identity: OperationIdentity { OperationIdentity(text: text, variables: variables) }
}
