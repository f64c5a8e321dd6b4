/// A call on a ``Handle`` (or a ``PagedHandle``) that the handle cannot serve: it was released, its
/// policy does not allow the network, or it has no page to ask for. Nothing was sent and the store is
/// as it was.
public struct HandleError: Error, Sendable, CustomStringConvertible {
    /// What kind of refusal this is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name.
        public let name: String

        /// A code with a stable name.
        public init(_ name: String) { self.name = name }

        /// The handle was released (``Handle/release()``) before or while the call waited.
        public static let released = Code("released")
        /// The handle was attached `storeOnly`, which never fetches: ``Handle/refetch()`` refuses.
        public static let storeOnly = Code("storeOnly")
        /// The operation has no `@connection` to page (or several, or one inside a list), or its
        /// connection does not pass the paging arguments a page needs (`first` and `after`, or
        /// `last` and `before`) as variables: ``GraphQLEnvironment/attachPaged(_:policy:)-(GraphQLOperation,_)`` and the page
        /// loads refuse.
        public static let notPaged = Code("notPaged")
        /// A page was asked for before the handle showed the list it would follow.
        public static let notLoaded = Code("notLoaded")
        /// A page of no edges, or of a negative count, was asked for.
        public static let invalidPageCount = Code("invalidPageCount")
        /// A fragment handle that may fetch was asked for, and the schema has no `node(id:)` field on
        /// its query root to fetch one record by (or the environment has no schema): attach it
        /// `storeOnly`, or serve Relay's `node` field.
        public static let notRefetchable = Code("notRefetchable")
        /// The handle's data does not decode into the type a ``TypedHandle`` reads it as (a
        /// hand-written model that does not match its document, or a generated one used with another
        /// document). The message names the path and what was expected there.
        public static let dataMismatch = Code("dataMismatch")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of refusal this is.
    public var code: Code
    /// The operation's name, when it has one.
    public var operationName: String?
    /// What was refused and why, for a developer.
    public var message: String

    /// An error from its parts.
    public init(_ code: Code, operationName: String?, message: String) {
        self.code = code
        self.operationName = operationName
        self.message = message
    }

    /// `code in Name: message`.
    public var description: String { "\(code) in \(operationName ?? "an unnamed operation"): \(message)" }
}
