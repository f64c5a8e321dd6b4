import Testing

@testable import GraphQLCore

@Suite("JSONReader nesting limit")
struct JSONReaderDepthTests {
    private func expectTooDeep(_ text: String, options: JSONReader.Options = .default) {
        #expect {
            _ = try JSONValue(parsing: text, options: options)
        } throws: { error in
            guard let error = error as? GraphQLCoreError else { return false }
            return error.code == .invalidJSON
                && error.message.contains("nest deeper than the limit of \(options.maximumDepth)")
        }
    }

    @Test("100,000 open brackets fail with a typed error, not a stack overflow")
    func hundredThousandBrackets() {
        expectTooDeep(String(repeating: "[", count: 100_000))
    }

    @Test("100,000 balanced brackets fail with a typed error, not a stack overflow")
    func hundredThousandBalancedBrackets() {
        expectTooDeep(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
    }

    @Test("100,000 nested objects fail with a typed error, not a stack overflow")
    func hundredThousandObjects() {
        expectTooDeep(String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000))
    }

    @Test("512 levels read by default and 513 do not")
    func defaultLimitIsExact() throws {
        let atLimit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var value = try JSONValue(parsing: atLimit)
        var depth = 0
        while case .array(let items) = value {
            depth += 1
            value = items.first ?? .null
        }
        #expect(depth == 512)
        expectTooDeep(String(repeating: "[", count: 513) + String(repeating: "]", count: 513))
    }

    @Test("the limit is configurable in both directions")
    func configurableLimit() throws {
        let small = JSONReader.Options(maximumDepth: 3)
        #expect(try JSONValue(parsing: #"{"a":[{"b":1}]}"#, options: small) == ["a": [["b": 1]]])
        expectTooDeep(#"{"a":[{"b":[1]}]}"#, options: small)

        let large = JSONReader.Options(maximumDepth: 3000)
        let deep = String(repeating: #"{"a":["#, count: 1400) + String(repeating: "]}", count: 1400)
        #expect(throws: Never.self) { try JSONValue(parsing: deep, options: large) }
        expectTooDeep(deep)
    }

    @Test("a scalar at the top level needs no depth at all")
    func zeroDepth() throws {
        let none = JSONReader.Options(maximumDepth: 0)
        #expect(try JSONValue(parsing: "1", options: none) == 1)
        expectTooDeep("[]", options: none)
    }
}
