import Foundation
import GraphQLCore
import Testing

@Suite("Upload values in variables")
struct UploadPlacementTests {
    static let schema: Schema = {
        do {
            return try Schema(
                sdl: """
                    scalar Upload
                    type Query { ok: Boolean }
                    input Attachment { label: String!, files: [Upload!]! }
                    type Mutation { send(file: Upload, many: [Upload!], attachment: Attachment): Boolean }
                    """)
        } catch {
            preconditionFailure("the schema does not build: \(error)")
        }
    }()

    static let text =
        "mutation Send($file: Upload, $many: [Upload!], $attachment: Attachment) { send(file: $file, many: $many, attachment: $attachment) }"

    func operation(_ variables: JSONObject) throws -> GraphQLOperation {
        try CompiledDocument(text: Self.text, schema: Self.schema).operation(variables: variables)
    }

    @Test("each upload's place becomes null and the upload is placed at its path, at any depth and in lists")
    func placedAtEveryDepth() throws {
        let one = Upload(data: Data("1".utf8), fileName: "1.txt")
        let two = Upload(data: Data("2".utf8), fileName: "2.txt")
        let three = Upload(fileURL: URL(fileURLWithPath: "/tmp/3.txt"))
        let operation = try operation([
            "file": one.variableValue, "many": [two.variableValue, one.variableValue],
            "attachment": ["label": "x", "files": [three.variableValue]],
        ]).placingUploads([one, two, three])
        #expect(
            operation.variables == ["file": nil, "many": [nil, nil], "attachment": ["label": "x", "files": [nil]]])
        #expect(
            operation.uploads == [
                UploadPlacement(path: "variables.file", upload: one),
                UploadPlacement(path: "variables.many.0", upload: two),
                UploadPlacement(path: "variables.many.1", upload: one),
                UploadPlacement(path: "variables.attachment.files.0", upload: three),
            ])
    }

    @Test("two operations that send different files of the same bytes have different identities")
    func distinctIdentities() throws {
        let first = Upload(data: Data("same".utf8), fileName: "a.txt")
        let second = Upload(data: Data("same".utf8), fileName: "a.txt")
        let a = try operation(["file": first.variableValue]).placingUploads([first])
        let b = try operation(["file": second.variableValue]).placingUploads([second])
        #expect(a.variables == b.variables)
        #expect(a.identity != b.identity)
    }

    @Test("a place-holder of an upload the operation was not given is refused as invalidVariable")
    func unknownUpload() throws {
        let given = Upload(data: Data(), fileName: "given")
        let other = Upload(data: Data(), fileName: "other")
        let error = #expect(throws: GraphQLCoreError.self) {
            try operation(["file": other.variableValue]).placingUploads([given])
        }
        #expect(error?.code == .invalidVariable)
        #expect(error?.message.contains("variables.file") == true)
    }

    @Test("an encoder with a collector gathers the uploads it meets; an upload is never decoded")
    func collectedWhenEncoded() throws {
        struct Variables: Encodable { var files: [Upload] }
        let uploads = [Upload(data: Data("a".utf8), fileName: "a"), Upload(data: Data("b".utf8), fileName: "b")]
        let collector = UploadCollector()
        let encoder = JSONEncoder()
        encoder.userInfo[UploadCollector.userInfoKey] = collector
        let bytes = try encoder.encode(Variables(files: uploads))
        #expect(collector.uploads == uploads)
        let variables = try #require(try JSONValue(parsing: bytes).objectValue)
        let operation = try operation(["many": try #require(variables["files"])]).placingUploads(collector.uploads)
        #expect(operation.uploads.map(\.path) == ["variables.many.0", "variables.many.1"])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Upload.self, from: Data("null".utf8)) }
    }

    @Test("an upload's size is its data's count or its file's size, and nil for a file that cannot be read")
    func byteCount() throws {
        #expect(Upload(data: Data(count: 12), fileName: "x").byteCount == 12)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("upload-size-\(UUID().uuidString)")
        try Data(count: 34).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(Upload(fileURL: url).byteCount == 34)
        #expect(Upload(fileURL: url.appendingPathExtension("missing")).byteCount == nil)
    }
}
