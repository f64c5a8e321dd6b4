import Environment
import Foundation
import StoreCore

/// `@connection` pages in the store: a page merged onto a long list against the first page into an
/// empty store (the merge is O(page), not O(list)), and a read of the long list against parsing its
/// JSON.
func runPaginationBenchmarks() async throws {
    let schema = try Schema(
        sdl: """
            type Query { feed(first: Int, after: String): PostConnection! }
            type PostConnection { edges: [PostEdge!]! pageInfo: PageInfo! }
            type PostEdge { cursor: String! node: Post! }
            type Post { id: ID! title: String! score: Int! }
            type PageInfo { hasNextPage: Boolean! endCursor: String hasPreviousPage: Boolean! startCursor: String }
            """)
    let document = try CompiledDocument(
        text: """
            query Feed($first: Int!, $after: String) {
              feed(first: $first, after: $after) @connection(key: "Feed_feed") {
                edges { cursor node { title score } }
                pageInfo { hasNextPage endCursor hasPreviousPage startCursor }
              }
            }
            """, schema: schema)
    func root(first: Int, after: String? = nil) throws -> StoreRoot {
        var variables: JSONObject = ["first": .int(first)]
        if let after { variables["after"] = .string(after) }
        return StoreRoot(operation: try document.operation(named: "Feed", variables: variables))
    }
    let longList = 10_000
    let samples = 11
    let firstPage = paginationPage(1...100)
    let whole = paginationPage(1...longList)
    let firstRoot = try root(first: 100)
    let wholeRoot = try root(first: longList)
    // One long list, written before any timing, that every sample extends by the next 100 edges
    // (so it holds 10,000 to 11,100): a set-up that wrote a fresh long list for each sample would
    // leave that write's garbage to be freed inside the timing.
    let long = Store()
    try long.publish(try JSONValue(parsing: whole), to: wholeRoot)
    let nextPages = try (0...samples).map { index in
        let start = longList + index * 100
        return (paginationPage((start + 1)...(start + 100)), try root(first: 100, after: "c\(start)"))
    }
    var nextIndex = 0

    // Stores are kept until the end, so that freeing one never falls inside a timing.
    var kept: [Store] = []
    let (onto, first) = try alternatingMedians(
        samples: samples,
        setUp: { () -> (Data, StoreRoot) in
            defer { nextIndex += 1 }
            return nextPages[nextIndex]
        },
        { page in try long.publish(try JSONValue(parsing: page.0), to: page.1) },
        setUp: { () -> Store in
            let store = Store()
            kept.append(store)
            return store
        },
        { store in try store.publish(try JSONValue(parsing: firstPage), to: firstRoot) })
    report(
        "loadNext's write: 100 edges onto a 10,000-edge connection", onto, against: "the first 100 into an empty store",
        first, limit: 2)

    let store = Store()
    try store.publish(try JSONValue(parsing: whole), to: wholeRoot)
    let pageRead = firstRoot
    let (read, parse) = try alternatingMedians(
        samples: 11, { blackHole(store.lookup(pageRead)) },
        { blackHole(try JSONSerialization.jsonObject(with: whole)) })
    report(
        "read a 10,000-edge connection (the first page's root)", read,
        against: "JSONSerialization parse of its JSON", parse, limit: 1)
    blackHole(kept)
}

/// A page of the posts `range` as the server sends it, cursors `c<n>`.
private func paginationPage(_ range: ClosedRange<Int>) -> Data {
    var text = #"{"feed":{"__typename":"PostConnection","edges":["#
    for id in range {
        if id != range.lowerBound { text += "," }
        text += #"{"__typename":"PostEdge","cursor":"c\#(id)","node":{"__typename":"Post","id":"p\#(id)","#
        text += #""title":"Post number \#(id)","score":\#(id % 97)}}"#
    }
    text += #"],"pageInfo":{"__typename":"PageInfo","hasNextPage":true,"endCursor":"c\#(range.upperBound)","#
    text += #""hasPreviousPage":\#(range.lowerBound > 1),"startCursor":"c\#(range.lowerBound)"}}}"#
    return Data(text.utf8)
}
