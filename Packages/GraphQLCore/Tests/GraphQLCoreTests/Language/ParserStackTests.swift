import Foundation
import Testing

@testable import GraphQLCore

/// Parsing and printing walk selection sets, values and types with explicit stacks, so a document
/// at the nesting limit fits in the 512 KB stack that Apple platforms give secondary threads (and
/// Swift concurrency's threads), even in a debug build. They are checked at four times the default
/// limit, the most an app may raise it to for parsing and printing alone; the AST's synthesized
/// `==` and `hash(into:)` recurse, and are checked at the default limit in `CompilationStackTests`.
@Suite("Parser stack use")
struct ParserStackTests {
    static let limit = 4 * ParseOptions().maxDepth

    static let deepDocuments = [
        String(repeating: "{a", count: limit) + String(repeating: "}", count: limit),
        "{a(v: " + String(repeating: "[", count: limit - 1) + String(repeating: "]", count: limit - 1) + ")}",
        "{a(v: " + String(repeating: "{a:", count: limit - 1) + "1" + String(repeating: "}", count: limit - 1) + ")}",
        "query($v: " + String(repeating: "[", count: limit) + "Int" + String(repeating: "]!", count: limit) + "){a}",
        "type T { f(a: In = " + String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
            + "): Int }",
    ]

    @Test("documents at the nesting limit parse, print, parse again and are freed on a thread with a 512 KB stack")
    func deepDocumentsOnSmallStack() async {
        let outcomes = await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
            let thread = Thread {
                var outcomes: [String] = []
                for text in Self.deepDocuments {
                    do {
                        let options = ParseOptions(maxDepth: Self.limit)
                        let document = try Document(parsing: text, options: options)
                        let printed = Printer.print(document)
                        let reparsed = try Document(parsing: printed, options: options)
                        outcomes.append(Printer.print(reparsed) == printed ? "round trip" : "changed")
                    } catch {
                        outcomes.append("\(error)")
                    }
                }
                continuation.resume(returning: outcomes)
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(outcomes == Array(repeating: "round trip", count: Self.deepDocuments.count))
    }
}
