/// How GraphQL names become Swift identifiers.
///
/// GraphQL names (`[_A-Za-z][_0-9A-Za-z]*`) are Swift identifiers already, except for Swift's
/// keywords, which take backticks: every one is legal in backticks as a property, a case or a type
/// (`Type`, `self` and `init` included), so no GraphQL name is refused for being a keyword; `_` alone
/// is the one name with no Swift spelling.
enum SwiftNames {
    /// Swift's keywords and the names that mean something else without backticks in a declaration
    /// or after a dot.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "Type", "Protocol",
    ]

    /// Type names the generated code uses unqualified: a generated type of one of these names would
    /// hide the real one from the code nested in it.
    static let reservedTypeNames: Set<String> = [
        "Swift", "GraphQLCore", "String", "Int", "Double", "Bool", "Decoder", "Encoder", "CodingKey", "CodingKeys",
        "Codable", "Decodable", "Encodable", "Sendable", "Hashable", "GraphQLNullable", "GraphQLTypedOperation",
        "GraphQLTypedFragment",
        "GraphQLFragmentReference",
        "GraphQLCustomScalar", "OperationKind", "Optional", "Array",
    ]

    /// `name` as a Swift identifier: in backticks when it is a keyword.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `friends` → `Friends`: a type name from a field's response key.
    static func upperFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// The nested type of a composite field: `friends` → `Friends`, `__schema` → `__Schema` (the
    /// letter after leading underscores), and a key with no lowercase letter to raise there (`Friend`,
    /// `_1`) gets `Selection` after it: a type named like the property makes `Friend.self` ambiguous.
    static func typeName(ofResponseKey key: String) -> String {
        let underscores = key.prefix { $0 == "_" }
        let name = String(underscores) + upperFirst(String(key.dropFirst(underscores.count)))
        return name == key ? key + "Selection" : name
    }

    /// `UserBits` → `userBits`, `URLParts` → `urlParts`: a property name from a fragment's name.
    static func lowerFirst(_ name: String) -> String {
        let characters = Array(name)
        var upper = 0
        while upper < characters.count, characters[upper].isUppercase { upper += 1 }
        guard upper > 0 else { return name }
        // In `URLParts` the `P` starts the next word.
        let cut = upper > 1 && upper < characters.count && characters[upper].isLowercase ? upper - 1 : upper
        return String(characters[..<cut]).lowercased() + String(characters[cut...])
    }

    /// `NEW_HOPE` → `newHope`, `jedi` → `jedi`, `PascalCase` → `pascalCase`: an enum case from an
    /// enum value's name, in Swift's lower camel case.
    static func enumCase(_ name: String) -> String {
        let words = name.split(separator: "_", omittingEmptySubsequences: true)
        guard !words.isEmpty else { return name }
        let allUpper = name.allSatisfy { !$0.isLowercase }
        var result = ""
        for (index, word) in words.enumerated() {
            let part = allUpper ? word.lowercased() : String(word)
            result += index == 0 ? lowerFirst(part) : upperFirst(part)
        }
        // Leading underscores and digits after them keep the name a valid identifier.
        let leading = name.prefix { $0 == "_" }
        let candidate = leading + result
        return candidate.first?.isNumber == true ? "_" + candidate : String(candidate)
    }
}
