import Foundation

extension JSONValue {
    /// Parses JSON text (UTF-8) with ``JSONReader``.
    ///
    /// Throws ``GraphQLCoreError`` with code ``GraphQLCoreError/Code/invalidJSON`` for text that is not
    /// JSON, and never crashes or overflows the stack, however deep the nesting.
    public init(parsing data: Data, options: JSONReader.Options = .default) throws(GraphQLCoreError) {
        self = try JSONReader(options: options).read(data)
    }

    /// Parses JSON text from UTF-8 bytes; see ``init(parsing:options:)-(Data,_)``.
    public init(parsing bytes: [UInt8], options: JSONReader.Options = .default) throws(GraphQLCoreError) {
        self = try JSONReader(options: options).read(bytes)
    }

    /// Parses JSON text from a string; see ``init(parsing:options:)-(Data,_)``.
    public init(parsing string: String, options: JSONReader.Options = .default) throws(GraphQLCoreError) {
        self = try JSONReader(options: options).read(string)
    }
}
