import Foundation
import Testing

@testable import GraphQLCore

/// Validation recurses along a document's nesting; at the parser's nesting limit it must still fit the
/// 512 KB stack that Apple platforms give secondary threads and Swift concurrency's threads.
@Suite("Validation stack use")
struct ValidationStackTests {
    static let limit = ParseOptions().maxDepth

    /// Two fields nested to the limit whose leaves conflict, so the overlapping-fields rule recurses
    /// through every level; a list value and a valid input object value nested to the limit.
    static let deepDocuments = [
        "{ human { " + String(repeating: "relatives { ", count: limit - 2) + "name"
            + String(repeating: " }", count: limit - 2)
            + " } human { " + String(repeating: "relatives { ", count: limit - 2) + "name: iq"
            + String(repeating: " }", count: limit - 2) + " } }",
        "{ complicatedArgs { stringListArgField(stringListArg: " + String(repeating: "[", count: limit - 3) + "$v"
            + String(repeating: "]", count: limit - 3) + ") } }",
        "{ complicatedArgs { complexArgField(complexArg: "
            + String(repeating: "{ requiredField: true, nested: ", count: limit - 3)
            + "{ requiredField: true }" + String(repeating: " }", count: limit - 3) + ") } }",
    ]

    @Test("documents at the nesting limit validate on a thread with a 512 KB stack")
    func deepDocumentsOnSmallStack() async throws {
        let schema = try SchemaFixture.schema()
        let documents = try Self.deepDocuments.map { try Document(parsing: $0) }
        let rules = await withCheckedContinuation { (continuation: CheckedContinuation<[[String]], Never>) in
            let thread = Thread {
                continuation.resume(returning: documents.map { validate($0, against: schema).compactMap(\.rule) })
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(rules.count == 3)
        #expect(rules.first == ["OverlappingFieldsCanBeMergedRule"])
        #expect(rules.dropFirst().first == ["ValuesOfCorrectTypeRule", "NoUndefinedVariablesRule"])
        #expect(rules.last == [])
    }

    @Test("a chain of 600 fragments, each spreading the next, validates on a thread with a 512 KB stack")
    func longFragmentChainOnSmallStack() async throws {
        let schema = try SchemaFixture.schema()
        var text = "{ dog { ...F0 } }\n"
        for index in 0..<600 {
            let next = index < 599 ? "...F\(index + 1)" : "name"
            text += "fragment F\(index) on Dog { x: name \(next) }\n"
        }
        let document = try Document(parsing: text)
        let count = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            let thread = Thread { continuation.resume(returning: validate(document, against: schema).count) }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(count == 0)
    }
}
