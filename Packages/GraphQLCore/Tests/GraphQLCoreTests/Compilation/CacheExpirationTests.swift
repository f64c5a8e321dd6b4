import GraphQLCore
import Testing

@Suite("Compilation-CacheExpiration")
struct CacheExpirationTests {
    typealias F = CompilationFixtures

    @Test("@cacheExpiration(seconds:) on the operation becomes its cache expiration and leaves the text")
    func readAndStripped() throws {
        let operation = try F.compile("query Q @cacheExpiration(seconds: 3600) { viewer { name } }").operation()
        #expect(operation.cacheExpiration == .seconds(3600))
        #expect(!operation.text.contains(sent("cacheExpiration")))
        #expect(operation.text.hasPrefix(sent("query Q {")))
    }

    @Test("an operation without @cacheExpiration leaves the store's default in charge")
    func absentIsNil() throws {
        #expect(try F.compile("{ viewer { name } }").operation().cacheExpiration == nil)
    }

    @Test("without a schema @cacheExpiration is still read and stripped")
    func withoutSchema() throws {
        let operation = try F.compile("query Q @cacheExpiration(seconds: 5) { viewer { name } }", withSchema: false)
            .operation()
        #expect(operation.cacheExpiration == .seconds(5))
        #expect(!operation.text.contains(sent("@")))
    }

    @Test(
        "a zero, negative, fractional, variable, oversized or missing seconds is an invalidClientDirective error",
        arguments: [
            "@cacheExpiration(seconds: 0)", "@cacheExpiration(seconds: -5)", "@cacheExpiration(seconds: 1.5)",
            "@cacheExpiration(seconds: $s)", "@cacheExpiration(seconds: 99999999999)", "@cacheExpiration",
            "@cacheExpiration(seconds: 1) @cacheExpiration(seconds: 2)",
        ])
    func invalid(directive: String) throws {
        let text = "query Q($s: Int) \(directive) { feed(first: $s) { title } }"
        #expect {
            try F.compile(text, withSchema: false)
        } throws: { error in
            (error as? GraphQLCoreError)?.code == .invalidClientDirective
        }
    }
}
