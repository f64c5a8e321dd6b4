import Foundation
import GraphQLCore
import GraphQLTestServer
import Testing
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTPTransport's GraphQL multipart requests against Strawberry's `Upload` on loopback, which answers
/// the name, content type, size and SHA-256 of every file it read. One at a time: the 200 MB test
/// measures the process's peak memory, and the others send 64 MB bodies.
@Suite("File uploads to Strawberry over loopback", .loopbackServer(.strawberry), .timeLimit(.minutes(3)), .serialized)
struct UploadTests {
    let server: LoopbackServer
    let transport: HTTPTransport

    init() throws {
        server = try LoopbackServer.shared()
        transport = HTTPTransport(url: server.graphQLURL, session: URLSession(configuration: .ephemeral))
    }

    static let fields = "filename contentType size sha256"

    /// A request of `text` whose variables hold `variables`, each upload's place made `null` and the
    /// upload placed beside them, as ``GraphQLOperation/placingUploads(_:)`` does for an operation.
    func request(_ text: String, variables: JSONObject, uploads: [Upload]) throws -> GraphQLRequest {
        let operation = try CompiledDocument(text: text).operation(variables: variables).placingUploads(uploads)
        return GraphQLRequest(operation)
    }

    /// A file of `byteCount` bytes on disk, in a directory deleted with the first value, and the
    /// request that sends it to `uploadOne` and asks for the size received.
    func sizeRequest(byteCount: Int) throws -> (TemporaryDirectory, Upload, GraphQLRequest) {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("large.bin")
        try TemporaryDirectory.writePattern(to: url, byteCount: byteCount)
        let upload = Upload(fileURL: url)
        let request = try request(
            "mutation One($file: Upload!) { uploadOne(file: $file) { size } }",
            variables: ["file": upload.variableValue], uploads: [upload])
        return (directory, upload, request)
    }

    /// What the server said it received of one file.
    struct Received: Equatable {
        var filename: String
        var contentType: String
        var size: Int
        var sha256: String

        init(_ value: JSONValue?) throws {
            let object = try #require(value?.objectValue)
            filename = try #require(object["filename"]?.stringValue)
            contentType = try #require(object["contentType"]?.stringValue)
            size = try #require({ if case .int(let int) = object["size"] { return int } else { return nil } }())
            sha256 = try #require(object["sha256"]?.stringValue)
        }

        init(filename: String, contentType: String, bytes: Data) {
            self.filename = filename
            self.contentType = contentType
            self.size = bytes.count
            self.sha256 = DocumentDigest.sha256Hex(bytes: bytes)
        }
    }

    @Test("one file from memory arrives whole, with its name and content type")
    func oneFile() async throws {
        let bytes = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let upload = Upload(data: bytes, fileName: "photo.jpg", contentType: "image/jpeg")
        let request = try request(
            "mutation One($file: Upload!) { uploadOne(file: $file) { \(Self.fields) } }",
            variables: ["file": upload.variableValue], uploads: [upload])
        #expect(request.variables["file"] == .null)
        #expect(request.uploads == [UploadPlacement(path: "variables.file", upload: upload)])
        let response = try await transport.response(for: request)
        #expect(response.errors.isEmpty)
        #expect(
            try Received(response.data?["uploadOne"])
                == Received(filename: "photo.jpg", contentType: "image/jpeg", bytes: bytes))
    }

    @Test("several files in a list, from memory and from disk, arrive in order")
    func severalFiles() async throws {
        let directory = try TemporaryDirectory()
        let onDisk = Data("a file on disk\n".utf8)
        let url = directory.url.appendingPathComponent("notes.txt")
        try onDisk.write(to: url)
        let uploads = [
            Upload(data: Data("first".utf8), fileName: "first.txt", contentType: "text/plain"),
            Upload(fileURL: url, contentType: "text/plain"),
            Upload(data: Data(), fileName: "empty.bin"),
        ]
        let request = try request(
            "mutation Many($files: [Upload!]!) { uploadMany(files: $files) { \(Self.fields) } }",
            variables: ["files": .array(uploads.map(\.variableValue))], uploads: uploads)
        #expect(request.uploads.map(\.path) == ["variables.files.0", "variables.files.1", "variables.files.2"])
        let response = try await transport.response(for: request)
        #expect(response.errors.isEmpty)
        let received = try #require(response.data?["uploadMany"]?.arrayValue).map(Received.init)
        #expect(
            received == [
                Received(filename: "first.txt", contentType: "text/plain", bytes: Data("first".utf8)),
                Received(filename: "notes.txt", contentType: "text/plain", bytes: onDisk),
                Received(filename: "empty.bin", contentType: "application/octet-stream", bytes: Data()),
            ])
    }

    @Test("files in a list inside an input object arrive, with the object's other fields")
    func fileInInputObject() async throws {
        let uploads = [
            Upload(data: Data("one".utf8), fileName: "a \"quoted\" name.txt", contentType: "text/plain"),
            Upload(data: Data("two".utf8), fileName: "b.txt", contentType: "text/plain"),
        ]
        let request = try request(
            "mutation Batch($batch: UploadBatch!) { uploadBatch(batch: $batch) { \(Self.fields) } }",
            variables: ["batch": ["label": "holiday", "files": .array(uploads.map(\.variableValue))]],
            uploads: uploads)
        #expect(request.uploads.map(\.path) == ["variables.batch.files.0", "variables.batch.files.1"])
        #expect(request.variables["batch"] == ["label": "holiday", "files": [nil, nil]])
        let response = try await transport.response(for: request)
        #expect(response.errors.isEmpty)
        let received = try #require(response.data?["uploadBatch"]?.arrayValue).map(Received.init)
        #expect(
            received == [
                // A quote in a name is sent percent-encoded, as HTML forms send it.
                Received(filename: "a %22quoted%22 name.txt", contentType: "text/plain", bytes: Data("one".utf8)),
                Received(filename: "b.txt", contentType: "text/plain", bytes: Data("two".utf8)),
            ])
    }

    @Test("progress grows with every value and ends at the size of the body sent")
    func progress() async throws {
        let (directory, upload, request) = try sizeRequest(byteCount: 64 << 20)
        let followed = upload.progress
        let collector = Task {
            var values: [UploadProgress] = []
            for await value in followed { values.append(value) }
            return values
        }
        let response = try await transport.response(for: request)
        let values = await collector.value
        #expect(response.data?["uploadOne"]?["size"] == .int(64 << 20))
        #expect(values.count > 1)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.bytesSent < $1.bytesSent })
        let total = try #require(values.last?.totalBytes)
        #expect(values.allSatisfy { $0.totalBytes == total })
        #expect(total > 64 << 20)
        #expect(values.last?.bytesSent == total)
        withExtendedLifetime(directory) {}
    }

    @Test(
        "cancelling the task mid-upload stops it, and the request fails as cancelled, however early",
        arguments: [0, 32 << 10])
    func cancellation(cancelAfter: Int64) async throws {
        // Several rounds: on Linux, a cancellation that raced URLSession's read-ahead of the body file
        // trapped the process in about one round of three.
        for _ in 0..<10 {
            let (directory, upload, request) = try sizeRequest(byteCount: 64 << 20)
            // The server holds this request unread until the gate opens, after the cancellation: the
            // upload stalls once the sockets' buffers are full (past 100 KB on loopback), so no answer
            // can come before the cancel.
            let gate = "upload-cancel-\(UUID().uuidString)"
            let held = HTTPTransport(
                url: server.url("/held/\(gate)"), session: URLSession(configuration: .ephemeral))
            let followed = upload.progress
            let sending = Task { try await held.response(for: request) }
            var lastSeen: UploadProgress?
            for await value in followed {
                lastSeen = value
                if value.bytesSent > cancelAfter { sending.cancel() }
            }
            let result = await sending.result
            try await server.openGate(gate)
            #expect(throws: TransportError.self) { try result.get() }
            #expect((result.failure as? TransportError)?.code == .cancelled)
            let seen = try #require(lastSeen)
            #expect(seen.bytesSent > cancelAfter)
            #expect(seen.bytesSent < seen.totalBytes)
            withExtendedLifetime(directory) {}
        }
    }

    @Test("a 200 MB file is streamed from disk while the process grows by less than 50 MB")
    func largeFileWithinMemoryBound() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("large.bin")
        let size = 200 << 20
        try TemporaryDirectory.writePattern(to: url, byteCount: size)
        let upload = Upload(fileURL: url)
        let request = try request(
            "mutation One($file: Upload!) { uploadOne(file: $file) { size } }",
            variables: ["file": upload.variableValue], uploads: [upload])
        // The peak covers everything the request did: writing the body file and sending it. The
        // process's peak counts every test's memory, so no other memory-heavy test runs meanwhile.
        let transport = self.transport
        let (response, before, peak) = try await MemoryHeavy.exclusively {
            try ResidentMemory.resetPeak()
            let before = try ResidentMemory.bytes()
            let response = try await transport.response(for: request)
            return (response, before, try ResidentMemory.peakBytes())
        }
        #expect(response.data?["uploadOne"]?["size"] == .int(size))
        #expect(peak - before < 50 << 20, "the process grew by \(peak - before) bytes")
    }

    @Test("a GraphQL error the server reports after reading the file comes back as the response's error")
    func serverErrorAfterUpload() async throws {
        let upload = Upload(data: Data(repeating: 7, count: 100_000), fileName: "refused.bin")
        let request = try request(
            "mutation Refused($file: Upload!) { uploadRefused(file: $file) { size } }",
            variables: ["file": upload.variableValue], uploads: [upload])
        let response = try await transport.response(for: request)
        #expect(response.data == .null || response.data == nil)
        #expect(response.errors.map(\.message) == ["the file was read and refused"])
        #expect(response.errors.first?.path == [.key("uploadRefused")])
    }

    @Test("a file that cannot be read fails the request as invalidRequest, naming no file")
    func unreadableFile() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("secret-diagnosis.pdf")
        let upload = Upload(fileURL: url)
        let request = try request(
            "mutation One($file: Upload!) { uploadOne(file: $file) { size } }",
            variables: ["file": upload.variableValue], uploads: [upload])
        let error = await #expect(throws: TransportError.self) { try await transport.response(for: request) }
        #expect(error?.code == .invalidRequest)
        #expect(error.map { !"\($0)".contains("secret") } == true)
    }

    @Test("sending the request again reads the file again from its source")
    func retryReadsTheSource() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("changing.txt")
        try Data("before".utf8).write(to: url)
        let upload = Upload(fileURL: url, contentType: "text/plain")
        let request = try request(
            "mutation One($file: Upload!) { uploadOne(file: $file) { \(Self.fields) } }",
            variables: ["file": upload.variableValue], uploads: [upload])
        let first = try await transport.response(for: request)
        try Data("after, longer".utf8).write(to: url)
        let second = try await transport.response(for: request)
        #expect(
            try Received(first.data?["uploadOne"])
                == Received(filename: "changing.txt", contentType: "text/plain", bytes: Data("before".utf8)))
        #expect(
            try Received(second.data?["uploadOne"])
                == Received(filename: "changing.txt", contentType: "text/plain", bytes: Data("after, longer".utf8)))
    }
}

extension Result {
    /// The error, when this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
