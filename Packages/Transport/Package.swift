// swift-tools-version: 6.0
import PackageDescription

/// Transport: the `Transport` protocol, GraphQL over HTTP on URLSession, decorators, and a scripted
/// transport for tests. Imports GraphQLCore only.
let package = Package(
    name: "Transport",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Transport", targets: ["Transport"]),
        .library(name: "TransportTesting", targets: ["TransportTesting"]),
    ],
    dependencies: [.package(path: "../GraphQLCore")],
    targets: [
        .target(name: "Transport", dependencies: [.product(name: "GraphQLCore", package: "GraphQLCore")]),
        .target(
            name: "TransportTesting",
            dependencies: ["Transport", .product(name: "GraphQLCore", package: "GraphQLCore")]),
        .testTarget(
            name: "TransportTests",
            dependencies: ["Transport", "TransportTesting", .product(name: "GraphQLCore", package: "GraphQLCore")],
            exclude: ["Fixtures"]),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .swiftLanguageMode(.v6),
    ]
}
