import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionConfiguration {
    /// A copy of this configuration with no URL cache, for the sessions the transport makes itself
    /// (see ``RequestSession``); the original, which the app may still use, keeps its cache.
    func withoutURLCache() -> URLSessionConfiguration {
        // `copy()` returns a URLSessionConfiguration on every platform; were it ever not to, a default
        // configuration without a cache would still be a working session.
        let copy = (copy() as? URLSessionConfiguration) ?? .default
        copy.urlCache = nil
        return copy
    }
}
