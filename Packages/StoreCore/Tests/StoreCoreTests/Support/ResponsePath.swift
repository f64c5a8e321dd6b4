import GraphQLCore

/// A response path written as strings, list indices as digits, in the typed form `StoreError.path` has.
func responsePath(_ path: [String]) -> [ResponsePathSegment] {
    path.map { component in Int(component).map(ResponsePathSegment.index) ?? .key(component) }
}
