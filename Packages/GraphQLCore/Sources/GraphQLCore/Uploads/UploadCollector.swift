import Primitives

/// Gathers the ``Upload`` values an `Encoder` meets while it encodes variables: put one in the
/// encoder's `userInfo` under ``userInfoKey``, encode, then hand ``uploads`` to
/// ``GraphQLOperation/placingUploads(_:)``. The runtime does this for typed operations; an app needs
/// it only when it encodes variables itself.
public final class UploadCollector: Sendable {
    /// The `userInfo` key an ``Upload`` looks for when it is encoded.
    public static let userInfoKey = CodingUserInfoKey(rawValue: "graphql.uploadCollector")!

    private let collected = Locked<[Upload]>([])

    /// An empty collector.
    public init() {}

    /// The uploads met so far, in the order they were encoded.
    public var uploads: [Upload] { collected.withLock { $0 } }

    func collect(_ upload: Upload) { collected.withLock { $0.append(upload) } }
}
