import Foundation
import GraphQLCore
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A 50 MB file sent through HTTPTransport as a GraphQL multipart request (the body written to a
/// temporary file from the source, then streamed) against `URLSession.upload(for:fromFile:)` of the
/// same body, written once beforehand, to Strawberry on loopback (target: at most 1.2x), and the
/// process's resident growth while HTTPTransport sends it (target: at most 10 MB).
func runUploadBenchmarks() async throws {
    let server = try await BenchmarkServer.start(.strawberry)
    defer { server.stop() }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("upload-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let size = 50 << 20
    let file = directory.appendingPathComponent("fifty.bin")
    try writeFile(file, byteCount: size)

    let text = "mutation One($file: Upload!) { uploadOne(file: $file) { size } }"
    let session = URLSession(configuration: .ephemeral)
    let http = HTTPTransport(url: server.url("/graphql"), session: session)
    let upload = Upload(fileURL: file)
    let request = GraphQLRequest(
        try CompiledDocument(text: text).operation(variables: ["file": upload.variableValue]).placingUploads([upload]))

    // The floor: the same multipart body, written once, sent by URLSession from its file.
    let boundary = "benchmark-boundary"
    let body = directory.appendingPathComponent("body.multipart")
    try writeFloorBody(body, boundary: boundary, text: text, file: file)
    var floorRequest = URLRequest(url: server.url("/graphql"))
    floorRequest.httpMethod = "POST"
    floorRequest.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")

    func ours() async throws {
        let response = try await http.response(for: request)
        guard response.data?["uploadOne"]?["size"] == .int(size) else { throw UploadMismatch() }
    }
    func floor() async throws {
        let (answer, _) = try await session.upload(for: floorRequest, fromFile: body)
        guard String(decoding: answer, as: UTF8.self).contains("\(size)") else { throw UploadMismatch() }
    }

    try await ours()
    try await floor()
    let rounds = 9
    var oursTimes: [Double] = []
    var floorTimes: [Double] = []
    for _ in 0..<rounds {
        oursTimes.append(try await time { try await ours() })
        floorTimes.append(try await time { try await floor() })
    }
    let oursMedian = middle(oursTimes)
    let floorMedian = middle(floorTimes)
    print(
        String(
            format:
                "  50 MB upload: %.1f ms HTTPTransport, %.1f ms URLSession.upload(fromFile:) (medians of %d rounds)",
            oursMedian * 1e3, floorMedian * 1e3, rounds))
    report(
        "HTTPTransport upload of a 50 MB file", oursMedian, against: "URLSession.upload(fromFile:)", floorMedian,
        limit: 1.2)
    if let grown = try await residentPeakBytes(during: { try await ours() }) {
        let megabytes = Double(grown) / Double(1 << 20)
        let verdict = megabytes <= 10 ? "met" : "MISSED"
        let shown = String(format: "%.1f", megabytes)
        print("  resident growth while sending 50 MB: \(shown) MB (target <= 10 MB: \(verdict))")
    } else {
        print("  resident growth: /proc cannot be read here")
    }
}

private struct UploadMismatch: Error {}

/// `byteCount` bytes of a pattern, a megabyte at a time.
private func writeFile(_ url: URL, byteCount: Int) throws {
    let chunk = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var left = byteCount
    while left > 0 {
        let count = min(left, chunk.count)
        try handle.write(contentsOf: chunk.prefix(count))
        left -= count
    }
}

/// A GraphQL multipart body of `text` with `file` as `variables.file`, as HTTPTransport writes one.
private func writeFloorBody(_ url: URL, boundary: String, text: String, file: URL) throws {
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    let operations = #"{"query":"\#(text)","variables":{"file":null}}"#
    try handle.write(
        contentsOf: Data(
            ("--\(boundary)\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n\(operations)\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"map\"\r\n\r\n{\"0\":[\"variables.file\"]}\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"0\"; filename=\"fifty.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n").utf8))
    let input = try FileHandle(forReadingFrom: file)
    defer { try? input.close() }
    while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try handle.write(contentsOf: chunk) }
    try handle.write(contentsOf: Data("\r\n--\(boundary)--\r\n".utf8))
}
