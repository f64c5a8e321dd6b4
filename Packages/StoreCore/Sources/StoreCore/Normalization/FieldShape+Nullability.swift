import GraphQLCore

extension FieldShape {
    /// Whether the schema lets the value be null at list level `level` (0: the field's value, 1: its
    /// items, ...). A level the shape does not declare (a response deeper than the schema) is
    /// refused elsewhere, as a list where none is declared.
    func allowsNull(atLevel level: Int) -> Bool {
        level < nullable.count ? nullable[level] : true
    }
}
