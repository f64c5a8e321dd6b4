/// The bounds of what the inspector reads from a running environment: each answer is cut to these
/// sizes, so that a page open on a store of a million records costs what a page of them costs.
@_spi(Inspector) public enum EnvironmentInspection {
    /// The most roots one answer lists.
    public static let maxRoots = 500
    /// The most record IDs listed per root.
    public static let maxRecordsPerRoot = 200
    /// The most records one search lists.
    public static let maxRecords = 200
    /// The most bytes of a field's value shown, when values are shown at all.
    public static let maxValueBytes = 2048
}
