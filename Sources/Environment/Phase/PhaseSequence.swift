extension Handle {
    /// The phases of a handle as an `AsyncSequence`: each iterator gets the current phase first,
    /// then every change, and ends when the handle is released.
    ///
    /// Every change is buffered for each iterator, so a consumer that counts values sees each one.
    public struct PhaseSequence: AsyncSequence, Sendable {
        /// A phase.
        public typealias Element = Phase
        /// The iterator: an `AsyncStream`'s, registered with the handle when it is made.
        public typealias AsyncIterator = AsyncStream<Phase>.Iterator

        let handle: Handle

        /// Registers a new iterator with the handle; it starts with the current phase.
        public func makeAsyncIterator() -> AsyncStream<Phase>.Iterator {
            handle.makePhaseStream().makeAsyncIterator()
        }
    }
}
