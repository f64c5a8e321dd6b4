// swift-tools-version: 6.0
import PackageDescription

/// Scheduling: the wall clock (and a manual one for tests), expiration, the staleness predicate,
/// the registry that shares a fetch in flight, and the planner that says which roots a
/// revalidation, an invalidation or a heal fetches. Imports GraphQLCore (for `OperationIdentity`) and
/// Primitives (for `WallInstant`) only.
let package = Package(
    name: "Scheduling",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Scheduling", targets: ["Scheduling"]),
        .library(name: "SchedulingTesting", targets: ["SchedulingTesting"]),
    ],
    dependencies: [.package(path: "../GraphQLCore"), .package(path: "../Primitives")],
    targets: [
        .target(
            name: "Scheduling",
            dependencies: [
                .product(name: "GraphQLCore", package: "GraphQLCore"),
                .product(name: "Primitives", package: "Primitives"),
            ]),
        .target(
            name: "SchedulingTesting",
            dependencies: ["Scheduling", .product(name: "Primitives", package: "Primitives")]),
        .testTarget(
            name: "SchedulingTests",
            dependencies: [
                "Scheduling", "SchedulingTesting", .product(name: "GraphQLCore", package: "GraphQLCore"),
                .product(name: "Primitives", package: "Primitives"),
            ]
        ),
    ]
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .swiftLanguageMode(.v6),
        ]
}
