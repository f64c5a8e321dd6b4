import GraphQLCore

/// The value of one field of a ``Record``.
///
/// Not `indirect`: only ``links(_:)`` recurses, and it does so through an array that is already a
/// heap buffer, so a scalar or a link costs no allocation of its own.
public enum RecordValue: Sendable, Hashable {
    /// `null`, for a scalar or a linked field alike.
    case null
    /// A leaf value (never `.null`; that is ``null``), stored as the response had it.
    case scalar(JSONValue)
    /// A reference to another record.
    case link(DataID)
    /// A list of references, holding ``null``, ``link(_:)``, ``fieldError(_:)`` (an item the server
    /// failed to resolve) or, for lists of lists, ``links(_:)``.
    case links([RecordValue])
    /// An error the server reported where this value would be (its response had `null` there):
    /// kept so that every read of the field, after a relaunch too, knows the null was an error.
    /// Boxed (`indirect`): inline, its message, path and extensions would make every value of every
    /// record wider, and errors are rare.
    indirect case fieldError(FieldError)
}
