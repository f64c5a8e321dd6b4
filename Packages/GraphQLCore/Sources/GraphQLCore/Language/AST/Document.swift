/// A parsed GraphQL document: executable definitions, type-system definitions, or both.
public struct Document: Sendable, Hashable {
    /// The definitions in source order.
    public var definitions: [Definition]

    /// A document from its definitions.
    public init(definitions: [Definition]) { self.definitions = definitions }

    /// The operation definitions, in order.
    public var operations: [OperationDefinition] {
        definitions.compactMap { if case .operation(let operation) = $0 { operation } else { nil } }
    }

    /// The fragment definitions, in order.
    public var fragments: [FragmentDefinition] {
        definitions.compactMap { if case .fragment(let fragment) = $0 { fragment } else { nil } }
    }
}

/// One top-level definition of a document.
public enum Definition: Sendable, Hashable {
    /// `query`, `mutation`, `subscription`, or a `{ ... }` shorthand query.
    case operation(OperationDefinition)
    /// `fragment Name on Type { ... }`.
    case fragment(FragmentDefinition)
    /// `schema { query: Q ... }`.
    case schema(SchemaDefinition)
    /// `extend schema ...`.
    case schemaExtension(SchemaDefinition)
    /// A type definition (`type`, `interface`, `union`, `enum`, `input`, `scalar`).
    case type(TypeDefinition)
    /// `extend type ...` and the other type extensions.
    case typeExtension(TypeDefinition)
    /// `directive @name(...) repeatable on ...`.
    case directive(DirectiveDefinition)
}
