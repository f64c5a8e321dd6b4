// swift-tools-version: 6.0
import PackageDescription

// The manifest adopters resolve. It compiles every package under `Packages/` by path instead of
// depending on them as path packages: SwiftPM refuses a versioned dependency on a package that
// has path dependencies, and adopters add this repository by version. `.ci/check-arrows.py` checks
// that the arrows declared here are the ones each package's own manifest declares.

let package = Package(
    name: "swift-graphql-environment",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Primitives", targets: ["Primitives"]),
        .library(name: "GraphQLCore", targets: ["GraphQLCore"]),
        .library(name: "EventLog", targets: ["EventLog"]),
        .library(name: "EventLogTesting", targets: ["EventLogTesting"]),
        .library(name: "Transport", targets: ["Transport"]),
        .library(name: "TransportTesting", targets: ["TransportTesting"]),
        .library(name: "StoreCore", targets: ["StoreCore"]),
        .library(name: "SQLiteStore", targets: ["SQLiteStore"]),
        .library(name: "Retention", targets: ["Retention"]),
        .library(name: "Scheduling", targets: ["Scheduling"]),
        .library(name: "SchedulingTesting", targets: ["SchedulingTesting"]),
        .library(name: "GraphQLCodegen", targets: ["GraphQLCodegen"]),
        .executable(name: "graphql-codegen", targets: ["graphql-codegen"]),
        .plugin(name: "GraphQLCodegenPlugin", targets: ["GraphQLCodegenPlugin"]),
        .library(name: "Environment", targets: ["Environment"]),
        .library(name: "LoopbackHTTP", targets: ["LoopbackHTTP"]),
        .library(name: "EnvironmentInspector", targets: ["EnvironmentInspector"]),
    ],
    targets: [
        // Primitives
        .target(name: "Primitives", path: "Packages/Primitives/Sources/Primitives"),
        .testTarget(
            name: "PrimitivesTests", dependencies: ["Primitives"],
            path: "Packages/Primitives/Tests/PrimitivesTests"),

        // GraphQLCore
        .target(
            name: "GraphQLCore", dependencies: ["Primitives"], path: "Packages/GraphQLCore/Sources/GraphQLCore"),
        .testTarget(
            name: "GraphQLCoreTests", dependencies: ["GraphQLCore", "Primitives"],
            path: "Packages/GraphQLCore/Tests/GraphQLCoreTests", exclude: ["Fixtures"]),

        // EventLog
        .target(name: "EventLog", dependencies: ["Primitives"], path: "Packages/EventLog/Sources/EventLog"),
        .target(
            name: "EventLogTesting", dependencies: ["EventLog", "Primitives"],
            path: "Packages/EventLog/Sources/EventLogTesting"),
        .testTarget(
            name: "EventLogTests", dependencies: ["EventLog", "EventLogTesting", "Primitives"],
            path: "Packages/EventLog/Tests/EventLogTests"),

        // Transport
        .target(
            name: "Transport", dependencies: ["GraphQLCore", "Primitives"],
            path: "Packages/Transport/Sources/Transport"),
        .target(
            name: "TransportTesting", dependencies: ["Transport", "GraphQLCore", "Primitives"],
            path: "Packages/Transport/Sources/TransportTesting"),
        // Test support, not a product: launches `Tests/Server/server.py` for Transport's and the root's tests.
        .target(name: "GraphQLTestServer", path: "Packages/Transport/Tests/GraphQLTestServer"),
        .testTarget(
            name: "TransportTests",
            dependencies: ["Transport", "TransportTesting", "GraphQLTestServer", "GraphQLCore", "Primitives"],
            path: "Packages/Transport/Tests/TransportTests", exclude: ["Fixtures"]),

        // StoreCore
        .target(
            name: "StoreCore", dependencies: ["GraphQLCore", "Primitives"],
            path: "Packages/StoreCore/Sources/StoreCore"),
        .testTarget(
            name: "StoreCoreTests", dependencies: ["StoreCore", "GraphQLCore", "Primitives"],
            path: "Packages/StoreCore/Tests/StoreCoreTests", exclude: ["Fixtures"]),

        // SQLiteStore
        .systemLibrary(
            name: "CSQLite", path: "Packages/SQLiteStore/Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(
            name: "SQLiteStore", dependencies: ["CSQLite", "GraphQLCore", "Primitives", "StoreCore"],
            path: "Packages/SQLiteStore/Sources/SQLiteStore"),
        // Test support, not a product: the writer the kill test kills.
        .executableTarget(
            name: "SQLiteCrashWriter", dependencies: ["SQLiteStore", "GraphQLCore", "StoreCore"],
            path: "Packages/SQLiteStore/Sources/SQLiteCrashWriter"),
        .testTarget(
            name: "SQLiteStoreTests",
            dependencies: ["SQLiteStore", "SQLiteCrashWriter", "CSQLite", "GraphQLCore", "Primitives", "StoreCore"],
            path: "Packages/SQLiteStore/Tests/SQLiteStoreTests", resources: [.copy("Fixtures")]),

        // Retention
        .target(name: "Retention", dependencies: ["GraphQLCore"], path: "Packages/Retention/Sources/Retention"),
        .testTarget(
            name: "RetentionTests", dependencies: ["Retention", "GraphQLCore"],
            path: "Packages/Retention/Tests/RetentionTests"),

        // Scheduling
        .target(
            name: "Scheduling", dependencies: ["GraphQLCore", "Primitives"],
            path: "Packages/Scheduling/Sources/Scheduling"),
        .target(
            name: "SchedulingTesting", dependencies: ["Scheduling", "Primitives"],
            path: "Packages/Scheduling/Sources/SchedulingTesting"),
        .testTarget(
            name: "SchedulingTests", dependencies: ["Scheduling", "SchedulingTesting", "GraphQLCore", "Primitives"],
            path: "Packages/Scheduling/Tests/SchedulingTests"),

        // Codegen
        .target(
            name: "GraphQLCodegen", dependencies: ["GraphQLCore"], path: "Packages/Codegen/Sources/GraphQLCodegen"),
        .executableTarget(
            name: "graphql-codegen", dependencies: ["GraphQLCodegen"], path: "Packages/Codegen/Sources/graphql-codegen"),
        .plugin(
            name: "GraphQLCodegenPlugin", capability: .buildTool(), dependencies: ["graphql-codegen"],
            path: "Packages/Codegen/Plugins/GraphQLCodegenPlugin"),
        .testTarget(
            name: "GraphQLCodegenTests", dependencies: ["GraphQLCodegen", "GraphQLCore"],
            path: "Packages/Codegen/Tests/GraphQLCodegenTests", exclude: ["Goldens"]),
        .testTarget(
            name: "GraphQLCodegenGoldenTests", dependencies: ["GraphQLCore"],
            path: "Packages/Codegen/Tests/GraphQLCodegenGoldenTests", exclude: ["Inputs"]),
        .testTarget(
            name: "GraphQLCodegenPluginTests", dependencies: ["GraphQLCore"],
            path: "Packages/Codegen/Tests/GraphQLCodegenPluginTests", plugins: ["GraphQLCodegenPlugin"]),

        // The umbrella module and whole-system tests.
        .target(
            name: "Environment",
            dependencies: [
                "Primitives", "GraphQLCore", "EventLog", "StoreCore", "Transport", "Retention", "Scheduling",
            ],
            path: "Sources/Environment"),
        .testTarget(
            name: "EnvironmentTests",
            dependencies: [
                "Environment", "GraphQLCore", "EventLog", "EventLogTesting", "StoreCore", "Transport",
                "TransportTesting", "GraphQLTestServer", "Retention", "Scheduling", "SchedulingTesting", "Primitives",
                "SQLiteStore", "OfflineReplayChild", "SwiftUIStandIn",
            ],
            path: "Tests/EnvironmentTests",
            // `Masking/`: a query and a fragment generated with data masking on, attached end to end.
            plugins: ["GraphQLCodegenPlugin"]),
        // Test support, not a product: an app process that queues or replays mutations over a SQLite file, which
        // `OfflineKillTests` kills with SIGKILL.
        .executableTarget(
            name: "OfflineReplayChild", dependencies: ["Environment", "SQLiteStore"], path: "Tests/OfflineReplayChild"),

        // Test support, not a product: SwiftUI's environment names, for the test that a file importing SwiftUI and
        // `Environment` compiles (SwiftUI does not exist on Linux).
        .target(name: "SwiftUIStandIn", path: "Tests/SwiftUIStandIn"),

        // LoopbackHTTP
        .target(name: "LoopbackHTTP", dependencies: ["Primitives"], path: "Packages/LoopbackHTTP/Sources/LoopbackHTTP"),
        // Test support, not a product: a raw loopback HTTP client for LoopbackHTTP's and the inspector's tests.
        .target(
            name: "LoopbackHTTPTesting", dependencies: ["LoopbackHTTP"],
            path: "Packages/LoopbackHTTP/Sources/LoopbackHTTPTesting"),
        .testTarget(
            name: "LoopbackHTTPTests", dependencies: ["LoopbackHTTP", "LoopbackHTTPTesting", "Primitives"],
            path: "Packages/LoopbackHTTP/Tests/LoopbackHTTPTests"),

        // The store inspector: a debug page served from inside the app; nothing of it is in `Environment`.
        .target(
            name: "EnvironmentInspector",
            dependencies: ["Environment", "LoopbackHTTP", "EventLog", "GraphQLCore", "StoreCore", "Primitives"],
            path: "Sources/EnvironmentInspector"),
        .testTarget(
            name: "EnvironmentInspectorTests",
            dependencies: [
                "EnvironmentInspector", "Environment", "LoopbackHTTP", "LoopbackHTTPTesting", "EventLog", "GraphQLCore",
                "StoreCore", "Transport", "TransportTesting", "GraphQLTestServer", "Scheduling", "SchedulingTesting",
                "Primitives",
            ],
            path: "Tests/EnvironmentInspectorTests"),
    ]
)

for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .swiftLanguageMode(.v6),
        ]
}
