import Environment
import Foundation

/// Parsing and printing a ~2,000-line document, against reading JSON of the same byte size with
/// Foundation and against a plain scan of the same UTF-8 bytes.
func runParserBenchmarks() async throws {
    let text = benchmarkDocument(lines: 2_000)
    let byteCount = text.utf8.count
    let json = Data(benchmarkJSON(bytes: byteCount).utf8)
    let lineCount = text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    print("document: \(lineCount) lines, \(byteCount) bytes; JSON floor: \(json.count) bytes")

    let repetitions = 20
    // `PARSE_ONLY=1` or `PRINT_ONLY=1` runs just one side many times, for a profiler such as `perf record`.
    if ProcessInfo.processInfo.environment["PARSE_ONLY"] != nil {
        for _ in 0..<400 { blackHole(try Document(parsing: text)) }
        return
    }
    if ProcessInfo.processInfo.environment["PRINT_ONLY"] != nil {
        let document = try Document(parsing: text)
        for _ in 0..<200 { blackHole(Printer.print(document)) }
        return
    }
    // FNV-1a: every byte feeds the next step, so the scan cannot be vectorized. The hashes are
    // folded into `checksum` and printed, so the optimizer cannot drop them either.
    var checksum: UInt64 = 0
    let scan = median {
        for _ in 0..<repetitions {
            let hash = text.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
            }
            checksum &+= hash ?? 0
        }
    }
    let foundation = try median {
        for _ in 0..<repetitions { blackHole(try JSONSerialization.jsonObject(with: json)) }
    }
    var document: Document?
    let parse = try median {
        for _ in 0..<repetitions { document = try Document(parsing: text) }
    }
    guard let document else { return }
    let print = median {
        for _ in 0..<repetitions { blackHole(Printer.print(document)) }
    }
    Swift.print("byte scan checksum: \(String(checksum, radix: 16))")
    let perSecond = Double(repetitions) / parse
    Swift.print(
        String(format: "parse: %.0f documents/second (%.1f MB/s)", perSecond, perSecond * Double(byteCount) / 1e6))
    report("parse a 2,000-line document", parse, against: "JSONSerialization, same bytes", foundation)
    report("parse a 2,000-line document", parse, against: "UTF-8 byte scan (FNV-1a)", scan)
    report("print the parsed document", print, against: "JSONSerialization, same bytes", foundation)
    try runBlockStringBenchmark(floor: foundation, floorBytes: json.count)
}

/// Printing a document whose one argument is a 4 MB block string (lines, quotes and triple quotes):
/// time per MB, against JSONSerialization reading the same number of bytes. Printing must be linear
/// in the string; a quadratic printer took 16 s for 200 KB.
private func runBlockStringBenchmark(floor: Double, floorBytes: Int) throws {
    var value = ""
    let line = "a line with \"quotes\" and \"\"\" triple quotes, caf\u{E9}\n    indented\n"
    while value.utf8.count < 4_000_000 { value += line }
    let document = try Document(
        parsing: "{ a(text: " + Printer.print(Value.string(StringLiteral(value, isBlock: true))) + ") }",
        options: ParseOptions(maxTokens: nil))
    let megabytes = Double(value.utf8.count) / 1e6
    let print = median(samples: 5) { blackHole(Printer.print(document)) }
    let floorPerMB = floor / 20 / (Double(floorBytes) / 1e6)
    Swift.print(
        String(
            format: "block string: %.1f MB printed in %.1f ms (%.2f ms per MB)", megabytes, print * 1000,
            print * 1000 / megabytes))
    report("print a block string, per MB", print / megabytes, against: "JSONSerialization, per MB", floorPerMB)
}

/// Operations, fragments and type definitions, repeated until the text has `lines` lines.
private func benchmarkDocument(lines: Int) -> String {
    var text = ""
    var index = 0
    while text.utf8.reduce(0, { $0 + ($1 == 0x0A ? 1 : 0) }) < lines {
        text += """
            query Shelf\(index)($id: ID!, $first: Int = 20, $filter: BookFilter = {author: "Ann", years: [1999, 2001]}) {
              shelf(id: $id) {
                id
                label: name
                books(first: $first, after: null, order: {by: TITLE, direction: ASC}) @include(if: true) {
                  edges {
                    cursor
                    node {
                      ...BookParts\(index)
                      ... on Ebook { fileSize format }
                    }
                  }
                  pageInfo { hasNextPage endCursor }
                }
              }
              search(text: "caf\\u00e9 \\"quoted\\"", limit: 10) { __typename }
            }

            fragment BookParts\(index) on Book {
              title
              authors(first: 2) { name born }
              price(currency: EUR) @deprecated
            }

            "A book, in print or not."
            type Book\(index) implements Node & Item @key(fields: "id") {
              "The id."
              id: ID!
              title(language: String = "en", upper: Boolean = false): String!
              authors(first: Int = 10, after: String): [Author!]!
            }

            enum Direction\(index) { ASC DESC }

            input BookFilter\(index) { author: String years: [Int!] }


            """
        index += 1
    }
    return text
}

/// A JSON array of objects like a GraphQL response, at least `bytes` long.
private func benchmarkJSON(bytes: Int) -> String {
    var items: [String] = []
    var length = 2
    var index = 0
    while length < bytes {
        let item = """
            {"id":"Book:\(index)","title":"Title number \(index)","price":\(Double(index) * 1.5),\
            "tags":["new","used"],"author":{"name":"Ann","born":1970},"available":true,"note":null}
            """
        items.append(item)
        length += item.utf8.count + 1
        index += 1
    }
    return "[" + items.joined(separator: ",") + "]"
}
