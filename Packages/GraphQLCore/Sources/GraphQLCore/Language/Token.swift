/// The kinds of lexical token, as the spec's `Token` production names them.
enum TokenKind: UInt8, Sendable {
    case startOfFile
    case endOfFile
    case bang
    case dollar
    case amp
    case parenL
    case parenR
    case spread
    case colon
    case equals
    case at
    case bracketL
    case bracketR
    case braceL
    case pipe
    case braceR
    case name
    case int
    case float
    case string
    case blockString

    /// How graphql-core describes the kind in an error message.
    var errorDescription: String {
        switch self {
        case .startOfFile: "<SOF>"
        case .endOfFile: "<EOF>"
        case .bang: "'!'"
        case .dollar: "'$'"
        case .amp: "'&'"
        case .parenL: "'('"
        case .parenR: "')'"
        case .spread: "'...'"
        case .colon: "':'"
        case .equals: "'='"
        case .at: "'@'"
        case .bracketL: "'['"
        case .bracketR: "']'"
        case .braceL: "'{'"
        case .pipe: "'|'"
        case .braceR: "'}'"
        case .name: "Name"
        case .int: "Int"
        case .float: "Float"
        case .string: "String"
        case .blockString: "BlockString"
        }
    }
}

/// One lexical token: its kind, where it is in the UTF-8 bytes, and where it starts as line and column.
///
/// A token is plain data with no references, so copying one costs nothing. Names and numbers keep
/// only their byte range; the parser makes a `String` when it builds a node. A string's value is
/// resolved while lexing (that is where its errors come from) and kept in ``Lexer/stringValue``.
struct Token: Sendable {
    var kind: TokenKind
    /// The first byte of the token.
    var start: Int
    /// One past the last byte of the token.
    var end: Int
    /// The 1-based line of the first byte.
    var line: Int
    /// The 1-based column of the first byte, in Unicode scalars.
    var column: Int

    /// The token's start as a node location.
    var location: NodeLocation { NodeLocation(SourceLocation(line: line, column: column)) }
}
