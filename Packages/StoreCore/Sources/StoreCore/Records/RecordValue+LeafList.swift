import GraphQLCore

extension RecordValue {
    /// For a list of leaves kept with its items' field errors (``RecordValue/links(_:)`` of scalars,
    /// nulls, errors and such lists, decision 0218): the list as JSON, `null` at each error, and each
    /// error with its steps below the field. `nil` for a value that links to a record.
    var leafList: (json: JSONValue, errors: [(steps: [ResponsePathSegment], error: FieldError)])? {
        var errors: [(steps: [ResponsePathSegment], error: FieldError)] = []
        var steps: [ResponsePathSegment] = []
        func json(_ value: RecordValue) -> JSONValue? {
            switch value {
            case .null: return .null
            case .scalar(let scalar): return scalar
            case .fieldError(let error):
                errors.append((steps, error))
                return .null
            case .link: return nil
            case .links(let items):
                var array: [JSONValue] = []
                array.reserveCapacity(items.count)
                for (index, item) in items.enumerated() {
                    steps.append(.index(index))
                    defer { steps.removeLast() }
                    guard let element = json(item) else { return nil }
                    array.append(element)
                }
                return .array(array)
            }
        }
        guard case .links = self, let list = json(self) else { return nil }
        return (list, errors)
    }
}
