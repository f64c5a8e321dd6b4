// swift-tools-version: 6.0
import PackageDescription

/// GraphQLCore: documents, schemas, validation, compilation, operations and JSON. Imports nothing.
let package = Package(
    name: "GraphQLCore",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "GraphQLCore", targets: ["GraphQLCore"])
    ],
    targets: [
        .target(name: "GraphQLCore"),
        .testTarget(name: "GraphQLCoreTests", dependencies: ["GraphQLCore"], exclude: ["Fixtures"]),
    ]
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .swiftLanguageMode(.v6),
        ]
}
