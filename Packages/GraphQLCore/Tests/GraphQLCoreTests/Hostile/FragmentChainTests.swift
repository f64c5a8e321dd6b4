import Testing

@testable import GraphQLCore

/// A document whose fragments spread each other in a long chain nests one selection level per
/// fragment, so the depth limit does not see it; the compiler must inline it without recursing per
/// fragment, on a 512 KB stack, in time linear in the document.
@Suite("Fragment chains")
struct FragmentChainTests {
    static let schemaSDL = "type Query { version: Int user: User } type User { id: ID name: String }"

    /// `query Q { ...F0 }` and `fragment Fi on Query { version ...F(i+1) }`, the last one without a spread.
    static func chain(_ count: Int) -> String {
        var text = "query Q { ...F0 }\n"
        for index in 0..<count {
            let next = index + 1 < count ? " ...F\(index + 1)" : ""
            text += "fragment F\(index) on Query { version\(next) }\n"
        }
        return text
    }

    static func compileChain(schema: Bool) -> String {
        do {
            let schema = schema ? try Schema(document: Document(parsing: schemaSDL)) : nil
            let document = try CompiledDocument(text: chain(1_000), schema: schema)
            let operation = try document.operation()
            let fields = operation.selectionSet.selections.map { selection -> String in
                if case .field(let field) = selection { return field.responseKey }
                return "other"
            }
            let last = try document.fragment(named: "F999").selectionSet.selections.count
            return "\(fields) \(last)"
        } catch {
            return "\(error)"
        }
    }

    @Test("a chain of 1,000 fragments compiles against a schema on a 512 KB stack")
    func chainWithSchema() {
        #expect(SmallStack.run { Self.compileChain(schema: true) } == "[\"version\"] 1")
    }

    @Test("a chain of 1,000 fragments compiles without a schema on a 512 KB stack")
    func chainWithoutSchema() {
        #expect(SmallStack.run { Self.compileChain(schema: false) } == "[\"version\"] 1")
    }

    @Test("a cycle at the end of a long chain is reported with the fragments it runs through")
    func cycleAtTheEnd() throws {
        let text = Self.chain(300).replacingOccurrences(
            of: "fragment F299 on Query { version }", with: "fragment F299 on Query { version ...F298 }")
        let outcome = SmallStack.run { () -> String in
            do {
                _ = try CompiledDocument(text: text)
                return "compiled"
            } catch {
                return (error as? GraphQLCoreError)?.message ?? "\(error)"
            }
        }
        #expect(outcome == "Cannot spread fragment 'F298' within itself via 'F299', 'F298'.")
    }

    @Test("a cycle of 10,000 fragments is rejected once, with the cycle error")
    func longCycle() throws {
        let text = Self.chain(10_000).replacingOccurrences(
            of: "fragment F9999 on Query { version }", with: "fragment F9999 on Query { version ...F0 }")
        let document = try Document(parsing: text, options: ParseOptions(maxTokens: nil))
        let errors = validate(document, against: try Schema(sdl: Self.schemaSDL))
        #expect(errors.count == 1)
        #expect(errors.first?.message.hasPrefix("Cannot spread fragment 'F0' within itself via 'F1', 'F2', ") == true)
        #expect(errors.first?.message.hasSuffix(" 'F9998', 'F9999'.") == true)
    }

    @Test("each fragment of a chain is compiled once per type it is compiled for")
    func eachFragmentOnce() throws {
        let document = try Document(parsing: Self.chain(50))
        var compiler = SelectionCompiler(
            fragments: Dictionary(uniqueKeysWithValues: document.fragments.map { ($0.name, $0) }), schema: nil)
        for fragment in document.fragments {
            _ = try compiler.compile(
                SelectionSet(selections: [.fragmentSpread(FragmentSpread(name: fragment.name))]),
                parentType: fragment.typeCondition)
        }
        #expect(compiler.fragmentCompilations == 50)
    }
}
