// swift-tools-version: 6.0
import PackageDescription

/// Example programs built on the library, each an executable. `feed-app` is the repository's "main job"
/// (`swift run --package-path Examples feed-app`; with `--store PATH` it keeps its store in a SQLite file;
/// its query is `Feed.graphql`, which `GraphQLCodegenPlugin` turns into `FeedQuery` at build time);
/// `graphql-compile` compiles a document against a schema; `infinite-scroll` pages a feed (its query
/// `Feed.graphql`, generated with its `@connection`) and revalidates it with one request; `inspector-demo`
/// runs an app with the store inspector and prints its URL (`--once` exits after one scripted run).
let package = Package(
    name: "Examples",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    dependencies: [.package(name: "swift-graphql-environment", path: "..")],
    targets: [
        .executableTarget(
            name: "graphql-compile",
            dependencies: [.product(name: "GraphQLCore", package: "swift-graphql-environment")],
            path: "Sources/graphql-compile",
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
        ),
        .executableTarget(
            name: "infinite-scroll",
            dependencies: [
                .product(name: "Environment", package: "swift-graphql-environment"),
                .product(name: "SchedulingTesting", package: "swift-graphql-environment"),
                .product(name: "Primitives", package: "swift-graphql-environment"),
            ],
            path: "Sources/infinite-scroll",
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")],
            plugins: [.plugin(name: "GraphQLCodegenPlugin", package: "swift-graphql-environment")]
        ),
        .executableTarget(
            name: "feed-app",
            dependencies: [
                .product(name: "Environment", package: "swift-graphql-environment"),
                .product(name: "SchedulingTesting", package: "swift-graphql-environment"),
                .product(name: "EventLogTesting", package: "swift-graphql-environment"),
                .product(name: "Primitives", package: "swift-graphql-environment"),
                .product(name: "SQLiteStore", package: "swift-graphql-environment"),
            ],
            path: "Sources/feed-app",
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")],
            plugins: [.plugin(name: "GraphQLCodegenPlugin", package: "swift-graphql-environment")]
        ),
        // offline-queue: commits queued offline, a relaunch over the same SQLite file, and their replay.
        .executableTarget(
            name: "offline-queue",
            dependencies: [
                .product(name: "Environment", package: "swift-graphql-environment"),
                .product(name: "SQLiteStore", package: "swift-graphql-environment"),
            ],
            path: "Sources/offline-queue",
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
        ),
        .executableTarget(
            name: "inspector-demo",
            dependencies: [
                .product(name: "Environment", package: "swift-graphql-environment"),
                .product(name: "EnvironmentInspector", package: "swift-graphql-environment"),
                .product(name: "EventLog", package: "swift-graphql-environment"),
                .product(name: "TransportTesting", package: "swift-graphql-environment"),
            ],
            path: "Sources/inspector-demo",
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
        ),
        // A photo uploaded through a generated mutation with a progress line, to a loopback server in
        // the same process.
        .executableTarget(
            name: "upload-photo",
            dependencies: [.product(name: "Environment", package: "swift-graphql-environment")],
            path: "Sources/upload-photo",
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")],
            plugins: [.plugin(name: "GraphQLCodegenPlugin", package: "swift-graphql-environment")]
        ),
    ]
)
