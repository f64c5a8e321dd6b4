import Foundation

extension JSONValue {
    /// Parses JSON text (UTF-8) with ``JSONReader``, nesting at most 512 deep.
    ///
    /// Throws ``GraphQLCoreError`` with code ``GraphQLCoreError/Code/invalidJSON`` for text that is not
    /// JSON, and never crashes or overflows the stack, however deep the nesting.
    public init(parsing data: Data) throws(GraphQLCoreError) {
        self = try JSONReader().read(data)
    }

    /// Parses JSON text (UTF-8) with a ``JSONReader`` that has `options`.
    public init(parsing data: Data, options: JSONReader.Options) throws(GraphQLCoreError) {
        self = try JSONReader(options: options).read(data)
    }

    /// Parses JSON text from UTF-8 bytes, nesting at most 512 deep.
    public init(parsing bytes: [UInt8]) throws(GraphQLCoreError) {
        self = try JSONReader().read(bytes)
    }

    /// Parses JSON text from UTF-8 bytes with a ``JSONReader`` that has `options`.
    public init(parsing bytes: [UInt8], options: JSONReader.Options) throws(GraphQLCoreError) {
        self = try JSONReader(options: options).read(bytes)
    }

    /// Parses JSON text from a string, nesting at most 512 deep.
    public init(parsing string: String) throws(GraphQLCoreError) {
        self = try JSONReader().read(string)
    }

    /// Parses JSON text from a string with a ``JSONReader`` that has `options`.
    public init(parsing string: String, options: JSONReader.Options) throws(GraphQLCoreError) {
        self = try JSONReader(options: options).read(string)
    }
}
