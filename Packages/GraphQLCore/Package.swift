// swift-tools-version: 6.0
import PackageDescription

/// GraphQLCore: documents, schemas, validation, compilation, operations and JSON. Imports Primitives
/// only (the lock that hands a deep validation's result back from its large-stack thread).
let package = Package(
    name: "GraphQLCore",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "GraphQLCore", targets: ["GraphQLCore"])
    ],
    dependencies: [.package(path: "../Primitives")],
    targets: [
        .target(name: "GraphQLCore", dependencies: [.product(name: "Primitives", package: "Primitives")]),
        .testTarget(
            name: "GraphQLCoreTests",
            dependencies: ["GraphQLCore", .product(name: "Primitives", package: "Primitives")], exclude: ["Fixtures"]),
    ]
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .swiftLanguageMode(.v6),
        ]
}
