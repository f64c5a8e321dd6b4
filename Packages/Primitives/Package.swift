// swift-tools-version: 6.0
import PackageDescription

/// Primitives: the one lock (`Locked`) and the one wall-clock instant (`WallInstant`) that the other
/// packages share. Imports nothing.
let package = Package(
    name: "Primitives",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Primitives", targets: ["Primitives"])
    ],
    targets: [
        .target(name: "Primitives"),
        .testTarget(name: "PrimitivesTests", dependencies: ["Primitives"]),
    ]
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .swiftLanguageMode(.v6),
        ]
}
