// swift-tools-version: 6.0
import PackageDescription

/// LoopbackHTTP: a small HTTP/1.1 server on POSIX sockets that binds the loopback interface only,
/// checks an access token in constant time, bounds every request and serves server-sent events; what
/// a debug page inside an app (the store inspector) is served by. Imports Primitives.
let package = Package(
    name: "LoopbackHTTP",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "LoopbackHTTP", targets: ["LoopbackHTTP"])
    ],
    dependencies: [.package(path: "../Primitives")],
    targets: [
        .target(name: "LoopbackHTTP", dependencies: [.product(name: "Primitives", package: "Primitives")]),
        // Test support, not a product: a raw loopback HTTP client.
        .target(name: "LoopbackHTTPTesting", dependencies: ["LoopbackHTTP"]),
        .testTarget(
            name: "LoopbackHTTPTests",
            dependencies: ["LoopbackHTTP", "LoopbackHTTPTesting", .product(name: "Primitives", package: "Primitives")]),
    ]
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .swiftLanguageMode(.v6),
        ]
}
