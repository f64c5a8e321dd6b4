// swift-tools-version: 6.0
import PackageDescription

/// Transport: the `Transport` protocol, GraphQL over HTTP on URLSession, decorators, and a scripted
/// transport for tests. Imports GraphQLCore and Primitives.
let package = Package(
    name: "Transport",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Transport", targets: ["Transport"]),
        .library(name: "TransportTesting", targets: ["TransportTesting"]),
    ],
    dependencies: [.package(path: "../GraphQLCore"), .package(path: "../Primitives")],
    targets: [
        .target(
            name: "Transport",
            dependencies: [
                .product(name: "GraphQLCore", package: "GraphQLCore"),
                .product(name: "Primitives", package: "Primitives"),
            ]),
        .target(
            name: "TransportTesting",
            dependencies: [
                "Transport", .product(name: "GraphQLCore", package: "GraphQLCore"),
                .product(name: "Primitives", package: "Primitives"),
            ]),
        // Not a product: launches this repository's GraphQL test server (`Tests/Server/server.py`) for
        // the integration suites here and the root's whole-system tests.
        .target(name: "GraphQLTestServer", path: "Tests/GraphQLTestServer"),
        .testTarget(
            name: "TransportTests",
            dependencies: [
                "Transport", "TransportTesting", "GraphQLTestServer",
                .product(name: "GraphQLCore", package: "GraphQLCore"),
                .product(name: "Primitives", package: "Primitives"),
            ],
            exclude: ["Fixtures"]),
    ]
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .swiftLanguageMode(.v6),
        ]
}
