import Testing

@testable import GraphQLCore

@Suite("Suggestions")
struct SuggestionsTests {
    @Test("suggestions are the options within 40% edits of the input, closest first, then in natural order")
    func suggestionList() {
        #expect(Suggestions.list("nam", ["name", "names", "iq", "nme"]) == ["name", "names", "nme"])
        #expect(Suggestions.list("abc", ["ABC", "abc"]) == ["abc", "ABC"])
        #expect(Suggestions.list("item", ["item10", "item2", "item1"]) == ["item1", "item2", "item10"])
        #expect(Suggestions.list("ab", ["ba"]) == ["ba"])
        #expect(Suggestions.list("zzzz", ["name"]).isEmpty)
    }

    @Test("did-you-mean lists at most five suggestions with an Oxford or")
    func didYouMean() {
        #expect(Suggestions.didYouMean([]) == "")
        #expect(Suggestions.didYouMean(["a"]) == " Did you mean 'a'?")
        #expect(Suggestions.didYouMean(["a", "b"]) == " Did you mean 'a' or 'b'?")
        #expect(Suggestions.didYouMean(["a", "b", "c", "d", "e", "f"]) == " Did you mean 'a', 'b', 'c', 'd', or 'e'?")
        #expect(Suggestions.didYouMean(["A"], "the enum value") == " Did you mean the enum value 'A'?")
    }
}
