import Foundation
import Testing

@testable import GraphQLCore

/// Validation, compilation, coercion and the AST's synthesized `==` and `hash(into:)` recurse along
/// the document's and the value's nesting; documents are bounded by the parser's depth limit and
/// variables by ``InputCoercion/maxDepth``. Measured in a debug build on Linux, one level of
/// selection-set nesting costs about 4 KB of stack in each of validation, compilation and the AST's
/// `==`, and one level of an input object costs about 6 KB in coercion, so the limits (64 each) keep
/// each step within about 384 KB: everything here runs on one thread with a 512 KB stack, the size
/// Apple platforms give secondary threads (decision record 0091).
@Suite("Compilation stack use")
struct CompilationStackTests {
    static let limit = ParseOptions().maxDepth

    static func deepList(_ depth: Int) -> JSONValue {
        var value: JSONValue = 1
        for _ in 0..<depth { value = [value] }
        return value
    }

    static let deepSchemaSDL =
        "type Query { a: A } type A { a: A id: ID b(v: [[Int]], w: In): Int }\ninput In { n: In }"

    /// Selection sets nested to the limit: `{a{a{...{a{id}}}}}`, valid against ``deepSchemaSDL``.
    static let deepSelections = String(repeating: "{a", count: limit - 1) + "{id" + String(repeating: "}", count: limit)

    static let deepValues: [(String, JSONObject)] = {
        let listType = String(repeating: "[", count: limit - 1) + "Int" + String(repeating: "]", count: limit - 1)
        let argument = String(repeating: "[", count: limit - 1) + String(repeating: "]", count: limit - 1)
        return [
            ("{a(v: \(argument))}", [:]),
            ("query($v: \(listType)) { a(v: $v) }", ["v": deepList(limit - 1)]),
            ("query($v: \(listType)) { a(v: $v) }", ["v": 1]),
        ]
    }()

    /// Every step that walks a document at the depth limit, with a schema: parse, validate,
    /// compile, coerce, compare and hash the AST and the compiled tree.
    static func runDeepSelections() -> [String] {
        do {
            let schema = try Schema(document: Document(parsing: deepSchemaSDL))
            let document = try Document(parsing: deepSelections)
            let again = try Document(parsing: deepSelections)
            var outcomes: [String] = []
            outcomes.append(document == again && document.hashValue == again.hashValue ? "equal" : "unequal")
            let compiled = try CompiledDocument(document: document, schema: schema)
            let operation = try compiled.operation()
            let other = try CompiledDocument(document: again, schema: schema).operation()
            outcomes.append(operation == other && operation.hashValue == other.hashValue ? "compiled" : "differs")
            let noSchema = try CompiledDocument(document: document).operation()
            outcomes.append(noSchema.selectionSet.hashValue == noSchema.selectionSet.hashValue ? "compiled" : "differs")
            return outcomes
        } catch {
            return ["\(error)"]
        }
    }

    /// A recursive input object nested to ``InputCoercion/maxDepth`` coerced against the schema, and
    /// the operation's identity and hash computed from it.
    static func runDeepVariable() -> [String] {
        do {
            let schema = try Schema(document: Document(parsing: deepSchemaSDL))
            var value: JSONValue = [:]
            for _ in 0..<InputCoercion.maxDepth { value = ["n": value] }
            let document = try CompiledDocument(text: "query($w: In) { a { b(w: $w) } }", schema: schema)
            let operation = try document.operation(variables: ["w": value])
            let again = try document.operation(variables: ["w": value])
            let key: String? =
                if case .field(let a)? = operation.selectionSet.selections.first,
                    case .field(let b)? = a.selectionSet?.selections.first
                {
                    b.storageKey(variables: operation.variables)
                } else {
                    nil
                }
            let same = operation.identity == again.identity && operation.hashValue == again.hashValue
            return [same && key?.hasPrefix("b(w:{\"n\":{\"n\":") == true ? "coerced" : "differs"]
        } catch {
            return ["\(error)"]
        }
    }

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

    @Test("a document at the nesting limit parses, validates, compiles, compares and hashes on a 512 KB stack")
    func deepSelectionsOnSmallStack() async {
        let outcomes = await Self.onThread(stackSize: 512 * 1024) { Self.runDeepSelections() }
        #expect(outcomes == ["equal", "compiled", "compiled"])
    }

    @Test("a variable at the coercion nesting limit coerces and keys its field on a 512 KB stack")
    func deepVariableOnSmallStack() async {
        let outcomes = await Self.onThread(stackSize: 512 * 1024) { Self.runDeepVariable() }
        #expect(outcomes == ["coerced"])
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
