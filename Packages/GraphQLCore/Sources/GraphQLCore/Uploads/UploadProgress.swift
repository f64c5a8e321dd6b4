/// How much of a request that carries uploads has been sent: what ``Upload/progress`` yields.
///
/// The counts are of the whole `multipart/form-data` body (the operation, the map and every file),
/// which is what leaves the device.
public struct UploadProgress: Sendable, Hashable {
    /// The bytes of the body sent so far.
    public var bytesSent: Int64
    /// The size of the body.
    public var totalBytes: Int64

    /// A progress value.
    public init(bytesSent: Int64, totalBytes: Int64) {
        self.bytesSent = bytesSent
        self.totalBytes = totalBytes
    }

    /// The part sent, from 0 to 1 (1 for an empty body).
    public var fractionCompleted: Double {
        totalBytes > 0 ? Double(bytesSent) / Double(totalBytes) : 1
    }
}
