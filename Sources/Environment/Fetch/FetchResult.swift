@_spi(Runtime) import Scheduling
import StoreCore
import Transport

/// How one request ended, before the runtime records it.
enum FetchResult: Sendable {
    /// The response's data was written; `serverErrors` came with it. `snapshot` is the root's
    /// snapshot the write reported (`PublishReport.snapshot`), when it changed what the root reads.
    case published(recordsChanged: Int, serverErrors: [GraphQLServerError], snapshot: Snapshot? = nil)
    /// No data was written: a ``FetchError`` or a ``MissingDataError``.
    case failed(any Error)

    /// The failure's kind as the in-flight registry keeps it.
    static func failureKind(_ error: any Error) -> FetchFailureKind {
        switch error {
        case is MissingDataError: return .missingData
        case let error as FetchError:
            switch error.code {
            case .invalidResponse: return .invalidResponse
            case .graphQLErrors: return .graphQL
            default: return .transport
            }
        default: return .transport
        }
    }
}
