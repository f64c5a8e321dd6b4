extension WallInstant: Codable {
    /// Reads the instant as one integer of nanoseconds since 1970, as ``encode(to:)`` writes it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(nanosecondsSince1970: try container.decode(Int64.self))
    }

    /// Writes the instant as one integer of nanoseconds since 1970: exact, and readable by any
    /// store that persists write times.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(nanosecondsSince1970)
    }
}
