import Foundation

/// A file an operation sends as the value of an `Upload` variable, per the GraphQL multipart request
/// spec: bytes in memory or a file on disk, with the file name and content type the server receives.
///
/// Put it in the variables anywhere an `Upload` goes (a variable, a field of an input object, an
/// item of a list): the code generator maps the schema's `Upload` scalar to this type. The JSON
/// variables carry `null` at each file's place, and the operation carries the file beside them
/// (``GraphQLOperation/uploads``), so the transport sends it as a part of a `multipart/form-data`
/// body. A file URL is read in chunks when the request is sent, never whole into memory, and again
/// for every attempt: a retry sends the file from its source.
///
/// Two uploads are equal when they are copies of one value: each ``init(data:fileName:contentType:)``
/// or ``init(fileURL:fileName:contentType:)`` makes a new upload, even of the same bytes, so an
/// operation that sends it is never taken for another one in flight.
public struct Upload: GraphQLCustomScalar {
    /// Where the bytes come from.
    public enum Source: Sendable, Hashable {
        /// Bytes already in memory.
        case data(Data)
        /// A file on disk, read in chunks when the request is sent.
        case file(URL)
    }

    /// Where the bytes come from.
    public let source: Source
    /// The file name the server receives (the part's `filename`).
    public let fileName: String
    /// The media type the server receives (the part's `Content-Type`).
    public let contentType: String
    /// What tells this upload from any other, and its place-holder in the variables while they are
    /// coerced.
    let id: UUID
    /// Where the transport reports the progress of the request that carries this upload.
    let channel: UploadProgressChannel

    /// An upload of bytes in memory.
    public init(data: Data, fileName: String, contentType: String = "application/octet-stream") {
        self.init(source: .data(data), fileName: fileName, contentType: contentType)
    }

    /// An upload of the file at `fileURL`, streamed from disk when the request is sent. The file name
    /// is the URL's last path component unless given.
    public init(fileURL: URL, fileName: String? = nil, contentType: String = "application/octet-stream") {
        self.init(source: .file(fileURL), fileName: fileName ?? fileURL.lastPathComponent, contentType: contentType)
    }

    private init(source: Source, fileName: String, contentType: String) {
        self.source = source
        self.fileName = fileName
        self.contentType = contentType
        self.id = UUID()
        self.channel = UploadProgressChannel()
    }

    /// The size of the bytes now: the data's count, or the file's size on disk; `nil` when the file
    /// cannot be read. A file may change before it is sent, so the request sends what it reads then.
    public var byteCount: Int64? {
        switch source {
        case .data(let data): return Int64(data.count)
        case .file(let url):
            let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size]
            return (size as? NSNumber)?.int64Value
        }
    }

    /// The bytes sent so far of the request that carries this upload, and its total, each time more
    /// leave: for a progress bar. The values grow and the last one of a request that reached the
    /// server is its total; the sequence finishes when the request ends (answered, failed or
    /// cancelled). Each call starts a new sequence; a sequence started after a request ended follows
    /// the next request that sends this upload (a retry).
    public var progress: AsyncStream<UploadProgress> { channel.subscribe() }

    /// The value to put in untyped variables (a `JSONObject`) where this upload goes, before
    /// ``CompiledDocument/operation(named:variables:)`` coerces them; then
    /// ``GraphQLOperation/placingUploads(_:)`` replaces it with `null` and records the file's place.
    public var variableValue: JSONValue { .string(placeholder) }

    /// A string no app writes (it starts with a NUL character and holds a UUID): what the encoded
    /// variables hold at this upload's place until the operation is made.
    var placeholder: String { Self.placeholderPrefix + id.uuidString }

    static let placeholderPrefix = "\u{0}graphql-upload:"

    /// Equal when both are copies of one upload.
    public static func == (lhs: Upload, rhs: Upload) -> Bool { lhs.id == rhs.id }

    /// Hashes the upload's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Writes the upload's place-holder, and hands the upload to the ``UploadCollector`` in the
    /// encoder's `userInfo` (``UploadCollector/userInfoKey``), which the runtime sets when it encodes
    /// typed variables.
    public func encode(to encoder: any Encoder) throws {
        (encoder.userInfo[UploadCollector.userInfoKey] as? UploadCollector)?.collect(self)
        var container = encoder.singleValueContainer()
        try container.encode(placeholder)
    }

    /// Always throws: an upload is sent, never read from an answer.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "An Upload is sent, never read from an answer."))
    }
}

extension Upload {
    /// For transports: tells everyone following ``progress`` how much of the request that carries
    /// this upload has been sent. Values not larger than the last one are dropped.
    @_spi(Runtime) public func reportProgress(_ progress: UploadProgress) { channel.report(progress) }

    /// For transports: the request that carries this upload ended; finishes the ``progress``
    /// sequences that follow it.
    @_spi(Runtime) public func finishProgress() { channel.finish() }
}
