import GraphQLCore

extension GraphQLEnvironment {
    /// Attaches `operation` as ``attach(_:policy:)-(GraphQLOperation,_)`` does and reads its data as `type`: the handle's
    /// phase carries the decoded data, decoded once per change of the phase rather than on every read.
    ///
    /// `type`'s coding keys are the response keys of the app's document (aliases where it has them);
    /// fields the document does not select are not in the data, even when the sent text adds them
    /// (`__typename`, `id`).
    public func attach<Data: Decodable & Sendable>(
        _ operation: GraphQLOperation, as type: Data.Type, policy: FetchPolicy = .storeOrNetwork
    ) -> TypedHandle<Data> {
        TypedHandle(handle: attach(operation, policy: policy))
    }
}
