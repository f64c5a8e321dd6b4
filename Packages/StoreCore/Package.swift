// swift-tools-version: 6.0
import PackageDescription

/// StoreCore: records, the normalizer, the reader, publish and notify, garbage collection, write times
/// and invalidation. Imports GraphQLCore and Primitives.
let package = Package(
    name: "StoreCore",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "StoreCore", targets: ["StoreCore"])
    ],
    dependencies: [.package(path: "../GraphQLCore"), .package(path: "../Primitives")],
    targets: [
        .target(
            name: "StoreCore",
            dependencies: [
                .product(name: "GraphQLCore", package: "GraphQLCore"),
                .product(name: "Primitives", package: "Primitives"),
            ]),
        .testTarget(
            name: "StoreCoreTests",
            dependencies: [
                "StoreCore", .product(name: "GraphQLCore", package: "GraphQLCore"),
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
