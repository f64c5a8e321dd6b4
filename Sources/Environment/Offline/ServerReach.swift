import Foundation
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Whether a failed request reached the server: what decides that a queueable mutation is queued
/// (it did not, or may not have) or fails and rolls back (the server answered). Decision 0205.
enum ServerReach {
    /// The URL loading codes that mean no request left the device, or none reached a server: no
    /// route, no name, no connection, a TLS handshake that failed before the request was written.
    static let unreachedURLErrors: Set<URLError.Code> = [
        .notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed, .dataNotAllowed,
        .internationalRoamingOff, .callIsActive, .secureConnectionFailed, .timedOut,
    ]

    /// Whether `error` (thrown by the transport) means the request did not reach the server, or
    /// may not have: a connection that could not be made, or a timeout. A timeout may come after
    /// the request was sent; that is the window the idempotence ID closes. Everything else the
    /// server answered (an HTTP status, a body that is not a GraphQL response, a connection closed
    /// mid-answer) or the app asked for (cancelled), and is not queued.
    static func isUnreached(_ error: any Error) -> Bool {
        guard let error = error as? TransportError else { return false }
        switch error.code {
        case .cannotConnect, .timedOut:
            // The HTTP transport files every URL loading code it does not know under
            // `cannotConnect`, some of which come after an answer (too many redirects, an
            // authentication challenge): with the URL loading system's code at hand, only the
            // codes above count.
            if let urlError = error.underlying as? URLError { return unreachedURLErrors.contains(urlError.code) }
            return true
        default:
            return false
        }
    }
}
