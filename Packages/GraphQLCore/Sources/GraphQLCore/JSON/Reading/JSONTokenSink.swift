/// What a reader makes of the tokens a ``JSONScanner`` finds: a tree of values, a tape of where the
/// tokens lie, or nothing but the check.
///
/// The scanner calls `string`, `key` and `number` with its position at the token's first byte; the
/// sink reads the token through the scanner (which checks it) and leaves the position just past it.
/// Containers and literals are checked by the scanner before the sink hears of them, except `open`,
/// which comes before the nesting limit is checked (a refused container ends the read).
protocol JSONTokenSink: ~Copyable {
    /// A string value.
    mutating func string(_ scanner: inout JSONScanner) throws(GraphQLCoreError)
    /// An object's key; the scanner reads the `:` after it.
    mutating func key(_ scanner: inout JSONScanner) throws(GraphQLCoreError)
    /// A number.
    mutating func number(_ scanner: inout JSONScanner) throws(GraphQLCoreError)
    /// `true`, `false` or `null`, whose first byte is at `offset`.
    mutating func literal(_ literal: JSONLiteral, at offset: Int)
    /// An array or object whose bracket is at `offset`.
    mutating func open(isObject: Bool, at offset: Int)
    /// The innermost open container closes.
    mutating func close(isObject: Bool)
}

/// The three literal values.
enum JSONLiteral {
    case `true`, `false`, null
}
