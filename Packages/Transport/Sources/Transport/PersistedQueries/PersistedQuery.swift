import GraphQLCore

/// Automatic persisted queries (Apollo's protocol): the request carries the SHA-256 of its text in
/// `extensions.persistedQuery`; the text itself is sent only when the server asks for it.
enum PersistedQuery {
    /// How much of a request goes out in one attempt.
    enum Attempt: Sendable, Equatable {
        /// The text, no hash: persisted queries are off, or the server does not support them.
        case textOnly
        /// The hash alone; the server answers from its cache or with `PersistedQueryNotFound`.
        case hashOnly(String)
        /// The hash and the text, after `PersistedQueryNotFound`, so the server can store it.
        case hashAndText(String)
    }

    /// The attempt a request goes with in `mode` when nothing is known of the server yet: its ID
    /// alone, or its text.
    static func firstAttempt(for request: GraphQLRequest, mode: PersistedOperationMode) -> Attempt {
        mode == .off ? .textOnly : .hashOnly(request.persistedID)
    }

    /// The `extensions.persistedQuery` entry for `hash`.
    static func extensionEntry(hash: String) -> JSONValue {
        ["version": 1, "sha256Hash": .string(hash)]
    }

    /// Whether `response` says the server does not have the text for the hash it was sent.
    static func isNotFound(_ response: GraphQLResponse) -> Bool {
        response.errors.contains { error in
            error.message == "PersistedQueryNotFound" || error.extensions["code"] == "PERSISTED_QUERY_NOT_FOUND"
        }
    }

    /// Whether `response` says the server does not do persisted queries at all.
    static func isNotSupported(_ response: GraphQLResponse) -> Bool {
        response.errors.contains { error in
            error.message == "PersistedQueryNotSupported" || error.extensions["code"] == "PERSISTED_QUERY_NOT_SUPPORTED"
        }
    }
}

extension GraphQLRequest {
    /// The request's persisted-operation ID: the SHA-256 of its text, in lowercase hex, as automatic
    /// persisted queries send it and the generator's manifest registers it.
    var persistedID: String { DocumentDigest.sha256Hex(text) }
}
