import GraphQLCore

extension GraphQLSubscription {
    /// Each event's data decoded into `type`, once it is written to the store (see ``events()``).
    /// An event that does not decode ends the iteration with the decoder's error; the subscription
    /// itself goes on, and a new call to this method sees the events after it.
    public func events<Data: Decodable & Sendable>(
        as type: Data.Type
    ) -> AsyncThrowingMapSequence<AsyncStream<JSONValue>, Data> {
        events().map { value in try JSONValueDecoder().decode(Data.self, from: value) }
    }
}
