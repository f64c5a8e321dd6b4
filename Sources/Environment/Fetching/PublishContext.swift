import GraphQLCore
import Primitives

/// What the store's callbacks need to know about the publish that runs them: which root's own
/// fetch is writing (that root is not healed by its own answer; its completion decides), and a
/// count of the roots told, for the `published` event.
///
/// A task-local value: the store calls subscriptions synchronously on the publishing task, so a
/// callback sees the context of the publish that caused it.
final class PublishContext: Sendable {
    @TaskLocal static var current: PublishContext?

    let root: OperationIdentity
    let notified = Locked(0)

    init(root: OperationIdentity) { self.root = root }
}
