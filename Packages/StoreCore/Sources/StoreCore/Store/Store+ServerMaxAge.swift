extension Store {
    /// How many roots' server `maxAge`s a store keeps: past it they are all forgotten, which only
    /// returns those roots to their own expiration, so that hints for roots read once cannot grow a
    /// file without end.
    static let serverMaxAgeLimit = 10_000

    /// The server's `maxAge` in seconds for the root the runtime keys `key`, from its latest answer
    /// (in this launch or, for a persistent source, an earlier one), or `nil` when it had none.
    public func serverMaxAge(forRoot key: String) -> Int? {
        state.withLock { $0.serverMaxAges[key] }
    }

    /// Keeps the server's `maxAge` from the latest answer for the root the runtime keys `key`, or
    /// forgets it when the answer had none; a persistent source keeps it for the next launch.
    public func keepServerMaxAge(_ seconds: Int?, forRoot key: String) {
        state.withLock { state in
            guard state.serverMaxAges[key] != seconds else { return }
            if seconds != nil, state.serverMaxAges.count >= Self.serverMaxAgeLimit {
                for old in state.serverMaxAges.keys { state.records.source.keepServerMaxAge(nil, forRoot: old) }
                state.serverMaxAges = [:]
            }
            state.serverMaxAges[key] = seconds
            state.records.source.keepServerMaxAge(seconds, forRoot: key)
        }
    }
}
