import Foundation

/// Whether one commit may be queued when its request does not reach the server, and as what: the
/// ordering scope it is replayed in and its idempotence ID.
public struct MutationQueueing: Sendable, Hashable {
    /// Whether the mutation may be queued.
    public var isQueueable: Bool
    /// The ordering scope: mutations of one scope are replayed one at a time, in the order they
    /// were committed; scopes are independent of each other.
    public var scope: String
    /// The idempotence ID: the same for every send of this mutation, across relaunches. Make it
    /// first with ``newID()`` to send it as a variable too.
    public var id: String

    /// The scope mutations go to when the app names none.
    public static let defaultScope = "default"

    /// A new idempotence ID (a random UUID).
    public static func newID() -> String { UUID().uuidString }

    /// Queue the mutation in `scope` with the idempotence ID `id` when it does not reach the server.
    public static func queueable(scope: String = defaultScope, id: String = newID()) -> MutationQueueing {
        MutationQueueing(isQueueable: true, scope: scope, id: id)
    }

    /// Never queue: a failure fails and rolls back.
    public static let never = MutationQueueing(isQueueable: false, scope: defaultScope, id: "")
}
