import GraphQLCore

extension ResponseNormalizer {
    /// A list of leaves with the field errors at its `null` items: the list as ``RecordValue/links(_:)``
    /// of its items (``RecordValue/scalar(_:)``, ``RecordValue/null``, ``RecordValue/fieldError(_:)``,
    /// a nested list likewise) when an error is stored at an item, else `value` as it was (one JSON
    /// value, the format of every list of leaves without errors). Decision 0218.
    @inline(never)
    mutating func withItemErrors(_ value: RecordValue, at node: Int32) -> RecordValue {
        guard case .scalar(.array(let items)) = value else { return value }
        var stored = false
        var result: [RecordValue] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let child = errorPaths.child(node, .index(index))
            if child == FieldErrorPaths.none {
                result.append(item == .null ? .null : .scalar(item))
            } else if item == .null, let error = errorPaths.take(at: child) {
                result.append(.fieldError(error))
                stored = true
            } else if item == .null {
                result.append(.null)
            } else {
                let inner = withItemErrors(.scalar(item), at: child)
                if case .links = inner { stored = true }
                result.append(inner)
            }
        }
        return stored ? .links(result) : value
    }
}
