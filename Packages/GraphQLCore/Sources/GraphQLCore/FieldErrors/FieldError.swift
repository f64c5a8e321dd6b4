/// An error the server reported for one field, kept in the store where the field's value would
/// be: what a screen that reads the field is shown instead of a plain `null`.
///
/// Stored at the position of the response that became `null` for the error (the field itself, or
/// the nearest nullable parent the error bubbled to). A read of the store reports it at the reading
/// selection's path to that position; the stored value keeps the server's own path. Generated code
/// names it for a `@catch` field (`Result<Value, FieldError>`), which ``FieldErrorCatcher`` fills.
public struct FieldError: Error, Sendable, Hashable {
    /// What went wrong, as the server wrote it (may hold user data: never log it).
    public var message: String
    /// Where the error is: the server's response path when stored, the reading selection's path
    /// when read.
    public var path: [ResponsePathSegment]
    /// The server's `extensions` entry (for example a `code`).
    public var extensions: JSONObject

    /// An error from its parts.
    public init(message: String, path: [ResponsePathSegment] = [], extensions: JSONObject = [:]) {
        self.message = message
        self.path = path
        self.extensions = extensions
    }
}
