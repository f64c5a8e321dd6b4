import Foundation
import Testing

@testable import GraphQLCore

/// Compilation and coercion recurse along the document's and the value's nesting; documents are
/// bounded by the parser's depth limit and variables by ``InputCoercion/maxDepth``, so the deepest
/// input fits a bounded stack. A document at the depth limit (256 nested selection sets) needs about
/// 1 MB in a debug build (measured: it fails at 768 KB), so the test gives its thread 2 MB; deep
/// values and variables fit 512 KB. (The parser and printer use explicit stacks and fit 512 KB.)
@Suite("Compilation stack use")
struct CompilationStackTests {
    static let limit = ParseOptions().maxDepth

    static func deepList(_ depth: Int) -> JSONValue {
        var value: JSONValue = 1
        for _ in 0..<depth { value = [value] }
        return value
    }

    static let deepSelections: [(String, JSONObject)] = [
        (String(repeating: "{a", count: limit) + String(repeating: "}", count: limit), [:])
    ]

    static let deepValues: [(String, JSONObject)] = {
        let listType = String(repeating: "[", count: limit - 1) + "Int" + String(repeating: "]", count: limit - 1)
        let argument = String(repeating: "[", count: limit - 1) + String(repeating: "]", count: limit - 1)
        return [
            ("{a(v: \(argument))}", [:]),
            ("query($v: \(listType)) { a(v: $v) }", ["v": deepList(limit - 1)]),
            ("query($v: \(listType)) { a(v: $v) }", ["v": 1]),
        ]
    }()

    static func run(_ cases: [(String, JSONObject)]) -> [String] {
        cases.map { text, variables in
            do {
                let operation = try CompiledDocument(text: text).operation(variables: variables)
                return operation.text.isEmpty ? "empty" : "compiled"
            } catch {
                return "\(error)"
            }
        }
    }

    static func onThread(stackSize: Int, _ body: @escaping @Sendable () -> [String]) async -> [String] {
        await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = stackSize
            thread.start()
        }
    }

    @Test("a document at the nesting limit compiles on a thread with a 2 MB stack")
    func deepSelectionsOnBoundedStack() async {
        let outcomes = await Self.onThread(stackSize: 2 * 1024 * 1024) { Self.run(Self.deepSelections) }
        #expect(outcomes == ["compiled"])
    }

    @Test("argument values and variables at the nesting limits compile and coerce on a 512 KB stack")
    func deepValuesOnSmallStack() async {
        let outcomes = await Self.onThread(stackSize: 512 * 1024) { Self.run(Self.deepValues) }
        #expect(outcomes == ["compiled", "compiled", "compiled"])
    }

    @Test("a variable nested deeper than the coercion limit is an error, not a crash")
    func tooDeepVariable() throws {
        let sdl = "type Query { a(v: In): Int }\ninput In { next: In, leaf: Int }"
        let schema = try Schema(document: Document(parsing: sdl))
        var value: JSONValue = ["leaf": 1]
        for _ in 0..<(InputCoercion.maxDepth + 5) { value = ["next": value] }
        let document = try CompiledDocument(text: "query($v: In) { a(v: $v) }", schema: schema)
        #expect {
            try document.operation(variables: ["v": value])
        } throws: { error in
            guard let error = error as? GraphQLCoreError else { return false }
            return error.code == .invalidVariable && error.message == "Variable values are nested too deeply."
        }
    }
}
