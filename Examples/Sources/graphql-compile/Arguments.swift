/// The command line of `graphql-compile`.
struct Arguments {
    var schemaPath: String?
    var documentPath: String?
    var operationName: String?
    var variablesJSON: String?
    var showHelp = false

    static let usage = """
        usage: graphql-compile [--schema FILE] [--document FILE] [--operation NAME] [--variables JSON]

        Compiles a GraphQL operation and prints the text to send, its identity, its cache expiration and
        its selection tree. With no files it uses an embedded schema and document. A document given
        without a schema is compiled without one (no validation, no key fields added).
        """

    /// Reads the arguments after the program's name.
    init(_ arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                showHelp = true
            case "--schema", "--document", "--operation", "--variables":
                guard let value = remaining.popFirst() else { throw UsageError("\(argument) needs a value") }
                switch argument {
                case "--schema": schemaPath = value
                case "--document": documentPath = value
                case "--operation": operationName = value
                default: variablesJSON = value
                }
            default:
                throw UsageError("unknown argument '\(argument)'")
            }
        }
        if schemaPath != nil && documentPath == nil {
            throw UsageError("--schema needs --document: the embedded document is written for the embedded schema")
        }
    }
}

/// A command line that cannot be run.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
