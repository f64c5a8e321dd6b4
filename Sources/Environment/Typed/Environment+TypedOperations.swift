import Foundation
import GraphQLCore
import StoreCore

extension GraphQLEnvironment {
    /// Attaches a generated operation (`graphql-codegen`): `environment.attach(FeedQuery(first: 10))`.
    /// The handle's phase carries `Operation.Data`, decoded once per change of the phase.
    ///
    /// The operation's text is compiled against the environment's schema once per type; each call
    /// encodes the variables and attaches as ``attach(_:policy:)-(GraphQLOperation,_)`` does, so a typed and an untyped
    /// attach of the same operation and variables share one root and one fetch. Each reads its own
    /// document's fields: the generated `Data` has the fields the compiler adds (`__typename`, `id`),
    /// and the untyped handle's snapshot leaves them out, whichever attached first.
    ///
    /// Throws `GraphQLCoreError` when the text does not compile against this environment's schema
    /// (the operation was generated from another schema) or a variable does not fit, and the
    /// encoder's error when the variables cannot be encoded. Nothing is sent when it throws.
    public func attach<Operation: GraphQLTypedOperation>(
        _ operation: Operation, policy: FetchPolicy = .storeOrNetwork
    ) throws -> TypedHandle<Operation.Data> {
        attach(try compiled(operation), as: Operation.Data.self, policy: policy)
    }

    /// Sends a generated mutation as ``commit(_:optimisticResponse:updater:)-(GraphQLOperation,_,_)`` does and returns its
    /// data typed once it is written.
    @discardableResult
    public func commit<Operation: GraphQLTypedOperation>(
        _ mutation: Operation, optimisticResponse: JSONValue? = nil,
        updater: (@Sendable (_ transaction: inout StoreTransaction, _ data: JSONValue) throws -> Void)? = nil
    ) async throws -> Operation.Data {
        try await commit(
            try compiled(mutation), as: Operation.Data.self, optimisticResponse: optimisticResponse, updater: updater)
    }

    /// Streams a generated subscription as ``subscribe(_:errorPolicy:)-(GraphQLOperation,_)`` does; read its events typed
    /// with `events(as: Operation.Data.self)`.
    public func subscribe<Operation: GraphQLTypedOperation>(
        _ operation: Operation, errorPolicy: GraphQLSubscription.ErrorPolicy = .endStream
    ) throws -> GraphQLSubscription {
        subscribe(try compiled(operation), errorPolicy: errorPolicy)
    }

    /// The untyped operation of `operation`: its type's compiled document, its variables encoded.
    /// A screen attaches the same few operations again and again, so the operations are kept by their
    /// variables, and such an attach costs a lookup, not an encoding.
    func compiled<Operation: GraphQLTypedOperation>(_ operation: Operation) throws -> GraphQLOperation {
        let type = ObjectIdentifier(Operation.self)
        let variables = operation.variables
        let (known, document) = typedOperations.withLock { cache in
            cache.operation(of: type, for: variables).map { ($0, nil) } ?? (nil, cache.documents[type])
        }
        if let known { return known }
        let compiledDocument: CompiledDocument
        if let document {
            compiledDocument = document
        } else {
            // The client text keeps `@connection`; it compiles to the same sent text.
            compiledDocument = try CompiledDocument(text: Operation.clientText ?? Operation.text, schema: schema)
            typedOperations.withLock { $0.documents[type] = compiledDocument }
        }
        let uploads = UploadCollector()
        var made = try compiledDocument.operation(
            named: Operation.operationName, variables: try Self.encode(operation.variables, uploads: uploads)
        )
        .placingUploads(uploads.uploads)
        // A client directive, so not in the text: the generator keeps it beside.
        made.cacheExpiration = Operation.cacheExpiration
        // An operation with files is sent once; keeping it would keep its bytes.
        if made.uploads.isEmpty { typedOperations.withLock { $0.remember(made, of: type, for: variables) } }
        return made
    }

    /// Variables as the request's `variables` object. Through `JSONEncoder`, whose keyed containers
    /// leave out an absent `GraphQLNullable` input; their text is small. Each `Upload` met goes to
    /// `uploads` and leaves its place-holder.
    private static func encode(_ variables: some Encodable, uploads: UploadCollector) throws -> JSONObject {
        let encoder = JSONEncoder()
        encoder.userInfo[UploadCollector.userInfoKey] = uploads
        let bytes = try encoder.encode(variables)
        guard case .object(let object) = try JSONValue(parsing: bytes) else {
            throw GraphQLCoreError(.invalidVariable, "The operation's variables do not encode as a JSON object.")
        }
        return object
    }
}
