/// How ``HTTPTransport`` uses the SHA-256 of an operation's text, the ID a persisted-operation
/// manifest registers (the generator writes one with the same IDs).
public enum PersistedOperationMode: Sendable, Hashable {
    /// The text goes with every request; no ID.
    case off
    /// Automatic persisted queries (Apollo's protocol): the ID first, the text only when the server
    /// answers `PersistedQueryNotFound`, and the text alone from then on when it answers
    /// `PersistedQueryNotSupported`.
    case automatic
    /// The ID alone, never the text, for a server that runs only the operations of a manifest
    /// registered with it (safelisting). An ID the server does not know fails the request with
    /// ``TransportError/Code/persistedOperationNotFound``; there is no fallback to the text.
    case idOnly
}
