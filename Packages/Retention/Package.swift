// swift-tools-version: 6.0
import PackageDescription

/// Retention: fetch policies, holders and their retentions, "does any holder of this root allow the
/// network", and the release buffer. Imports GraphQLCore (for `OperationIdentity`) only.
let package = Package(
    name: "Retention",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Retention", targets: ["Retention"])
    ],
    dependencies: [.package(path: "../GraphQLCore")],
    targets: [
        .target(name: "Retention", dependencies: [.product(name: "GraphQLCore", package: "GraphQLCore")]),
        .testTarget(
            name: "RetentionTests",
            dependencies: ["Retention", .product(name: "GraphQLCore", package: "GraphQLCore")]
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
