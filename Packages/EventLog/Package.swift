// swift-tools-version: 6.0
import PackageDescription

/// EventLog: value-free events and the sinks that receive them. Imports Primitives only.
let package = Package(
    name: "EventLog",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "EventLog", targets: ["EventLog"]),
        .library(name: "EventLogTesting", targets: ["EventLogTesting"]),
    ],
    dependencies: [.package(path: "../Primitives")],
    targets: [
        .target(name: "EventLog", dependencies: [.product(name: "Primitives", package: "Primitives")]),
        .target(
            name: "EventLogTesting", dependencies: ["EventLog", .product(name: "Primitives", package: "Primitives")]),
        .testTarget(name: "EventLogTests", dependencies: ["EventLog", "EventLogTesting"]),
    ]
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .swiftLanguageMode(.v6),
        ]
}
