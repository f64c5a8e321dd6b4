import Primitives
import StoreCore

/// The last garbage collection: its report, how many roots it kept records for, and when it ran.
struct LastCollection: Sendable, Hashable {
    let report: CollectionReport
    let roots: Int
    let at: WallInstant
}
