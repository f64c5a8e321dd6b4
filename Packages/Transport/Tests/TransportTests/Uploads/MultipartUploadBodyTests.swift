import Foundation
import GraphQLCore
import Testing

@testable import Transport

@Suite("The multipart body of an upload")
struct MultipartUploadBodyTests {
    @Test("operations, then the map, then each distinct file once, mapped to every place it goes")
    func layout() throws {
        let directory = try TemporaryDirectory()
        let fileURL = directory.url.appendingPathComponent("on-disk.txt")
        try Data("from disk".utf8).write(to: fileURL)
        let memory = Upload(data: Data("in memory".utf8), fileName: "a\"b\r\nc.txt", contentType: "text/plain")
        let disk = Upload(fileURL: fileURL, contentType: "text/plain; charset=utf-8")
        let body = try MultipartUploadBody.write(
            operations: Data(#"{"query":"q"}"#.utf8),
            placements: [
                UploadPlacement(path: "variables.a", upload: memory),
                UploadPlacement(path: "variables.b.0", upload: disk),
                UploadPlacement(path: "variables.b.1", upload: memory),
            ],
            directory: directory.url)
        defer { body.remove() }
        let text = String(decoding: try Data(contentsOf: body.fileURL), as: UTF8.self)
        let b = body.boundary
        let expected =
            "--\(b)\r\nContent-Disposition: form-data; name=\"operations\"\r\nContent-Type: application/json\r\n\r\n"
            + #"{"query":"q"}"#
            + "\r\n--\(b)\r\nContent-Disposition: form-data; name=\"map\"\r\nContent-Type: application/json\r\n\r\n"
            + #"{"0":["variables.a","variables.b.1"],"1":["variables.b.0"]}"#
            + "\r\n--\(b)\r\nContent-Disposition: form-data; name=\"0\"; filename=\"a%22b%0D%0Ac.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\nin memory"
            + "\r\n--\(b)\r\nContent-Disposition: form-data; name=\"1\"; filename=\"on-disk.txt\"\r\n"
            + "Content-Type: text/plain; charset=utf-8\r\n\r\nfrom disk"
            + "\r\n--\(b)--\r\n"
        #expect(text == expected)
        #expect(body.byteCount == Int64(expected.utf8.count))
        #expect(body.uploads == [memory, disk])
        #expect(body.fileBytes == 18)
        body.remove()
        #expect(!FileManager.default.fileExists(atPath: body.fileURL.path))
    }

    @Test("a content type that cannot be a header value is refused as invalidRequest, and no file is left")
    func badContentType() throws {
        let directory = try TemporaryDirectory()
        let upload = Upload(data: Data("x".utf8), fileName: "x", contentType: "text/plain\r\nX-Injected: 1")
        let error = #expect(throws: TransportError.self) {
            try MultipartUploadBody.write(
                operations: Data("{}".utf8), placements: [UploadPlacement(path: "variables.f", upload: upload)],
                directory: directory.url)
        }
        #expect(error?.code == .invalidRequest)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }
}
