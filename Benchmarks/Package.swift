// swift-tools-version: 6.0
import PackageDescription

/// The benchmark executable. Run with `swift run -c release --package-path Benchmarks Benchmarks [filter]`.
/// Every figure is printed as a ratio to a floor measured in the same run, never as an absolute time.
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    dependencies: [.package(name: "swift-graphql-environment", path: "..")],
    targets: [
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                .product(name: "Environment", package: "swift-graphql-environment"),
                .product(name: "Scheduling", package: "swift-graphql-environment"),
                .product(name: "Transport", package: "swift-graphql-environment"),
                .product(name: "StoreCore", package: "swift-graphql-environment"),
                .product(name: "Primitives", package: "swift-graphql-environment"),
                .product(name: "SQLiteStore", package: "swift-graphql-environment"),
                .product(name: "GraphQLCodegen", package: "swift-graphql-environment"),
                .product(name: "EnvironmentInspector", package: "swift-graphql-environment"),
                .product(name: "EventLog", package: "swift-graphql-environment"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")],
            // `Items.graphql` becomes `GeneratedItemsQuery`, whose `Data` the Store group decodes.
            plugins: [.plugin(name: "GraphQLCodegenPlugin", package: "swift-graphql-environment")]
        )
    ]
)
