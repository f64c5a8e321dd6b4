import Foundation
import GraphQLCore

#if canImport(Glibc)
    import Glibc
#endif

/// The body of a GraphQL multipart request (`operations`, `map`, then one part per file), written
/// to a temporary file so that URLSession streams it from disk.
///
/// Files on disk are copied in chunks (on Linux by `sendfile`, in the kernel; elsewhere
/// ``chunkSize`` at a time), so building the body of a file of any size holds at most one chunk in
/// memory. The body is built for each attempt, from each upload's source.
struct MultipartUploadBody: Sendable {
    /// The temporary file that holds the body; ``remove()`` deletes it.
    let fileURL: URL
    /// The boundary between parts, for the `Content-Type` header.
    let boundary: String
    /// The size of the body.
    let byteCount: Int64
    /// The distinct files the body carries.
    let uploads: [Upload]
    /// The bytes of those files.
    let fileBytes: Int64

    /// How much of a file on disk is read at a time.
    static let chunkSize = 1 << 20

    /// Writes the body of `operations` (the request's parameters as JSON, `null` at each file's
    /// place) and `placements` into a new file in `directory`.
    ///
    /// An upload placed at several paths is sent once, its part mapped to every path. Throws
    /// ``TransportError/Code/invalidRequest`` when a file cannot be read or a content type cannot be
    /// written in a header; the message names no file.
    static func write(
        operations: Data, placements: [UploadPlacement], directory: URL
    ) throws(TransportError) -> MultipartUploadBody {
        var uploads: [Upload] = []
        var paths: [Upload: [String]] = [:]
        for placement in placements {
            if paths[placement.upload] == nil { uploads.append(placement.upload) }
            paths[placement.upload, default: []].append(placement.path)
        }
        var map = JSONObject(minimumCapacity: uploads.count)
        for (index, upload) in uploads.enumerated() {
            map.appendNew(key: String(index), value: .array((paths[upload] ?? []).map { .string($0) }))
        }
        let boundary = "graphql-upload-" + UUID().uuidString
        let fileURL = directory.appendingPathComponent("graphql-upload-\(UUID().uuidString).multipart")
        guard FileManager.default.createFile(atPath: fileURL.path, contents: nil),
            let output = try? FileHandle(forWritingTo: fileURL)
        else {
            throw TransportError(.invalidRequest, "the upload's body cannot be written to a temporary file")
        }
        var writer = Writer(output: output)
        do throws(TransportError) {
            defer { try? output.close() }
            try writer.text("--\(boundary)\r\nContent-Disposition: form-data; name=\"operations\"\r\n")
            try writer.text("Content-Type: application/json\r\n\r\n")
            try writer.data(operations)
            try writer.text("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"map\"\r\n")
            try writer.text("Content-Type: application/json\r\n\r\n")
            try writer.data(JSONValue.object(map).serialized())
            for (index, upload) in uploads.enumerated() {
                guard let contentType = headerValue(upload.contentType) else {
                    throw TransportError(.invalidRequest, "upload \(index)'s content type cannot be sent in a header")
                }
                try writer.text(
                    "\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"\(index)\"; "
                        + "filename=\"\(quoted(upload.fileName))\"\r\nContent-Type: \(contentType)\r\n\r\n")
                switch upload.source {
                case .data(let data):
                    try writer.data(data)
                    writer.fileBytes += Int64(data.count)
                case .file(let url): try writer.copy(url, index: index)
                }
            }
            try writer.text("\r\n--\(boundary)--\r\n")
        } catch {
            try? FileManager.default.removeItem(at: fileURL)
            throw error
        }
        return MultipartUploadBody(
            fileURL: fileURL, boundary: boundary, byteCount: writer.written, uploads: uploads,
            fileBytes: writer.fileBytes)
    }

    /// Deletes the temporary file.
    func remove() { try? FileManager.default.removeItem(at: fileURL) }

    /// A file name inside a quoted `filename` parameter: `"`, CR and LF percent-encoded, as HTML forms
    /// send them, so that no name can end the header or start another.
    static func quoted(_ name: String) -> String {
        name.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// `value` when it can be a header value as it is (printable ASCII and spaces), else `nil`.
    static func headerValue(_ value: String) -> String? {
        guard !value.isEmpty, value.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        return value
    }

    /// Appends to the body file and counts what it wrote.
    private struct Writer {
        let output: FileHandle
        var written: Int64 = 0
        var fileBytes: Int64 = 0

        mutating func text(_ text: String) throws(TransportError) { try data(Data(text.utf8)) }

        mutating func data(_ data: Data) throws(TransportError) {
            do {
                try output.write(contentsOf: data)
            } catch {
                throw TransportError(.invalidRequest, "the upload's body cannot be written to a temporary file")
            }
            written += Int64(data.count)
        }

        /// Copies the file at `url` in chunks: on Linux with `sendfile`, from page cache to page cache
        /// without passing through this process's memory; elsewhere, or where `sendfile` cannot write
        /// to a file, by reading a chunk at a time.
        mutating func copy(_ url: URL, index: Int) throws(TransportError) {
            guard let input = try? FileHandle(forReadingFrom: url) else {
                throw TransportError(.invalidRequest, "upload \(index)'s file cannot be read")
            }
            defer { try? input.close() }
            #if canImport(Glibc)
                var copied = false
                while true {
                    let sent = sendfile(output.fileDescriptor, input.fileDescriptor, nil, 1 << 24)
                    if sent > 0 {
                        written += Int64(sent)
                        fileBytes += Int64(sent)
                        copied = true
                    } else if sent == 0 {
                        return
                    } else if errno == EINTR {
                        continue
                    } else if !copied && (errno == EINVAL || errno == ENOSYS) {
                        break  // a kernel or file system that cannot: read and write instead
                    } else {
                        throw TransportError(.invalidRequest, "upload \(index)'s file cannot be read")
                    }
                }
            #endif
            while true {
                let chunk: Data?
                do {
                    chunk = try input.read(upToCount: MultipartUploadBody.chunkSize)
                } catch {
                    throw TransportError(.invalidRequest, "upload \(index)'s file cannot be read")
                }
                guard let chunk, !chunk.isEmpty else { return }
                try data(chunk)
                fileBytes += Int64(chunk.count)
            }
        }
    }
}
