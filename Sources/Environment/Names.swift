import EventLog
import Retention
import Scheduling

// EventLog keeps its own copies of the fetch policy and the fetch reason (it imports nothing), so
// an app that imports this umbrella sees two of each. These aliases, declared in the umbrella,
// shadow both and name the runtime's: `FetchPolicy.storeOnly` means the policy an attach takes.

/// How an attach may use the network (Retention's policy); it stays with the retention the attach
/// makes.
public typealias FetchPolicy = Retention::FetchPolicy

/// Why the runtime fetched a root (Scheduling's reason).
public typealias FetchReason = Scheduling::FetchReason
