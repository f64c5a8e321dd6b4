import Primitives

/// A mutation kept until it reaches its server, as a persistent record source keeps it: the
/// runtime's queued mutation and the optimistic layer it shows, in one row.
///
/// The store does not read ``payload``: the runtime writes there what it needs to send the
/// mutation again and to show its optimistic layer after a relaunch. Keeping the layer's data in
/// the same row as the queue entry is what writes both in one transaction: after a crash a queued
/// mutation is in the file with its layer, or neither is.
public struct PendingMutation: Sendable, Hashable {
    /// The idempotence ID: stable for the mutation's whole life, across relaunches.
    public var id: String
    /// The ordering scope the mutation is replayed in.
    public var scope: String
    /// Its place in the queue: a later mutation has a larger sequence.
    public var sequence: Int64
    /// When it was queued, on the store's wall clock (for the queue's maximum age).
    public var queuedAt: WallInstant
    /// The runtime's encoding of the mutation and its optimistic response.
    public var payload: [UInt8]

    /// A pending mutation from its parts.
    public init(id: String, scope: String, sequence: Int64, queuedAt: WallInstant, payload: [UInt8]) {
        self.id = id
        self.scope = scope
        self.sequence = sequence
        self.queuedAt = queuedAt
        self.payload = payload
    }
}
