/// The record a link names, as a walk meets it: a ``DataID`` in a decoded record, or the bytes of
/// its text in the in-memory source's records, which the source looks up without making a
/// `String` (decision 0140).
enum LinkTarget {
    case dataID(DataID)
    case utf8(UnsafeRawBufferPointer)

    /// The ID, made from the bytes when it is not one already.
    var dataID: DataID {
        switch self {
        case .dataID(let dataID): dataID
        case .utf8(let bytes): DataID(String(decoding: bytes, as: UTF8.self))
        }
    }
}
