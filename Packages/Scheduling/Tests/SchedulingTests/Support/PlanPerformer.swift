import GraphQLCore
@_spi(Runtime) import Scheduling

/// What the runtime does with a plan, reduced to the registry: begin every fetch and join.
/// Returns the fetches each `begin` started and the ones it joined.
func perform(_ plan: FetchPlan, on registry: inout InFlightRegistry<Int>) -> (started: [FetchID], joined: [FetchID]) {
    var started: [FetchID] = []
    var joined: [FetchID] = []
    for request in plan.fetches + plan.joins {
        switch registry.begin(request.root, reason: request.reason) {
        case .start(let id): started.append(id)
        case .join(let id): joined.append(id)
        }
    }
    return (started, joined)
}
