/// How ``CompiledDocument`` shapes the selections it compiles.
public struct CompilationOptions: Sendable, Hashable {
    /// The fields that identify an object of a type, by type name, for types whose key is not
    /// ``defaultKeyFields`` (for example `["Product": ["sku"]]`). Each key field the type has is
    /// added to every selection on that type, so that the store can always normalize it.
    public var keyFields: [String: [String]]
    /// The key fields of every type not named in ``keyFields``; `["id"]` unless told otherwise.
    public var defaultKeyFields: [String]

    /// Options with per-type key fields and the key fields of every other type.
    public init(keyFields: [String: [String]] = [:], defaultKeyFields: [String] = ["id"]) {
        self.keyFields = keyFields
        self.defaultKeyFields = defaultKeyFields
    }

    /// These options with the schema's `@typePolicy` key fields for every type they do not name.
    func addingKeyFields(of schema: Schema) -> CompilationOptions {
        guard !schema.keyFields.isEmpty else { return self }
        var options = self
        options.keyFields = schema.keyFields.merging(keyFields) { _, given in given }
        return options
    }

    /// The key fields of `typeName`.
    func keyFields(of typeName: String) -> [String] {
        keyFields[typeName] ?? defaultKeyFields
    }
}
