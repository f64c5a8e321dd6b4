import GraphQLCore
import Testing
import Transport

@Suite("Folding the parts of an incremental answer")
struct ApplyingIncrementsTests {
    static let initial = GraphQLResponse(
        data: [
            "viewer": ["id": "1", "profile": ["name": "Ada"]],
            "feed": [["id": "p1"], ["id": "p2"]],
        ],
        hasNext: true)

    @Test("deferred fields merge into the object at their path, nested objects beside their own fields")
    func fieldsMerge() throws {
        var answer = Self.initial
        try answer.apply(
            GraphQLResponse(
                hasNext: true,
                increments: [
                    GraphQLIncrement(
                        path: [.key("viewer")], payload: .fields(["bio": "Analyst", "profile": ["avatar": "a.png"]])),
                    GraphQLIncrement(path: [.key("feed"), .index(1)], payload: .fields(["title": "Two"])),
                ]))
        #expect(
            answer.data == [
                "viewer": ["id": "1", "profile": ["name": "Ada", "avatar": "a.png"], "bio": "Analyst"],
                "feed": [["id": "p1"], ["id": "p2", "title": "Two"]],
            ])
        #expect(answer.hasNext)
    }

    @Test("streamed items are appended to the list at their path; errors and hasNext come from the part")
    func itemsAppend() throws {
        var answer = Self.initial
        let error = GraphQLServerError(message: "p4 failed", path: [.key("feed"), .index(3)])
        try answer.apply(
            GraphQLResponse(
                errors: [error], extensions: ["cost": 3], hasNext: false,
                increments: [GraphQLIncrement(path: [.key("feed")], payload: .items([["id": "p3"]]))]))
        #expect(answer.data?["feed"] == [["id": "p1"], ["id": "p2"], ["id": "p3"]])
        #expect(answer.errors == [error])
        #expect(answer.extensions == ["cost": 3])
        #expect(!answer.hasNext)
    }

    @Test(
        "an increment that does not fit is a typed error and the answer stays as it was",
        arguments: [
            GraphQLIncrement(path: [.key("nobody")], payload: .fields(["a": 1])),
            GraphQLIncrement(path: [.key("feed"), .index(9)], payload: .fields(["a": 1])),
            GraphQLIncrement(path: [.key("viewer"), .index(0)], payload: .fields(["a": 1])),
            GraphQLIncrement(path: [.key("viewer")], payload: .items([1])),
            GraphQLIncrement(path: [.key("feed")], payload: .fields(["a": 1])),
            GraphQLIncrement(path: [.key("viewer"), .key("id")], payload: .fields(["a": 1])),
        ])
    func misfit(_ increment: GraphQLIncrement) {
        var answer = Self.initial
        let fitting = GraphQLIncrement(path: [.key("viewer")], payload: .fields(["bio": "Analyst"]))
        #expect {
            try answer.apply(GraphQLResponse(hasNext: false, increments: [fitting, increment]))
        } throws: { ($0 as? TransportError)?.code == .invalidIncrement }
        #expect(answer == Self.initial)
    }

    @Test("a part after the last one, or for an answer without data, is a typed error")
    func outOfOrder() throws {
        var finished = Self.initial
        try finished.apply(GraphQLResponse(hasNext: false))
        #expect {
            try finished.apply(GraphQLResponse(hasNext: false))
        } throws: { ($0 as? TransportError)?.code == .invalidIncrement }
        var empty = GraphQLResponse(data: nil, hasNext: true)
        #expect {
            try empty.apply(GraphQLResponse(hasNext: false))
        } throws: { ($0 as? TransportError)?.code == .invalidIncrement }
    }
}
