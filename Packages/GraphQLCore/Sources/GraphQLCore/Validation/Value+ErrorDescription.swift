extension Value {
    /// The value as graphql-core prints it inside a validation message. graphql-core uses `print_ast`
    /// there, so this is the language printer's canonical text (which also walks deep values without
    /// recursion) rather than a second printer of its own.
    var errorDescription: String { Printer.print(self) }
}
