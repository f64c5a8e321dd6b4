extension Event: CustomStringConvertible {
    /// The event as one line of JSON with sorted keys, as ``JSONLinesEventSink`` writes it:
    /// `{"event":"fetchStarted","identity":"00ff3a9c0b1d2e4f","operation":"Items","reason":"attach"}`.
    /// Safe to print or log anywhere: an event holds no user data.
    public var description: String {
        String(decoding: jsonLine, as: UTF8.self)
    }
}
