import LoopbackHTTP

/// How the inspector is served and what it may show.
public struct InspectorConfiguration: Sendable {
    /// The loopback port to listen on; 0 lets the system choose a free one (printed in the URL).
    public var port: UInt16
    /// Whether the Records panel shows field values. Off by default: values are the user's data;
    /// with it off, the page shows each field's kind and size only.
    public var showsValues: Bool
    /// The SQLite file the store keeps its records in, when it does: the Store panel shows its size.
    public var storeFilePath: String?
    /// The server's bounds (request size, timeouts, connections, event buffer).
    public var limits: ServerLimits

    /// A configuration; the defaults show no values and let the system choose the port.
    public init(
        port: UInt16 = 0, showsValues: Bool = false, storeFilePath: String? = nil, limits: ServerLimits = ServerLimits()
    ) {
        self.port = port
        self.showsValues = showsValues
        self.storeFilePath = storeFilePath
        self.limits = limits
    }
}
