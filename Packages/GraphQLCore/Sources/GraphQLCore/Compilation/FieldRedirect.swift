/// Where a field's value lies when the store already holds it under another path: the record (or the
/// records, in order) its key arguments name, as a schema's `@fieldPolicy(forField:keyArgs:)` says.
///
/// `book(isbn: "B7")` on `Query` with `@fieldPolicy(forField: "book", keyArgs: "isbn")` reads the `Book`
/// whose key field has the value `"B7"`, which a list screen may have written, instead of asking the
/// server. A read follows the redirect only when the parent record lacks the field: once a response
/// has written the field, the link it wrote is the server's word and wins.
public struct FieldRedirect: Sendable, Hashable {
    /// The object type of the record (or records) the field names.
    public let typename: String
    /// The fields that identify a record of ``typename`` (its `@typePolicy` key fields, else `id`),
    /// which take the key arguments' values in order.
    public let keyFields: [String]
    /// The field's arguments that name the record, in the order of ``keyFields``.
    public let keyArguments: [String]
    /// The key argument whose list value names one record per item, for a field whose type is a list;
    /// `nil` for a field that names one record.
    public let listArgument: String?

    /// A redirect; the schema builds them from `@fieldPolicy` and checks that they fit the field.
    public init(typename: String, keyFields: [String], keyArguments: [String], listArgument: String? = nil) {
        self.typename = typename
        self.keyFields = keyFields
        self.keyArguments = keyArguments
        self.listArgument = listArgument
    }

    /// The key objects (key field to value) of the records the field names with these arguments:
    /// one for a field of one record, one per item of the list argument otherwise. `nil` when a key
    /// argument is absent, null or not a scalar, or the list argument is not a list: then nothing is
    /// named, and a read finds the field missing as it would without a policy.
    public func keyObjects(arguments: [CompiledArgument], variables: JSONObject) -> [JSONObject]? {
        var values: [String: JSONValue] = [:]
        for name in keyArguments {
            guard let argument = arguments.first(where: { $0.name == name }),
                let value = argument.value.resolved(variables: variables)
            else { return nil }
            values[name] = value
        }
        guard let listArgument else {
            return Self.keyObject(keyFields, keyArguments, values).map { [$0] }
        }
        guard case .array(let items)? = values[listArgument] else { return nil }
        var objects: [JSONObject] = []
        objects.reserveCapacity(items.count)
        for item in items {
            values[listArgument] = item
            guard let object = Self.keyObject(keyFields, keyArguments, values) else { return nil }
            objects.append(object)
        }
        return objects
    }

    private static func keyObject(
        _ keyFields: [String], _ keyArguments: [String], _ values: [String: JSONValue]
    ) -> JSONObject? {
        var object = JSONObject(minimumCapacity: keyFields.count)
        for (field, argument) in zip(keyFields, keyArguments) {
            switch values[argument] {
            case .string?, .int?, .bigInt?, .double?, .bool?: object[field] = values[argument]
            default: return nil
            }
        }
        return object
    }
}
