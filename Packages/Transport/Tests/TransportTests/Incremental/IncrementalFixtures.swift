/// Bodies of incremental answers as the servers send them, captured from Strawberry 0.341 on uvicorn
/// and from graphql-core 3.3.2's `experimental_execute_incrementally` for
/// `{ detail(id: "d1") { id ... @defer(label: "slow") { summary } } items(count: 2) @stream(initialCount: 1) { id name } }`.
enum IncrementalFixtures {
    /// Strawberry's `Content-Type`.
    static let strawberryContentType = #"multipart/mixed; boundary="-""#

    static let initialPart =
        #"{"data":{"detail":{"id":"d1"},"items":[{"id":"item-0","name":"Item 0"}]},"hasNext":true,"#
        + #""pending":[{"id":"0","path":["detail"],"label":"slow"},{"id":"1","path":["items"]}],"extensions":null}"#
    static let streamPart =
        #"{"hasNext":true,"extensions":null,"completed":[{"id":"1"}],"#
        + #""incremental":[{"items":[{"id":"item-1","name":"Item 1"}],"id":"1","path":["items"],"label":null}]}"#
    static let deferPart =
        #"{"hasNext":false,"extensions":null,"completed":[{"id":"0"}],"#
        + #""incremental":[{"data":{"summary":"summary of d1"},"id":"0","path":["detail"],"label":"slow"}]}"#

    /// One part as Strawberry frames it.
    static func strawberryPart(_ json: String) -> String {
        "\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)\r\n---"
    }

    /// Strawberry's whole body: `---`, each part followed by its delimiter, then `--` and CR LF.
    static let strawberryBody = "---" + [initialPart, streamPart, deferPart].map(strawberryPart).joined() + "--\r\n"

    /// graphql-core's subsequent result for the same operation: ids only, no paths, both in one part.
    static let graphQLCoreLastPart =
        #"{"hasNext": false, "incremental": [{"data": {"summary": "summary of d1"}, "id": "0"}, "#
        + #"{"items": [{"id": "item-1", "name": "Item 1"}], "id": "1"}], "completed": [{"id": "0"}, {"id": "1"}]}"#
}
