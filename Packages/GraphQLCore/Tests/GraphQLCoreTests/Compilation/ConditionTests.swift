import GraphQLCore
import Testing

@Suite("Compilation-Conditions")
struct ConditionTests {
    typealias F = CompilationFixtures

    @Test("@include and @skip with literals are applied at compile time")
    func literalConditionsApplied() throws {
        let operation = try F.compile(
            """
            { viewer {
                name @include(if: true)
                id @skip(if: false)
                avatar @include(if: false)
                posts @skip(if: true) { title }
                ... on User @include(if: false) { __typename }
            } }
            """
        ).operation()
        #expect(
            operation.selectionSet.selections == [
                F.object("viewer", [F.leaf("name"), F.leaf("id"), F.leaf("__typename")])
            ])
    }

    @Test("@include with a variable becomes a conditional that passes on true")
    func includeVariable() throws {
        let operation = try F.compile("query ($full: Boolean!) { viewer { name avatar @include(if: $full) } }")
            .operation(variables: ["full": false])
        let conditional = CompiledConditional(
            variable: "full", passingValue: true, selectionSet: CompiledSelectionSet([F.leaf("avatar")]))
        #expect(
            operation.selectionSet.selections == [
                F.object("viewer", [F.leaf("name"), .conditional(conditional), F.leaf("__typename"), F.leaf("id")])
            ])
        #expect(!conditional.passes(variables: operation.variables))
        #expect(conditional.passes(variables: ["full": true]))
    }

    @Test("@skip with a variable on a fragment spread wraps the fragment's selections")
    func skipVariableOnSpread() throws {
        let document = try F.compile(
            """
            query ($brief: Boolean = false) { viewer { ...Extra @skip(if: $brief) } }
            fragment Extra on User { avatar }
            """)
        let operation = try document.operation()
        let conditional = CompiledConditional(
            variable: "brief", passingValue: false,
            selectionSet: CompiledSelectionSet([F.leaf("avatar"), F.leaf("__typename"), F.leaf("id")]))
        #expect(
            operation.selectionSet.selections == [
                F.object("viewer", [.conditional(conditional), F.leaf("__typename"), F.leaf("id")])
            ])
        #expect(operation.variables == ["brief": false])
        #expect(conditional.passes(variables: operation.variables))
    }

    @Test("both directives with variables nest, @include outermost when written first")
    func bothDirectivesNest() throws {
        let operation = try F.compile(
            "query ($a: Boolean!, $b: Boolean!) { viewer { name @include(if: $a) @skip(if: $b) } }"
        ).operation(variables: ["a": true, "b": false])
        let inner = CompiledConditional(
            variable: "b", passingValue: false, selectionSet: CompiledSelectionSet([F.leaf("name")]))
        let outer = CompiledConditional(
            variable: "a", passingValue: true, selectionSet: CompiledSelectionSet([.conditional(inner)]))
        #expect(
            operation.selectionSet.selections == [
                F.object("viewer", [.conditional(outer), F.leaf("__typename"), F.leaf("id")])
            ])
    }

    @Test("a conditional type case keeps the type case inside the conditional")
    func conditionalTypeCase() throws {
        let operation = try F.compile(
            #"query ($p: Boolean!) { node(id: "1") { ... on Post @include(if: $p) { title } } }"#
        ).operation(variables: ["p": true])
        let typeCase = CompiledTypeCase(
            typeCondition: "Post", possibleTypes: ["Post"], selectionSet: CompiledSelectionSet([F.leaf("title")]))
        let conditional = CompiledConditional(
            variable: "p", passingValue: true, selectionSet: CompiledSelectionSet([.typeCase(typeCase)]))
        guard case .field(let node) = operation.selectionSet.selections.first else {
            Issue.record("expected node")
            return
        }
        #expect(node.selectionSet?.selections.first == .conditional(conditional))
    }

    @Test("literal conditions stay in the text to send, which the server applies alike")
    func literalConditionsStayInText() throws {
        let operation = try F.compile("{ viewer { avatar @include(if: false) } }").operation()
        #expect(operation.text.contains(sent("avatar @include(if: false)")))
    }
}
