extension FetchPlan: Hashable {
    /// Two plans are equal when they fetch, join and skip the same roots in the same order, for the
    /// same reasons, whatever else the roots they were made from say.
    public static func == (lhs: FetchPlan, rhs: FetchPlan) -> Bool {
        lhs.fetches == rhs.fetches && lhs.joins == rhs.joins && lhs.skips == rhs.skips
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fetches)
        hasher.combine(joins)
        hasher.combine(skips)
    }
}
