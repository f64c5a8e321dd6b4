import Environment

/// Validation of a large document against its parse time, and how validation grows with size.
///
/// Two shapes of a big app's screen query: fragments each spread under their own aliased field (the
/// usual shape: every selection set is compared with itself only, so validation should grow linearly),
/// and every fragment spread into one selection set (the worst case of the overlapping-fields rule,
/// which must compare every pair of fragments, as graphql-js and graphql-core do).
func runValidationBenchmarks() async throws {
    let schema = try Schema(sdl: validationBenchmarkSchema)
    for shape in [ValidationBenchmarkShape.separateFields, .oneSelection] {
        var previous: (lines: Int, time: Double)?
        for fragments in [80, 160, 320] {
            let text = shape.document(fragments: fragments)
            let lines = text.split(separator: "\n").count
            let parse = try median { blackHole(try Document(parsing: text)) }
            let document = try Document(parsing: text)
            let errors = validate(document, against: schema)
            precondition(errors.isEmpty, "benchmark document is invalid: \(errors.prefix(3))")
            let validation = median(samples: 5) { blackHole(validate(document, against: schema)) }
            report("validate \(lines) lines, \(shape.title)", validation, against: "its parse", parse)
            if let previous {
                report(
                    "  growth from \(previous.lines) to \(lines) lines (linear = 2x)", validation,
                    against: "the smaller document", previous.time)
            }
            previous = (lines, validation)
        }
    }
    try runSideBySideBenchmark(schema)
}

/// Fragments spread side by side into one selection, each with a field of its own response name and
/// the same leaves (`id`, `name`): the overlapping-fields rule compares only keys whose fields differ,
/// so 10 times the fragments should cost about 10 times the time (target: at most 15x), where
/// comparing every pair of fragments would cost 100 times.
private func runSideBySideBenchmark(_ schema: Schema) throws {
    func document(_ count: Int) throws -> Document {
        var text = "query Screen($surname: Boolean!) {\n  dog {\n"
        for index in 0..<count { text += "    ...Side\(index)\n" }
        text += "  }\n}\n"
        for index in 0..<count {
            text += "fragment Side\(index) on Dog { id name(surname: $surname) side\(index): barkVolume }\n"
        }
        return try Document(parsing: text)
    }
    let small = try document(100)
    let large = try document(1_000)
    for document in [small, large] {
        let errors = validate(document, against: schema)
        precondition(errors.isEmpty, "benchmark document is invalid: \(errors.prefix(3))")
    }
    let smallTime = median(samples: 5) { blackHole(validate(small, against: schema)) }
    let largeTime = median(samples: 5) { blackHole(validate(large, against: schema)) }
    report(
        "validate 1,000 fragments side by side", largeTime, against: "100 fragments side by side", smallTime,
        limit: 15)
}

private enum ValidationBenchmarkShape {
    case separateFields
    case oneSelection

    var title: String {
        switch self {
        case .separateFields: "fragments under separate fields"
        case .oneSelection: "all fragments in one selection"
        }
    }

    func document(fragments: Int) -> String {
        var text = "query Screen($first: Int = 10, $after: String, $surname: Boolean!) {\n"
        switch self {
        case .separateFields:
            for index in 0..<fragments { text += "  dog\(index): dog {\n    ...DogPart\(index)\n  }\n" }
        case .oneSelection:
            text += "  dog {\n"
            for index in 0..<fragments { text += "    ...DogPart\(index)\n" }
            text += "  }\n"
        }
        text += "}\n\n"
        for index in 0..<fragments {
            text += """
                fragment DogPart\(index) on Dog {
                  id
                  name(surname: $surname)
                  part\(index): barkVolume
                  owner {
                    name
                    iq
                    pets { id name ... on Dog { barkVolume } ... on Cat { meows } }
                  }
                  friends(first: $first, after: $after) {
                    __typename
                    ... on Cat { furColor }
                  }
                }


                """
        }
        return text
    }
}

private let validationBenchmarkSchema = """
    interface Pet { id: ID! name(surname: Boolean): String owner: Human }
    type Dog implements Pet {
      id: ID! name(surname: Boolean): String owner: Human barkVolume: Int
      friends(first: Int = 10, after: String): [Pet!]!
    }
    type Cat implements Pet { id: ID! name(surname: Boolean): String owner: Human meows: Boolean furColor: Color }
    type Human { name: String iq: Int pets: [Pet] }
    enum Color { BROWN BLACK }
    type Query { dog: Dog }
    """
