// Runs every benchmark group whose name contains the first argument (all when none is given).
// Groups are registered in `groups` below; each lives in its own file.

let filter = CommandLine.arguments.dropFirst().first?.lowercased()
let groups: [(String, () async throws -> Void)] = [
    ("Batching", runBatchingBenchmarks),
    ("CacheIdentity", runCacheIdentityBenchmarks),
    ("Codegen", runCodegenBenchmarks),
    ("Compilation", runCompilationBenchmarks),
    ("JSON", runJSONBenchmarks),
    ("Pagination", runPaginationBenchmarks),
    ("Parser", runParserBenchmarks),
    ("Persistence", runPersistenceBenchmarks),
    ("Planner", runPlannerBenchmarks),
    ("Runtime", runRuntimeBenchmarks),
    ("Store", runStoreBenchmarks),
    ("Transport", runTransportBenchmarks),
    ("Validation", runValidationBenchmarks),
    ("WebSocket", runWebSocketBenchmarks),
    ("Inspector", runInspectorBenchmarks),
    ("Upload", runUploadBenchmarks),
    ("StoreFieldErrors", runFieldErrorBenchmarks),
]

for (name, run) in groups where filter.map({ name.lowercased().contains($0) }) ?? true {
    print("== \(name)")
    // A bound for every group, so that a hang anywhere ends the run with its name; the WebSocket
    // group bounds each of its steps more tightly.
    try await withDeadline(.seconds(1800), "the \(name) group") { try await run() }
}
