import Foundation
import Testing

@testable import GraphQLCore

/// graphql-core 3.3's rules for `@defer` and `@stream`, and its recommended `MaxIntrospectionDepthRule`.
/// The reference corpus (`defer-stream-*`, `stream-directive-*`, `overlapping-fields-stream*`,
/// `max-introspection-depth-*`) checks them word for word against graphql-core; these tests pin each rule
/// on its own, the schema that does not declare the directives, and the bounds decision record 0161 adds.
@Suite("Validation of @defer, @stream and introspection depth")
struct DeferStreamValidationTests {
    /// A schema that declares the directives, as a server with incremental delivery does.
    static let sdl = """
        type Query { dog: Dog dogs: [Dog] name: String }
        type Mutation { rename(name: String): Dog }
        type Subscription { barked: Dog }
        type Dog { name: String owner: Dog friends: [Dog!]! }
        directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @stream(if: Boolean! = true, label: String, initialCount: Int = 0) on FIELD
        """

    private func errors(_ text: String, sdl: String = Self.sdl) throws -> [GraphQLCoreError] {
        try validate(Document(parsing: text), against: Schema(sdl: sdl))
    }

    private func summary(_ errors: [GraphQLCoreError]) -> [String] {
        errors.map { error in
            "\(error.rule ?? "") \(error.locations.map { "\($0.line):\($0.column)" }.joined(separator: ",")) "
                + error.message
        }
    }

    @Test("@defer and @stream on a mutation's or subscription's root fields are rejected; on a query's, accepted")
    func rootFields() throws {
        let mutation = try errors("mutation { ... @defer { rename(name: \"a\") { name } } }")
        #expect(
            summary(mutation) == [
                "DeferStreamDirectiveOnRootField 1:16 Defer directive cannot be used on root mutation type 'Mutation'."
            ])
        let subscription = try errors(
            "subscription S($f: Boolean!) { ...Root @defer(if: $f) } fragment Root on Subscription { barked { name } }")
        #expect(
            summary(subscription) == [
                "DeferStreamDirectiveOnRootField 1:40 Defer directive cannot be used on root subscription type 'Subscription'."
            ])
        #expect(try errors("{ ... @defer { dog { name } } dogs @stream { name } }").isEmpty)
        #expect(try errors("mutation { rename(name: \"a\") { ... @defer { name } } }").isEmpty)
    }

    @Test("a subscription's @defer and @stream need an if that can be false, or a @skip or @include around them")
    func subscriptions() throws {
        let found = try errors(
            """
            subscription S($f: Boolean!) {
              barked {
                ...Owner
                ... @defer(if: $f) { name }
                friends @skip(if: $f) @stream { name }
              }
            }
            fragment Owner on Dog { owner { friends @stream { name } } }
            """)
        #expect(
            summary(found) == [
                "DeferStreamDirectiveOnValidOperationsRule 8:41,3:5 Stream directive not supported on subscription"
                    + " operations. Disable `@stream` by setting the `if` argument to `false`."
            ])
    }

    @Test("an error reached through a long chain of spreads lists at most 19 of them, innermost first")
    func spreadLocationsAreBounded() throws {
        var text = "subscription { barked { ...F0 } }\n"
        for index in 0..<30 {
            let next = index < 29 ? "...F\(index + 1)" : "... @defer { name }"
            text += "fragment F\(index) on Dog { \(next) }\n"
        }
        let found = try errors(text)
        #expect(found.map(\.rule) == ["DeferStreamDirectiveOnValidOperationsRule"])
        let locations = try #require(found.first?.locations)
        #expect(locations.count == 20)
        #expect(locations.first == SourceLocation(line: 31, column: 27))
        #expect(locations.dropFirst().first == SourceLocation(line: 30, column: 23))
        #expect(locations.last == SourceLocation(line: 12, column: 23))
    }

    @Test("labels are string literals, and unique across the document")
    func labels() throws {
        let found = try errors(
            """
            query A($l: String) { dog { ... @defer(label: "x") { name } ... @defer(label: $l) { owner { name } } } }
            query B { dogs @stream(label: "x") { name } ... @defer(label: null) { name } }
            """)
        #expect(
            summary(found) == [
                "DeferStreamDirectiveLabel 1:33,2:16 Defer/Stream directive label argument must be unique.",
                "DeferStreamDirectiveLabel 1:65 Defer directive label argument must be a static string.",
            ])
    }

    @Test("@stream only on a list field")
    func streamOnLists() throws {
        let found = try errors(
            "{ name @stream dogs @stream { friends @stream(initialCount: 1) { name } } dog @stream { name } }")
        #expect(
            summary(found) == [
                "StreamDirectiveOnListField 1:8 Stream directive cannot be used on non-list field 'name' on type 'Query'.",
                "StreamDirectiveOnListField 1:79 Stream directive cannot be used on non-list field 'dog' on type 'Query'.",
            ])
    }

    @Test("two fields of one response key conflict when either streams, even fields that cannot both apply")
    func overlappingStreams() throws {
        let found = try errors(
            "{ dogs @stream { name } dogs { name } dog { friends @stream { name } friends @stream { name } } }")
        #expect(
            found.map(\.message) == [
                "Fields 'dogs' conflict because they have overlapping stream directives."
                    + " Use different aliases on the fields to fetch both if this was intentional.",
                "Fields 'friends' conflict because they have overlapping stream directives."
                    + " See https://github.com/graphql/defer-stream-wg/discussions/100."
                    + " Use different aliases on the fields to fetch both if this was intentional.",
            ])
        #expect(
            found.map(\.locations) == [
                [.init(line: 1, column: 3), .init(line: 1, column: 25)],
                [.init(line: 1, column: 45), .init(line: 1, column: 70)],
            ])
    }

    @Test("a schema that does not declare @defer or @stream still gets their rules, as in graphql-core")
    func undeclaredDirectives() throws {
        let sdl = "type Query { a: Int list: [Int] } type Mutation { a: Int } type Subscription { a: Int }"
        #expect(
            Set(summary(try errors("mutation { ... @defer { a } }", sdl: sdl))) == [
                "DeferStreamDirectiveOnRootField 1:16 Defer directive cannot be used on root mutation type 'Mutation'.",
                "KnownDirectivesRule 1:16 Unknown directive '@defer'.",
            ])
        #expect(
            Set(summary(try errors("{ list @stream(initialCount: 1) a @stream }", sdl: sdl))) == [
                "KnownDirectivesRule 1:8 Unknown directive '@stream'.",
                "KnownDirectivesRule 1:35 Unknown directive '@stream'.",
                "StreamDirectiveOnListField 1:35 Stream directive cannot be used on non-list field 'a' on type 'Query'.",
            ])
    }

    @Test("introspection nested three lists deep is rejected once, at the __schema or __type field")
    func introspectionDepth() throws {
        let deep = "{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }"
        #expect(summary(try errors(deep)) == ["MaxIntrospectionDepthRule 1:3 Maximum introspection depth exceeded"])
        let throughFragments = """
            { __type(name: "Dog") { ...F } }
            fragment F on __Type { fields { type { interfaces { possibleTypes { name } } } } }
            """
        #expect(
            summary(try errors(throughFragments)) == [
                "MaxIntrospectionDepthRule 1:3 Maximum introspection depth exceeded"
            ])
        #expect(try errors("{ __schema { types { fields { type { interfaces { name } } } } } }").isEmpty)
    }

    /// The rules' walks along fragment chains must not recurse: run them alone, without the large stack
    /// `validate` gives a document with many fragments, on the 512 KB that Apple platforms give
    /// secondary threads.
    @Test("a chain of 3,000 fragments goes through the new rules on a 512 KB stack")
    func longChainsOnSmallStack() async throws {
        let schema = try Schema(sdl: Self.sdl)
        var text = """
            subscription { barked { ...D0 } }
            mutation { ...M0 }
            { __schema { queryType { ...T0 } } }

            """
        let count = 3000
        for index in 0..<count {
            let last = index == count - 1
            text += "fragment D\(index) on Dog { \(last ? "... @defer { name }" : "...D\(index + 1)") }\n"
            text +=
                "fragment M\(index) on Mutation { \(last ? "... @defer { rename { name } }" : "...M\(index + 1)") }\n"
            text +=
                "fragment T\(index) on __Type { \(last ? "fields { type { fields { type { fields { name } } } } }" : "ofType { ...T\(index + 1) }") }\n"
        }
        let document = try Document(parsing: text, options: ParseOptions(maxTokens: nil))
        let rules = await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
            let thread = Thread {
                let context = ValidationContext(schema: schema, document: document)
                var walker = DocumentWalker(
                    context: context,
                    rules: [
                        DeferStreamDirectiveOnRootField(), DeferStreamDirectiveOnValidOperationsRule(),
                        MaxIntrospectionDepthRule(),
                    ])
                walker.walk()
                continuation.resume(returning: context.errors.compactMap(\.rule))
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(
            rules.sorted() == [
                "DeferStreamDirectiveOnRootField", "DeferStreamDirectiveOnValidOperationsRule",
                "MaxIntrospectionDepthRule",
            ])
    }
}
