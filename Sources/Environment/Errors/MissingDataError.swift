import GraphQLCore
import StoreCore

/// A handle's root reads data the store does not have, and no fetch is going to bring it: a
/// `storeOnly` attach without complete data, or a root whose own fetch answered without it.
///
/// The handle becomes `loaded` as soon as any write completes the data (another operation's
/// response, a heal after the store changes again).
public struct MissingDataError: Error, Sendable, CustomStringConvertible {
    /// What kind of missing data this is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, as logged.
        public let name: String

        /// A code with a stable name.
        public init(_ name: String) { self.name = name }

        /// The handle's policy does not fetch (`storeOnly`) and the store lacks some of the data.
        public static let notInStore = Code("notInStore")
        /// The root's own fetch answered and the data is still missing: the response lacked a field
        /// of the selection, one the app selected or one the client added to what it sent such as
        /// `__typename` or `id` (the store refused it whole, see ``underlying``), or left the root
        /// incomplete.
        public static let notInResponse = Code("notInResponse")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of missing data this is.
    public var code: Code
    /// The operation's name, when it has one.
    public var operationName: String?
    /// What is missing, for a developer; never holds a value from a response.
    public var message: String
    /// The store's refusal of the response, when the response lacked a selected field.
    public var underlying: StoreError?

    /// An error from its parts.
    public init(_ code: Code, operationName: String?, message: String, underlying: StoreError? = nil) {
        self.code = code
        self.operationName = operationName
        self.message = message
        self.underlying = underlying
    }

    /// `missing data (code) in Name: message`.
    public var description: String {
        "missing data (\(code)) in \(operationName ?? "an unnamed operation"): \(message)"
    }
}
