import GraphQLCore
import StoreCore

extension GraphQLEnvironment {
    /// Attaches the fragment a masked parent handed over: the cell reads its own object's record
    /// through the fragment, typed, as ``attach(fragment:in:typename:id:policy:)`` does untyped.
    ///
    /// The parent's data holds the reference (`GraphQLFragmentReference`) instead of the fields only
    /// the fragment selects, so a parent re-renders for its own fields and each cell for its own.
    /// Throws as ``attach(fragment:in:typename:id:policy:)`` does; nothing is sent when it throws.
    public func attach<Fragment: GraphQLTypedFragment>(
        _ reference: GraphQLFragmentReference<Fragment>, policy: FetchPolicy = .storeOrNetwork
    ) throws -> TypedHandle<Fragment.Data> {
        try attach(Fragment.self, typename: reference.typename, id: reference.id, policy: policy)
    }

    /// Attaches the generated fragment `fragment` on the object of type `typename` (the fragment's
    /// type condition when `nil`) whose key is `id`: `environment.attach(UserCellFragment.self, id: "1")`.
    ///
    /// The fragment's text is compiled against the environment's schema once per type. Throws
    /// `GraphQLCoreError` when it does not compile (the fragment was generated from another schema),
    /// and as ``attach(fragment:in:typename:id:policy:)`` does otherwise; nothing is sent when it
    /// throws.
    public func attach<Fragment: GraphQLTypedFragment>(
        _ fragment: Fragment.Type, typename: String? = nil, id: String, policy: FetchPolicy = .storeOrNetwork
    ) throws -> TypedHandle<Fragment.Data> {
        let document = try compiledFragments(of: Fragment.self)
        let handle = try attach(
            fragment: Fragment.fragmentName, in: document, typename: typename ?? Fragment.typeCondition, id: id,
            policy: policy)
        return TypedHandle(handle: handle)
    }

    /// The document of `Fragment`'s text: its definition and those it spreads, compiled once per type
    /// because every cell of a list attaches the same fragment.
    private func compiledFragments<Fragment: GraphQLTypedFragment>(of _: Fragment.Type) throws -> CompiledDocument {
        let type = ObjectIdentifier(Fragment.self)
        if let known = typedOperations.withLock({ $0.documents[type] }) { return known }
        let document = try CompiledDocument(text: Fragment.text, schema: schema)
        typedOperations.withLock { $0.documents[type] = document }
        return document
    }
}
