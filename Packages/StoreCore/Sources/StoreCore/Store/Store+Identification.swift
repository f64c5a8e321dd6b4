import GraphQLCore

extension Store {
    /// The data ID the store gives an object of type `typename` with these fields (response keys),
    /// by its key functions (``StoreConfiguration``), or `nil` when they give it none: for finding an
    /// entity's record from its key, as a fragment handle does.
    public func dataID(typename: String, object: JSONObject) -> DataID? {
        configuration.dataID(typename: typename, object: object)
    }
}
