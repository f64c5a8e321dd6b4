import GraphQLCore
import Testing

@Suite("Compilation-Inlining")
struct SelectionInliningTests {
    typealias F = CompilationFixtures

    @Test("a fragment spread on the parent's own type merges its selections into the parent")
    func spreadOnSameTypeMerges() throws {
        let document = try F.compile(
            """
            query { viewer { ...UserName } }
            fragment UserName on User { name }
            """)
        let operation = try document.operation()
        #expect(
            operation.selectionSet.selections == [
                F.object("viewer", [F.leaf("name"), F.leaf("__typename"), F.leaf("id")])
            ])
    }

    @Test("a spread on an interface the parent's object type implements merges into the parent")
    func interfaceCoveringObjectMerges() throws {
        let operation = try F.compile("{ viewer { name ... on Node { id } } }").operation()
        #expect(
            operation.selectionSet.selections == [
                F.object("viewer", [F.leaf("name"), F.leaf("id"), F.leaf("__typename")])
            ])
    }

    @Test("an inline fragment without a type condition merges into the parent")
    func inlineFragmentWithoutCondition() throws {
        let operation = try F.compile("{ viewer { ... { name } } }").operation()
        #expect(
            operation.selectionSet.selections == [
                F.object("viewer", [F.leaf("name"), F.leaf("__typename"), F.leaf("id")])
            ])
    }

    @Test("a fragment on an object type inside an interface field becomes a type case with that one type")
    func objectConditionOnInterfaceIsTypeCase() throws {
        let operation = try F.compile(#"{ node(id: "1") { ... on Post { title } } }"#).operation()
        let expected = CompiledTypeCase(
            typeCondition: "Post", possibleTypes: ["Post"], selectionSet: CompiledSelectionSet([F.leaf("title")]))
        #expect(
            operation.selectionSet.selections == [
                F.object(
                    "node", arguments: [CompiledArgument(name: "id", value: .literal("1"))],
                    [.typeCase(expected), F.leaf("__typename"), F.leaf("id")])
            ])
    }

    @Test("an interface condition inside a union field resolves to the interface's implementations")
    func abstractConditionResolvesPossibleTypes() throws {
        let operation = try F.compile(#"{ search(text: "a") { ... on Node { id } } }"#).operation()
        guard case .field(let search) = operation.selectionSet.selections.first,
            case .typeCase(let typeCase)? = search.selectionSet?.selections.first
        else {
            Issue.record("expected a type case under search")
            return
        }
        #expect(typeCase.typeCondition == "Node")
        #expect(typeCase.possibleTypes == ["Post", "User"])
        #expect(typeCase.matches(typename: "User"))
        #expect(!typeCase.matches(typename: "Comment"))
    }

    @Test("nested fragments are inlined through every level")
    func nestedFragmentsInline() throws {
        let document = try F.compile(
            """
            query { feed { ...PostCard } }
            fragment PostCard on Post { title author { ...Author } }
            fragment Author on User { name }
            """)
        let operation = try document.operation()
        #expect(
            operation.selectionSet.selections == [
                F.object(
                    "feed",
                    [
                        F.leaf("title"),
                        F.object("author", [F.leaf("name"), F.leaf("__typename"), F.leaf("id")]),
                        F.leaf("__typename"), F.leaf("id"),
                    ])
            ])
    }

    @Test("fields of one response key merge, and so do their sub-selections")
    func fieldsMergeByResponseKey() throws {
        let document = try F.compile(
            """
            query { viewer { name } viewer { id posts(first: 2) { title } } ...More }
            fragment More on Query { viewer { posts(first: 2) { likes } } }
            """)
        let operation = try document.operation()
        #expect(
            operation.selectionSet.selections == [
                F.object(
                    "viewer",
                    [
                        F.leaf("name"), F.leaf("__typename"), F.leaf("id"),
                        F.object(
                            "posts", arguments: [CompiledArgument(name: "first", value: .literal(2))],
                            [F.leaf("title"), F.leaf("__typename"), F.leaf("id"), F.leaf("likes")]),
                    ])
            ])
    }

    @Test("aliases keep fields of one name apart")
    func aliasesStayApart() throws {
        let operation = try F.compile(
            #"{ viewer { small: avatar(size: 32) large: avatar(size: 256) } }"#
        ).operation()
        guard case .field(let viewer) = operation.selectionSet.selections.first else {
            Issue.record("expected viewer")
            return
        }
        let keys = viewer.selectionSet?.selections.compactMap { selection -> String? in
            if case .field(let field) = selection { return field.responseKey }
            return nil
        }
        #expect(keys == ["small", "large", "__typename", "id"])
    }

    @Test("type cases on the same type merge into one")
    func typeCasesMerge() throws {
        let document = try F.compile(
            """
            query { search(text: "a") { ... on Post { title } ...P } }
            fragment P on Post { likes }
            """)
        let operation = try document.operation()
        guard case .field(let search) = operation.selectionSet.selections.first else {
            Issue.record("expected search")
            return
        }
        let postCase = CompiledTypeCase(
            typeCondition: "Post", possibleTypes: ["Post"],
            selectionSet: CompiledSelectionSet([F.leaf("title"), F.leaf("id"), F.leaf("likes"), F.leaf("__typename")]))
        #expect(search.selectionSet?.selections == [.typeCase(postCase), F.leaf("__typename")])
    }

    @Test("without a schema a type condition matches by __typename alone")
    func withoutSchemaTypeCasesMatchTypename() throws {
        let operation = try F.compile(#"{ node(id: "1") { ... on Node { id } } }"#, withSchema: false).operation()
        guard case .field(let node) = operation.selectionSet.selections.first,
            case .typeCase(let typeCase)? = node.selectionSet?.selections.first
        else {
            Issue.record("expected a type case under node")
            return
        }
        #expect(typeCase.possibleTypes == nil)
        #expect(typeCase.matches(typename: "Node"))
        #expect(!typeCase.matches(typename: "Post"))
    }

    @Test("without a schema a fragment on the root type merges into the root")
    func withoutSchemaRootFragmentMerges() throws {
        let document = try F.compile(
            """
            query { ...Root }
            fragment Root on Query { viewer { name } }
            """, withSchema: false)
        #expect(
            try document.operation().selectionSet.selections == [
                F.object("viewer", [F.leaf("name"), F.leaf("__typename")])
            ])
    }

    @Test("a compiled fragment reads its own type's selections, nested fragments inlined")
    func compiledFragment() throws {
        let document = try F.compile(
            """
            query { node(id: "1") { ...Card } }
            fragment Card on Post { title author { ...Name } }
            fragment Name on User { name }
            """)
        let card = try document.fragment(named: "Card")
        #expect(card.typeCondition == "Post")
        #expect(card.possibleTypes == ["Post"])
        #expect(
            card.selectionSet.selections == [
                F.leaf("title"), F.object("author", [F.leaf("name"), F.leaf("__typename"), F.leaf("id")]),
                F.leaf("__typename"), F.leaf("id"),
            ])
        #expect(throws: GraphQLCoreError.self) { try document.fragment(named: "Missing") }
    }

    @Test("without a schema a fragment cycle is an error, not a hang")
    func fragmentCycleWithoutSchema() throws {
        #expect {
            try F.compile(
                """
                query { viewer { ...A } }
                fragment A on User { ...B }
                fragment B on User { ...A }
                """, withSchema: false)
        } throws: { error in
            (error as? GraphQLCoreError)?.rule == "NoFragmentCyclesRule"
        }
    }

    @Test("without a schema an unknown fragment is an error")
    func unknownFragmentWithoutSchema() throws {
        #expect {
            try F.compile("query { viewer { ...Nope } }", withSchema: false)
        } throws: { error in
            (error as? GraphQLCoreError)?.rule == "KnownFragmentNamesRule"
        }
    }
}
