import Primitives
import Testing

@testable import GraphQLCore

/// Values an app builds (or the JSON reader returns with its depth limit raised) may nest far deeper
/// than any document: coercion must refuse them with a typed error, and writing them must not
/// recurse per level. Each probe runs on a 512 KB thread. Destroying such a value the ordinary way
/// recurses in the Swift runtime (see ``JSONValue``), so each value is built on a thread with a large
/// stack around the probe and freed there with ``JSONValue/dismantle()``.
@Suite("Deep JSON values")
struct DeepValueTests {
    static let depth = 100_000
    static let largeStack = 256 * 1024 * 1024

    static func deepArray(_ depth: Int) -> JSONValue {
        var value: JSONValue = 1
        for _ in 0..<depth { value = [value] }
        return value
    }

    static func deepObject(_ depth: Int) -> JSONValue {
        var value: JSONValue = "leaf"
        for _ in 0..<depth { value = ["n": value] }
        return value
    }

    /// `probe(make())` on a 512 KB thread, the value made and dismantled on a large one.
    static func probe<Result: Sendable>(
        _ make: @escaping @Sendable () -> JSONValue, _ probe: @escaping @Sendable (JSONValue) -> Result
    ) -> Result {
        SmallStack.run(stackSize: largeStack) {
            // The probe thread's closure may outlive the thread, so it holds the value through a box
            // that is emptied here; the box's is then the last reference.
            let box = ValueBox(make())
            let result = SmallStack.run { probe(box.value.withLock { $0 }) }
            box.take().dismantle()
            return result
        }
    }

    private final class ValueBox: Sendable {
        let value: Locked<JSONValue>
        init(_ value: JSONValue) { self.value = Locked(value) }

        /// The value, leaving `null` behind.
        func take() -> JSONValue {
            value.withLock { value in
                defer { value = .null }
                return value
            }
        }
    }

    @Test("dismantle frees a value nested 100,000 deep on a 512 KB stack")
    func dismantleIsIterative() {
        let freed = SmallStack.run {
            var value: JSONValue = 1
            for index in 0..<Self.depth { value = index.isMultiple(of: 2) ? [value] : ["n": value] }
            (consume value).dismantle()
            return true
        }
        #expect(freed)
    }

    static let customScalar = Result { () throws(GraphQLCoreError) -> CompiledDocument in
        let schema = try Schema(document: Document(parsing: "scalar JSON type Query { a(v: JSON): Int }"))
        return try CompiledDocument(text: "query($v: JSON) { a(v: $v) }", schema: schema)
    }

    static func operationOutcome(_ document: CompiledDocument, _ value: JSONValue) -> String {
        do throws(GraphQLCoreError) {
            return "made \(try document.operation(variables: ["v": value]).identity)"
        } catch {
            return "\(error.code): \(error.message) \(error.path)"
        }
    }

    @Test("a custom scalar variable nested 100,000 deep is an invalid variable, not a crash")
    func deepCustomScalar() throws {
        let document = try Self.customScalar.get()
        let expected = "invalidVariable: Variable values are nested too deeply. [\"v\"]"
        #expect(Self.probe({ Self.deepArray(Self.depth) }) { Self.operationOutcome(document, $0) } == expected)
        #expect(Self.probe({ Self.deepObject(Self.depth) }) { Self.operationOutcome(document, $0) } == expected)
    }

    @Test("without a schema, a variable of an unknown type nested 100,000 deep is an invalid variable")
    func deepUnknownTypeWithoutSchema() throws {
        let document = try CompiledDocument(text: "query($v: JSON) { a(v: $v) }")
        let outcome = Self.probe({ Self.deepObject(Self.depth) }) { Self.operationOutcome(document, $0) }
        #expect(outcome == "invalidVariable: Variable values are nested too deeply. [\"v\"]")
    }

    @Test("a custom scalar variable at the coercion limit is kept whole and keys its field")
    func customScalarAtTheLimit() throws {
        let document = try Self.customScalar.get()
        let value = Self.deepArray(InputCoercion.maxDepth)
        let operation = try document.operation(variables: ["v": value])
        #expect(operation.variables["v"] == value)
        guard case .field(let field)? = operation.selectionSet.selections.first else {
            Issue.record("no field")
            return
        }
        let open = String(repeating: "[", count: InputCoercion.maxDepth)
        let close = String(repeating: "]", count: InputCoercion.maxDepth)
        #expect(field.storageKey(variables: operation.variables) == "a(v:\(open)1\(close))")
        #expect(
            Self.operationOutcome(document, Self.deepArray(InputCoercion.maxDepth + 1)).hasPrefix("invalidVariable"))
    }

    @Test("the canonical writer of storage keys and identities writes a value nested 100,000 deep on a 512 KB stack")
    func canonicalWriterIsIterative() {
        let count = Self.probe({ Self.deepObject(Self.depth) }) { value -> Int in
            var out = ""
            StorageKey.appendCanonical(value, to: &out)
            return out.utf8.count
        }
        // `{"n":` per level, the leaf `"leaf"`, and `}` per level.
        #expect(count == Self.depth * 6 + 6)
    }

    @Test("serializing a value nested 100,000 deep works on a 512 KB stack and reads back")
    func serializerIsIterative() {
        let array = Self.probe({ Self.deepArray(Self.depth) }) { $0.serializedString() }
        #expect(array == String(repeating: "[", count: Self.depth) + "1" + String(repeating: "]", count: Self.depth))
        let object = Self.probe({ Self.deepObject(Self.depth) }) { $0.serializedString(sortedKeys: true) }
        #expect(object.utf8.count == Self.depth * 6 + 6)
        let again = Self.probe(
            { (try? JSONReader(options: JSONReader.Options(maximumDepth: Self.depth + 1)).read(array)) ?? nil }
        ) { $0.serializedString() }
        #expect(again == array)
    }
}
