import Environment
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// upload-photo: a photo sent through a generated mutation whose `Upload` variable the code generator
// mapped without configuration, by HTTPTransport as a GraphQL multipart request to a server on
// loopback in this process. The file is streamed from disk; a progress line is printed as it goes,
// and the counts are checked. `swift run --package-path Examples upload-photo`

// The same schema as `schema.graphqls`, which the code generator reads at build time.
let schema = try Schema(
    sdl: """
        scalar Upload
        type Query { photo(id: ID!): Photo }
        type Photo { id: ID! caption: String! fileName: String! size: Int! }
        type Mutation { uploadPhoto(caption: String!, photo: Upload!): Photo! }
        """)

let server = try UploadServer()
let transport = HTTPTransport(url: server.url, session: URLSession(configuration: .ephemeral))
let environment = GraphQLEnvironment(schema: schema, transport: transport)

// A 4 MB "photo" on disk, standing in for one the user picked.
let size = 4 << 20
let photoURL = FileManager.default.temporaryDirectory.appendingPathComponent("upload-photo-\(UUID().uuidString).jpg")
try Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 13) }).write(to: photoURL)
defer { try? FileManager.default.removeItem(at: photoURL) }

let photo = Upload(fileURL: photoURL, fileName: "beach.jpg", contentType: "image/jpeg")
// The progress bar: follow the bytes sent while the mutation runs, printing a line at each quarter.
let progressLines = Task {
    var lines = 0
    var nextQuarter = 1
    var last: UploadProgress?
    for await progress in photo.progress {
        last = progress
        while nextQuarter <= 4, progress.fractionCompleted >= Double(nextQuarter) / 4 {
            print("  progress: \(progress.bytesSent) of \(progress.totalBytes) bytes sent (\(nextQuarter * 25)%)")
            lines += 1
            nextQuarter += 1
        }
    }
    return (lines, last)
}
print("uploadPhoto(caption: \"At the beach\", photo: beach.jpg, \(size) bytes)")
let data = try await environment.commit(UploadPhotoMutation(caption: "At the beach", photo: photo))
let (lines, last) = await progressLines.value
print("  answered: \(data.uploadPhoto.fileName), \(data.uploadPhoto.size) bytes, \"\(data.uploadPhoto.caption)\"")

// The example checks its own outcome, so CI fails when uploads break.
guard data.uploadPhoto.size == size, data.uploadPhoto.fileName == "beach.jpg", lines == 4,
    let last, last.bytesSent == last.totalBytes, last.totalBytes > Int64(size)
else {
    print("the upload did not arrive whole, or its progress did not reach the total")
    exit(1)
}
print("  the server received every byte; the progress reached the body's \(last.totalBytes) bytes")
