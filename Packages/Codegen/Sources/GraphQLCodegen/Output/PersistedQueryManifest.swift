import GraphQLCore

/// The operations the generator wrote, as a persisted query manifest in the JSON format of Apollo's
/// (`apollo-persisted-query-manifest`, version 1), so that the tools that register manifests with a
/// safelisting server read it as they read Apollo's.
///
/// Each operation's ID is the SHA-256 of the text it sends, in lowercase hex: the generated type's
/// `textDigest`, and what `HTTPTransport` sends in its persisted-operation modes.
public struct PersistedQueryManifest: Sendable, Hashable {
    /// One operation of the manifest.
    public struct Operation: Sendable, Hashable {
        /// The SHA-256 of ``body``, in lowercase hex.
        public var id: String
        /// The operation's name.
        public var name: String
        /// `query`, `mutation` or `subscription`.
        public var type: String
        /// The text the client sends for it, byte for byte.
        public var body: String

        /// An operation whose ID is the SHA-256 of `body`.
        public init(name: String, type: String, body: String) {
            self.id = DocumentDigest.sha256Hex(body)
            self.name = name
            self.type = type
            self.body = body
        }
    }

    /// The operations, by name (and ID for two of one name), whatever order the documents came in.
    public let operations: [Operation]

    /// A manifest of `operations`.
    public init(operations: [Operation]) {
        self.operations = operations.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
    }

    /// The manifest's JSON text: members in a fixed order, two spaces a level, a newline at the end.
    /// The same operations give the same bytes.
    public var json: String {
        var lines = ["{", "  \"format\": \"apollo-persisted-query-manifest\",", "  \"version\": 1,"]
        if operations.isEmpty {
            lines.append("  \"operations\": []")
        } else {
            lines.append("  \"operations\": [")
            for (index, operation) in operations.enumerated() {
                lines.append("    {")
                lines.append("      \"id\": \(Self.quoted(operation.id)),")
                lines.append("      \"name\": \(Self.quoted(operation.name)),")
                lines.append("      \"type\": \(Self.quoted(operation.type)),")
                lines.append("      \"body\": \(Self.quoted(operation.body))")
                lines.append(index == operations.count - 1 ? "    }" : "    },")
            }
            lines.append("  ]")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a JSON string literal.
    private static func quoted(_ text: String) -> String { JSONValue.string(text).serializedString() }
}
