import GraphQLCore
import Testing
import Transport

@Suite("GraphQLRequest")
struct GraphQLRequestTests {
    @Test("a request made from a GraphQLOperation carries its text, name, kind, variables and identity")
    func fromOperation() {
        let operation = GraphQLOperation(
            kind: .mutation, name: "M", text: "mutation M($a: Int) { x(a: $a) }", rootTypeName: "Mutation",
            selectionSet: CompiledSelectionSet([]), variables: ["a": 1], cacheExpiration: nil)
        let request = GraphQLRequest(operation, extensions: ["e": true], headers: ["H": "v"])
        #expect(request.text == operation.text)
        #expect(request.operationName == "M")
        #expect(request.kind == .mutation)
        #expect(request.variables == ["a": 1])
        #expect(request.extensions == ["e": true])
        #expect(request.headers == ["H": "v"])
        #expect(request.identity == operation.identity)
    }

    @Test("a transport error describes its code, status and body kind, never the body")
    func errorDescription() {
        let error = TransportError(.http, "the server answered HTTP 500", status: 500, bodyKind: .html)
        #expect(error.description == "http (HTTP 500, html body): the server answered HTTP 500")
        #expect(TransportError(.timedOut, "slow").description == "timedOut: slow")
    }
}
