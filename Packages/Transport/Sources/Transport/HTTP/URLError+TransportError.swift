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
            return TransportError(.cannotConnect, "the request failed: \(type(of: error))", underlying: error)
        }
        switch urlError.code {
        case .cancelled:
            return TransportError(.cancelled, "the request was cancelled", underlying: urlError)
        case .timedOut:
            return TransportError(.timedOut, "the server sent nothing within the timeout", underlying: urlError)
        case .networkConnectionLost:
            return TransportError(.truncated, "the connection closed before the answer ended", underlying: urlError)
        case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData,
            .zeroByteResource:
            return TransportError(
                .invalidResponse, "the answer is not valid HTTP (\(urlError.code.rawValue))",
                underlying: urlError)
        case .unknown where urlError.localizedDescription.hasPrefix("transfer closed"):
            // swift-corelibs-foundation reports curl's CURLE_PARTIAL_FILE ("transfer closed with N
            // bytes remaining to read", or "... outstanding read data remaining" for a chunked body)
            // as URLError.unknown; curl's message is all that tells it apart. Darwin says
            // networkConnectionLost, handled above.
            return TransportError(.truncated, "the connection closed before the body ended", underlying: urlError)
        case .badURL, .unsupportedURL:
            return TransportError(.invalidRequest, "the endpoint URL cannot be used", underlying: urlError)
        default:
            return TransportError(
                .cannotConnect, "no connection to the server (URLError \(urlError.code.rawValue))",
                underlying: urlError)
        }
    }
}
