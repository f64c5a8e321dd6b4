import GraphQLCore

extension GraphQLEnvironment {
    /// Streams the GraphQL subscription `operation` into the store while the environment is active.
    /// Handles that read the records its events write update like after any other write. An event
    /// with GraphQL errors and no data ends the stream with a failure, or, with `errorPolicy`
    /// ``GraphQLSubscription/ErrorPolicy/continueStream``, only sets the subscription's `serverErrors`.
    public func subscribe(
        _ operation: GraphQLOperation, errorPolicy: GraphQLSubscription.ErrorPolicy = .endStream
    ) -> GraphQLSubscription {
        let subscription = GraphQLSubscription(environment: self, operation: operation, errorPolicy: errorPolicy)
        state.withLock { state in
            state.subscriptions.removeAll { $0.subscription == nil }
            state.subscriptions.append(WeakSubscription(subscription: subscription))
            if state.isActive { subscription.resume(in: &state.subscriptionChannels) }
        }
        return subscription
    }

    /// Parks or resumes every live subscription. The change is made under the runtime's lock, so two
    /// quick changes in a row cannot be applied out of order.
    func setActive(_ isActive: Bool) {
        let live = state.withLock { state -> [GraphQLSubscription] in
            state.isActive = isActive
            state.subscriptions.removeAll { $0.subscription == nil }
            let live = state.subscriptions.compactMap(\.subscription)
            for subscription in live {
                if isActive {
                    subscription.resume(in: &state.subscriptionChannels)
                } else {
                    subscription.park(in: &state.subscriptionChannels)
                }
            }
            return live
        }
        // Observers are told with no lock held, and the strong references end here: a
        // subscription's deinit runs outside it too.
        for subscription in live { subscription.phaseChanged() }
    }

    /// Member `id` leaves `channel`; the channel is forgotten when that closed it. Called with no
    /// lock held (a cancel, a subscription's deinit).
    func leave(_ channel: SubscriptionChannel, _ id: ObjectIdentifier, _ reason: SubscriptionChannel.Closing) {
        guard channel.leave(id, reason) else { return }
        forget(channel)
    }

    /// Forgets `channel` once it is shut, so that the next subscription of its operation opens a
    /// new one. Called with no lock held.
    func forget(_ channel: SubscriptionChannel) {
        state.withLock { state in
            let identity = channel.operation.identity
            if state.subscriptionChannels[identity] === channel { state.subscriptionChannels[identity] = nil }
        }
    }
}

/// A subscription held without keeping it alive.
struct WeakSubscription: Sendable {
    weak var subscription: GraphQLSubscription?
}
