import Foundation
import GraphQLCore

/// Decides what an HTTP answer means, per the GraphQL-over-HTTP spec: a GraphQL response, or a
/// typed failure. A pure function of the status, the media type and the body.
enum HTTPResponseDecoder {
    /// The GraphQL response in an answer, or the ``TransportError`` that explains why there is none.
    ///
    /// - A 2xx body must be a GraphQL response whatever its media type (`notJSON`,
    ///   `invalidResponse` otherwise).
    /// - With `application/graphql-response+json` the status does not make a well-formed GraphQL body
    ///   an error: the spec has servers answer request errors with 4xx and that body.
    /// - With `application/json` or anything else, a non-2xx status is an `http` error, because
    ///   legacy servers and proxies send JSON error pages that are not GraphQL responses.
    /// - A body shorter than its `Content-Length` is `truncated`, whatever it holds.
    static func decode(
        status: Int, contentType: String?, body: Data, expectedLength: Int64
    ) throws(TransportError) -> GraphQLResponse {
        let mediaType = mediaType(of: contentType)
        let kind = bodyKind(mediaType: mediaType, body: body)
        if expectedLength > 0 && Int64(body.count) < expectedLength {
            throw TransportError(
                .truncated, "the body has \(body.count) of the \(expectedLength) bytes announced", status: status,
                bodyKind: kind)
        }
        if (200..<300).contains(status) {
            do {
                return try GraphQLResponse(parsing: body)
            } catch {
                var error = error
                error.status = status
                error.bodyKind = error.code == .notJSON ? kind : error.bodyKind
                throw error
            }
        }
        if mediaType == "application/graphql-response+json", let response = try? GraphQLResponse(parsing: body) {
            return response
        }
        throw TransportError(.http, "the server answered HTTP \(status)", status: status, bodyKind: kind)
    }

    /// The GraphQL responses in the answer to a batch, in order, or the ``TransportError`` that
    /// fails the whole batch: a status other than 2xx (`http`), a body that is not JSON (`notJSON`)
    /// or not a list of GraphQL responses (`invalidResponse`, also when the server, not doing
    /// batches, answered with one response).
    static func decodeBatch(
        status: Int, contentType: String?, body: Data, expectedLength: Int64
    ) throws(TransportError) -> [GraphQLResponse] {
        let kind = bodyKind(mediaType: mediaType(of: contentType), body: body)
        if expectedLength > 0 && Int64(body.count) < expectedLength {
            throw TransportError(
                .truncated, "the body has \(body.count) of the \(expectedLength) bytes announced", status: status,
                bodyKind: kind)
        }
        guard (200..<300).contains(status) else {
            throw TransportError(
                .http, "the server answered a batch with HTTP \(status)", status: status, bodyKind: kind)
        }
        let json: JSONValue
        do {
            json = try JSONReader().read(body)
        } catch {
            throw TransportError(.notJSON, "the body is not JSON (\(body.count) bytes)", status: status, bodyKind: kind)
        }
        guard case .array(let items) = json else {
            throw TransportError(
                .invalidResponse, "the server answered a batch with one response, not a list", status: status,
                bodyKind: kind)
        }
        var responses: [GraphQLResponse] = []
        responses.reserveCapacity(items.count)
        for item in items {
            do {
                responses.append(try GraphQLResponse(json: item))
            } catch {
                var error = error
                error.status = status
                throw error
            }
        }
        return responses
    }

    /// The media type of a `Content-Type` value, lowercased, without parameters.
    static func mediaType(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        let type = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? contentType
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// What a body is, from its media type and, when that says nothing, its first byte.
    static func bodyKind(mediaType: String?, body: Data) -> TransportError.BodyKind {
        if body.isEmpty { return .empty }
        if let mediaType {
            if mediaType.hasSuffix("json") { return .json }
            if mediaType == "text/html" || mediaType == "application/xhtml+xml" { return .html }
            if mediaType.hasPrefix("text/") { return .text }
        }
        let first = body.first { ![0x20, 0x09, 0x0a, 0x0d].contains($0) }
        switch first {
        case UInt8(ascii: "{")?, UInt8(ascii: "[")?: return .json
        case UInt8(ascii: "<")?: return .html
        default: return .other
        }
    }
}
