import Environment
import EventLogTesting
import Foundation
import SchedulingTesting
import Testing
import TransportTesting

/// A generated-style mutation whose variables hold ``Upload`` values, committed over a scripted
/// transport: the files travel beside the variables, and the log counts them without naming them.
@Suite("A typed mutation with files", .timeLimit(.minutes(3)))
struct UploadCommitTests {
    static let schema: Schema = {
        do {
            return try Schema(
                sdl: """
                    scalar Upload
                    type Album { id: ID! count: Int! }
                    input AttachInput { label: String! files: [Upload!]! }
                    type Query { album(id: ID!): Album }
                    type Mutation { attachFiles(input: AttachInput!): Album! }
                    """)
        } catch {
            preconditionFailure("the upload test schema does not build: \(error)")
        }
    }()

    /// As the generator writes it for
    /// `mutation AttachFiles($input: AttachInput!) { attachFiles(input: $input) { id count } }`.
    struct AttachFiles: GraphQLTypedOperation {
        static let operationName = "AttachFiles"
        static let operationKind = OperationKind.mutation
        static let text = "mutation AttachFiles($input: AttachInput!) { attachFiles(input: $input) { id count } }"
        static let textDigest = DocumentDigest.sha256Hex(text)

        struct AttachInput: Encodable, Sendable, Hashable {
            var label: String
            var files: [Upload]
        }
        struct Variables: Encodable, Sendable, Hashable { var input: AttachInput }
        struct Data: Decodable, Sendable, Hashable {
            struct Album: Decodable, Sendable, Hashable {
                var id: String
                var count: Int
            }
            var attachFiles: Album
        }

        var variables: Variables
    }

    let transport = ScriptedTransport()
    let sink = InMemoryEventSink()
    let environment: GraphQLEnvironment

    init() {
        environment = GraphQLEnvironment(schema: Self.schema, transport: transport, clock: ManualWallClock(), log: sink)
        transport.answer(
            .operationName("AttachFiles"),
            with: .data(["attachFiles": ["__typename": "Album", "id": "a1", "count": 2]]))
    }

    static let secretName = "diagnosis-4f1c.pdf"
    static let secretType = "application/x-private-4f1c"
    static let secretBytes = Data("PATIENT RECORD 4f1c: the contents of the file".utf8)

    func files() throws -> (TemporaryFile, [Upload]) {
        let file = try TemporaryFile(Data(repeating: 0x2A, count: 3_000))
        return (
            file,
            [
                Upload(data: Self.secretBytes, fileName: Self.secretName, contentType: Self.secretType),
                Upload(fileURL: file.url, contentType: Self.secretType),
            ]
        )
    }

    @Test("the files travel beside the variables, which hold null at their places")
    func filesBesideVariables() async throws {
        let (file, uploads) = try files()
        let data = try await environment.commit(
            AttachFiles(variables: .init(input: .init(label: "scan", files: uploads))))
        #expect(data.attachFiles == .init(id: "a1", count: 2))
        let requests = transport.requests(named: "AttachFiles")
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.variables == ["input": ["label": "scan", "files": [nil, nil]]])
        #expect(
            request.uploads == [
                UploadPlacement(path: "variables.input.files.0", upload: uploads[0]),
                UploadPlacement(path: "variables.input.files.1", upload: uploads[1]),
            ])
        _ = file
    }

    @Test("the log records how many files and how many bytes, never a name, a type or a byte of them")
    func logCountsOnly() async throws {
        let (file, uploads) = try files()
        try await environment.commit(AttachFiles(variables: .init(input: .init(label: "scan", files: uploads))))
        let events = sink.events
        #expect(events.map(\.name) == ["fetchStarted", "uploadStarted", "published", "fetchSucceeded"])
        guard case .uploadStarted(_, _, let count, let bytes) = events[1] else {
            Issue.record("the second event is not uploadStarted")
            return
        }
        #expect(count == 2)
        #expect(bytes == Self.secretBytes.count + 3_000)
        let written = events.map(\.description).joined(separator: "\n")
        for secret in [Self.secretName, Self.secretType, file.url.lastPathComponent, "PATIENT", "4f1c", "*****"] {
            #expect(!written.contains(secret))
        }
    }
}

/// A file of its own in the temporary directory, deleted with the value.
final class TemporaryFile {
    let url: URL

    init(_ contents: Data) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).bin")
        try contents.write(to: url)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
