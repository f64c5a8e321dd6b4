// swift-tools-version: 6.0
import PackageDescription

/// EventLog: value-free events and the sinks that receive them. Imports Primitives only.
let package = Package(
    name: "EventLog",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
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
