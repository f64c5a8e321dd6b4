import Foundation
import GraphQLCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns a ``GraphQLRequest`` into a `URLRequest` as the GraphQL-over-HTTP spec says: POST with a
/// JSON body, or GET with the parameters in the URL query. A pure function of its inputs.
enum HTTPRequestEncoder {
    /// The media types a client accepts, preferred first, as the spec recommends.
    static let acceptSingle = "application/graphql-response+json, application/json;q=0.9"
    /// The media type of a GraphQL-over-SSE stream.
    static let acceptEventStream = "text/event-stream"
    /// What a request with `@defer` or `@stream` accepts: an incremental answer in the format
    /// graphql-core 3.3 and Strawberry send, or an answer in one piece from a server without it.
    static let acceptIncremental =
        "multipart/mixed; incrementalSpec=v0.2, application/graphql-response+json, application/json"
    /// The media type of an incremental answer.
    static let multipartMixed = "multipart/mixed"

    /// The URL request for one attempt of `request`.
    ///
    /// `headers` are the transport's merged headers; the request's own headers override them.
    static func encode(
        _ request: GraphQLRequest, url: URL, headers: [String: String], attempt: PersistedQuery.Attempt,
        usesGET: Bool, timeout: TimeInterval
    ) throws(TransportError) -> URLRequest {
        let parameters = parameters(of: request, attempt: attempt)
        var urlRequest: URLRequest
        if usesGET && request.kind == .query {
            urlRequest = URLRequest(url: try getURL(url, parameters: parameters))
            urlRequest.httpMethod = "GET"
        } else {
            urlRequest = URLRequest(url: url)
            urlRequest.httpMethod = "POST"
            urlRequest.httpBody = JSONValue.object(parameters).serialized()
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        urlRequest.timeoutInterval = timeout
        let accept =
            if request.kind == .subscription { acceptEventStream } else if request.usesIncrementalDelivery {
                acceptIncremental
            } else { acceptSingle }
        urlRequest.setValue(accept, forHTTPHeaderField: "Accept")
        for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        return urlRequest
    }

    /// The GraphQL-over-HTTP parameters of one attempt of `request`: `query`, `operationName`,
    /// `variables` and `extensions`, each only when it has something to say.
    static func parameters(of request: GraphQLRequest, attempt: PersistedQuery.Attempt) -> JSONObject {
        var parameters = JSONObject(minimumCapacity: 4)
        switch attempt {
        case .textOnly, .hashAndText: parameters.appendNew(key: "query", value: .string(request.text))
        case .hashOnly: break
        }
        if let name = request.operationName { parameters.appendNew(key: "operationName", value: .string(name)) }
        if !request.variables.isEmpty { parameters.appendNew(key: "variables", value: .object(request.variables)) }
        var extensions = request.extensions
        switch attempt {
        case .textOnly: break
        case .hashOnly(let hash), .hashAndText(let hash):
            extensions["persistedQuery"] = PersistedQuery.extensionEntry(hash: hash)
        }
        if !extensions.isEmpty { parameters.appendNew(key: "extensions", value: .object(extensions)) }

        return parameters
    }

    /// The URL request for a batch: one POST whose body is a JSON array of each request's
    /// parameters, in order, with the transport's merged `headers` (a batched request has none of
    /// its own).
    static func encodeBatch(
        _ requests: [GraphQLRequest], url: URL, headers: [String: String], mode: PersistedOperationMode,
        timeout: TimeInterval
    ) -> URLRequest {
        // The automatic exchange retries per request, which a batch cannot: it sends the text.
        let batchMode = mode == .automatic ? .off : mode
        let batch = requests.map {
            JSONValue.object(parameters(of: $0, attempt: PersistedQuery.firstAttempt(for: $0, mode: batchMode)))
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = "POST"
        urlRequest.httpBody = JSONValue.array(batch).serialized()
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.setValue(acceptSingle, forHTTPHeaderField: "Accept")
        urlRequest.timeoutInterval = timeout
        for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        return urlRequest
    }

    /// The URL request for one attempt of `request` with files: a POST whose `multipart/form-data`
    /// body (written by ``MultipartUploadBody``, sent from its file) uses `boundary`.
    ///
    /// It carries `Apollo-Require-Preflight: true`: a form post is a "simple" request a browser
    /// would send across origins without asking, so servers that guard against cross-site request
    /// forgery (Apollo Server) refuse one without a header that is not simple. A request's own
    /// headers override it.
    static func encodeUpload(
        _ request: GraphQLRequest, url: URL, headers: [String: String], boundary: String, timeout: TimeInterval
    ) -> URLRequest {
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        urlRequest.setValue(acceptSingle, forHTTPHeaderField: "Accept")
        urlRequest.setValue("true", forHTTPHeaderField: "Apollo-Require-Preflight")
        urlRequest.timeoutInterval = timeout
        for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        return urlRequest
    }

    /// `url` with each parameter in its query, objects as JSON text, every byte outside the
    /// unreserved set percent-encoded (a literal `+` would read as a space to form decoders).
    private static func getURL(_ url: URL, parameters: JSONObject) throws(TransportError) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw TransportError(.invalidRequest, "the endpoint URL cannot carry a query")
        }
        var query = components.percentEncodedQuery.map { $0.isEmpty ? [] : [$0] } ?? []
        for (key, value) in parameters {
            let text: String
            switch value {
            case .string(let string): text = string
            default: text = value.serializedString()
            }
            guard let encoded = text.addingPercentEncoding(withAllowedCharacters: unreserved) else {
                throw TransportError(.invalidRequest, "the `\(key)` parameter cannot be percent-encoded")
            }
            query.append("\(key)=\(encoded)")
        }
        components.percentEncodedQuery = query.joined(separator: "&")
        guard let result = components.url else {
            throw TransportError(.invalidRequest, "the GET URL cannot be built")
        }
        return result
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
