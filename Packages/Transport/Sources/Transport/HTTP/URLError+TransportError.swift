import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TransportError {
    /// The transport error for what URLSession threw: its codes grouped into the few a caller acts on.
    static func from(_ error: any Error) -> TransportError {
        if let error = error as? TransportError { return error }
        if error is CancellationError { return TransportError(.cancelled, "the request was cancelled") }
        guard let urlError = error as? URLError else {
            return TransportError(
                .cannotConnect, "the request failed: \(type(of: error))", underlying: redacted(error))
        }
        switch urlError.code {
        case .cancelled:
            return TransportError(.cancelled, "the request was cancelled", underlying: redacted(urlError))
        case .timedOut:
            return TransportError(
                .timedOut, "the server sent nothing within the timeout", underlying: redacted(urlError))
        case .networkConnectionLost:
            return TransportError(
                .truncated, "the connection closed before the answer ended", underlying: redacted(urlError))
        case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData,
            .zeroByteResource:
            return TransportError(
                .invalidResponse, "the answer is not valid HTTP (\(urlError.code.rawValue))",
                underlying: redacted(urlError))
        case .unknown where urlError.localizedDescription.hasPrefix("transfer closed"):
            // swift-corelibs-foundation reports curl's CURLE_PARTIAL_FILE ("transfer closed with N
            // bytes remaining to read", or "... outstanding read data remaining" for a chunked body)
            // as URLError.unknown; curl's message is all that tells it apart. Darwin says
            // networkConnectionLost, handled above.
            return TransportError(
                .truncated, "the connection closed before the body ended", underlying: redacted(urlError))
        case .badURL, .unsupportedURL:
            return TransportError(.invalidRequest, "the endpoint URL cannot be used", underlying: redacted(urlError))
        default:
            return TransportError(
                .cannotConnect, "no connection to the server (URLError \(urlError.code.rawValue))",
                underlying: redacted(urlError))
        }
    }

    /// `error` without what it may carry of the request. A `URLError` keeps its code and, of its
    /// failing URL, only the scheme, host, port and path: the query string of a GET holds the
    /// operation's variables, and user info may hold anything. Any other error that carries user
    /// info keeps only its domain and code.
    static func redacted(_ error: any Error) -> any Error {
        if let urlError = error as? URLError {
            var userInfo: [String: Any] = [:]
            if let url = urlError.failingURL.flatMap(withoutQuery) {
                userInfo[NSURLErrorFailingURLErrorKey] = url
            }
            return URLError(urlError.code, userInfo: userInfo)
        }
        let bridged = error as NSError
        if bridged.userInfo.isEmpty { return error }
        return NSError(domain: bridged.domain, code: bridged.code)
    }

    /// The URL's scheme, host, port and path.
    private static func withoutQuery(_ url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.url
    }
}
