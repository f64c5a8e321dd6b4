import Foundation
@_spi(Runtime) import GraphQLCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPTransport {
    /// One attempt of a request with files: its multipart body written to a temporary file from each
    /// upload's source, streamed from there, the progress told to every upload, the file deleted.
    func sendUploading(
        _ request: GraphQLRequest, headers: [String: String]
    ) async throws(TransportError) -> GraphQLResponse {
        let uploads = Array(Set(request.uploads.map(\.upload)))
        defer { for upload in uploads { upload.finishProgress() } }
        let operations = JSONValue.object(HTTPRequestEncoder.parameters(of: request, attempt: .textOnly)).serialized()
        let body = try MultipartUploadBody.write(
            operations: operations, placements: request.uploads, directory: FileManager.default.temporaryDirectory)
        defer { body.remove() }
        let urlRequest = HTTPRequestEncoder.encodeUpload(
            request, url: url, headers: headers, boundary: body.boundary, timeout: options.timeout.timeInterval)
        let total = body.byteCount
        let (answer, http) = try await requests.upload(urlRequest, fromFile: body.fileURL) { sent in
            let progress = UploadProgress(bytesSent: min(sent, total), totalBytes: total)
            for upload in uploads { upload.reportProgress(progress) }
        }
        return try HTTPResponseDecoder.decode(
            status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"), body: answer,
            expectedLength: http.expectedContentLength)
    }
}
