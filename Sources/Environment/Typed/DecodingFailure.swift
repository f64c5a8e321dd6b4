/// How a decode into an app's type failed, in words that name the path and the expectation and
/// never the data's values (which may be private): the one description ``TypedHandle`` and the typed
/// `commit` put in ``HandleError/Code/dataMismatch``.
enum DecodingFailure {
    /// Where and why a decode failed, without the data's values.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(type(of: error))" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.isEmpty
                ? "at the root"
                : "at "
                    + context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
                    .joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "no value for `\(key.stringValue)` \(path(context))"
        case .valueNotFound(let type, let context): return "null where \(type) is expected \(path(context))"
        case .typeMismatch(let type, let context): return "not a \(type) \(path(context))"
        case .dataCorrupted(let context): return "data corrupted \(path(context))"
        @unknown default: return "a decoding error"
        }
    }
}
