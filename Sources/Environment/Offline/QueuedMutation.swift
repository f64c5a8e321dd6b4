/// A mutation waiting in the queue, as a screen may show it: "pending, N queued".
public struct QueuedMutation: Sendable, Hashable, CustomStringConvertible {
    /// Its idempotence ID.
    public var id: String
    /// Its ordering scope.
    public var scope: String
    /// Its operation's name, when it has one.
    public var operationName: String?
    /// How many mutations were queued, this one included, when it was queued or read.
    public var queuedCount: Int

    /// A queued mutation from its parts.
    public init(id: String, scope: String, operationName: String?, queuedCount: Int) {
        self.id = id
        self.scope = scope
        self.operationName = operationName
        self.queuedCount = queuedCount
    }

    /// `pending, N queued`.
    public var description: String { "pending, \(queuedCount) queued" }
}
