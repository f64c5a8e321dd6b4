import GraphQLCore
import StoreCore
import Testing

@Suite("Reader-check with position hints")
struct CheckHintTests {
    static func item(_ id: Int) -> StoreRoot {
        query([object("item", arguments: ["id": .literal(.int(id))], [typename, leaf("id"), leaf("title")])])
    }

    static func data(_ id: Int, title: String = "t") -> JSONValue {
        ["item": ["__typename": "Item", "id": .string(String(id)), "title": .string(title)]]
    }

    @Test("a check with hints answers as one without, while records move, go and come back")
    func agreesThroughChanges() throws {
        let store = makeStore()
        let roots = (0..<40).map(Self.item)
        for (id, root) in roots.enumerated() { try store.publish(Self.data(id), to: root) }
        var hints = Array(repeating: RecordPositionHints(), count: roots.count)
        func expectAgreement(_ comment: Comment) {
            for (index, root) in roots.enumerated() {
                let hinted = store.check(root, hints: &hints[index])
                #expect(hinted == store.check(root), comment)
            }
        }
        expectAgreement("the first check, which makes the hints")
        expectAgreement("the second, which uses them")

        // Collecting all but the last few removes most records and compacts the rest: every hint
        // for a kept record now points at the wrong position, and those for the others at nothing.
        store.collectGarbage(retaining: Array(roots.suffix(5)))
        expectAgreement("after a collection moved the kept records")
        #expect(store.check(roots[0], hints: &hints[0]).isMissingData)

        // Written again, the removed records come back at new positions.
        for (id, root) in roots.enumerated() { try store.publish(Self.data(id, title: "again"), to: root) }
        expectAgreement("after the records came back")

        // An optimistic layer is read over the records, whatever the hints say.
        try store.applyOptimistic(
            "layer", ["item": ["__typename": "Item", "id": "3", "title": "optimistic"]], to: roots[3])
        expectAgreement("under an optimistic layer")
        store.removeOptimistic("layer")
        expectAgreement("after the layer went")
    }
}
