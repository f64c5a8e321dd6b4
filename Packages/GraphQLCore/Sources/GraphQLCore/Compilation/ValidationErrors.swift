/// Folds a document's validation errors into the one error a typed `throws(GraphQLCoreError)` can
/// throw, losing none of them.
enum ValidationErrors {
    /// The validation errors of `document`, except "unused fragment" in a document without operations:
    /// a file of fragments is compiled to read those fragments from records, not to be sent.
    static func errors(of document: Document, against schema: Schema) -> [GraphQLCoreError] {
        let errors = validate(document, against: schema)
        guard document.operations.isEmpty else { return errors }
        return errors.filter { $0.rule != "NoUnusedFragmentsRule" }
    }

    /// `nil` for no errors; the error itself for one; for several, an error with the first one's code
    /// and rule, every location, and one line per error (`line:column: message`) in the order found.
    static func combined(_ errors: [GraphQLCoreError]) -> GraphQLCoreError? {
        guard let first = errors.first else { return nil }
        if errors.count == 1 { return first }
        let lines = errors.map { error in
            let place = error.locations.map(\.description).joined(separator: ", ")
            return place.isEmpty ? error.message : "\(place): \(error.message)"
        }
        return GraphQLCoreError(
            first.code, "\(errors.count) errors:\n" + lines.joined(separator: "\n"),
            locations: errors.flatMap(\.locations), rule: first.rule)
    }
}
