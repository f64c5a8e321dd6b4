import GraphQLCore
import Primitives
@_spi(Runtime) import Scheduling

/// Planning a `revalidate()` over 1,000 and 10,000 retained roots, 1% of them stale.
///
/// The plan must grow linearly with the roots (`docs/architecture.md`, "Performance"): 10x the roots may cost at most 12x the
/// time. Each size is also reported against a plain loop over the same array that writes one byte
/// per root, the least a pass that decides per root can cost.
func runPlannerBenchmarks() async throws {
    let repetitions = 50
    let small = plannerRoots(count: 1_000)
    let large = plannerRoots(count: 10_000)

    func plan(_ roots: [RetainedRoot]) -> Double {
        median(samples: 15) {
            for _ in 0..<repetitions {
                // What the runtime does with a plan: read the fetches and joins to begin them.
                let plan = RevalidationPlanner.revalidation(roots)
                blackHole(plan.fetches)
                blackHole(plan.joins)
            }
        }
    }
    // One pass that reads each root and writes one byte for it: the least any plan that decides
    // per root can cost.
    func plainLoop(_ roots: [RetainedRoot]) -> Double {
        median(samples: 15) {
            for _ in 0..<repetitions {
                var fresh: [Bool] = []
                fresh.reserveCapacity(roots.count)
                for root in roots { fresh.append(root.staleness.isFresh) }
                blackHole(fresh)
            }
        }
    }

    let floorSmall = plainLoop(small)
    let planSmall = plan(small)
    let floorLarge = plainLoop(large)
    let planLarge = plan(large)

    report("revalidation plan, 1,000 roots (1% stale)", planSmall, against: "plain loop, 1,000 roots", floorSmall)
    report("revalidation plan, 10,000 roots (1% stale)", planLarge, against: "plain loop, 10,000 roots", floorLarge)
    report(
        "revalidation plan, 10,000 roots vs 1,000 roots", planLarge, against: "plan of 1,000 roots", planSmall,
        limit: 12)
}

/// `count` retained roots whose holders allow the network; every hundredth is stale, the rest fresh
/// with a successful last fetch.
private func plannerRoots(count: Int) -> [RetainedRoot] {
    let fetched = WallInstant(secondsSince1970: 1_767_225_600)
    return (0..<count).map { index in
        RetainedRoot(
            root: OperationIdentity(text: "query Q($i: Int) { item(id: $i) { id } }", variables: ["i": .int(index)]),
            staleness: index % 100 == 0 ? .stale(.expired) : .fresh,
            fetch: .succeeded(at: fetched),
            holderAllowsNetwork: true)
    }
}
