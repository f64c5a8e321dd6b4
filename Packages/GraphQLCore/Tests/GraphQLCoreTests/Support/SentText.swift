@testable import GraphQLCore

/// `text` as an operation's text is sent, without the characters the grammar ignores: a test writes
/// the text it expects laid out for reading, and compares it with what the compiler sends.
func sent(_ text: String) -> String { Printer.compacted(text) }
