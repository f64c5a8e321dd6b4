// swift-tools-version: 6.0
import PackageDescription

/// Primitives: the one lock (`Locked`) and the one wall-clock instant (`WallInstant`) that the other
/// packages share. Imports nothing.
let package = Package(
    name: "Primitives",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
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
