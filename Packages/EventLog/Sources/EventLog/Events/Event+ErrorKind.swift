extension Event {
    /// What kind of failure ended a fetch: a fixed code, never the error's message.
    ///
    /// A struct over a closed set of codes, so that a new kind does not break a caller's `switch`,
    /// and no initializer takes text: a server's message cannot become an error kind.
    public struct ErrorKind: Sendable, Hashable, CustomStringConvertible {
        enum Code: String, Sendable, Hashable {
            case transport, timeout, cancelled, httpStatus, invalidResponse, graphQLErrors, missingData
            case invalidOperation, other
        }

        let code: Code

        /// For ``httpStatus(_:)``: the status code (100 to 599); otherwise `nil`.
        public let status: Int?

        private init(_ code: Code, status: Int? = nil) {
            self.code = code
            self.status = status
        }

        /// The connection failed or dropped.
        public static let transport = ErrorKind(.transport)
        /// The request took longer than its timeout.
        public static let timeout = ErrorKind(.timeout)
        /// The fetch was cancelled.
        public static let cancelled = ErrorKind(.cancelled)
        /// The response was not JSON, not a GraphQL response, or did not match the selection.
        public static let invalidResponse = ErrorKind(.invalidResponse)
        /// The server answered with GraphQL `errors` and no usable `data`.
        public static let graphQLErrors = ErrorKind(.graphQLErrors)
        /// The response left the root with missing data.
        public static let missingData = ErrorKind(.missingData)
        /// The operation or its variables were refused before a request was sent.
        public static let invalidOperation = ErrorKind(.invalidOperation)
        /// Any other failure.
        public static let other = ErrorKind(.other)

        /// The server answered with an HTTP status that is not success. A status outside 100...599 is
        /// recorded as ``other``.
        public static func httpStatus(_ status: Int) -> ErrorKind {
            (100...599).contains(status) ? ErrorKind(.httpStatus, status: status) : .other
        }

        /// The code's stable name, as sinks write it (`timeout`, `httpStatus`, ...).
        public var name: String { code.rawValue }

        /// The name, with the status for ``httpStatus(_:)`` (`httpStatus(503)`).
        public var description: String {
            guard let status else { return name }
            return "\(name)(\(status))"
        }
    }
}
