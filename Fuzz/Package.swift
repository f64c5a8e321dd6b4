// swift-tools-version: 6.0
import PackageDescription

/// libFuzzer targets, one executable each, built with the toolchain's fuzzer and address sanitizer:
/// `swift build --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library`
/// (`.ci/fuzz.sh` does it, and `docs/fuzzing.md` explains). Each target's entry point is
/// `LLVMFuzzerTestOneInput`, and its `<Target>_main` (the entry point SwiftPM gives an executable on
/// Linux) hands it to libFuzzer's driver; no target has top-level code. A debug build,
/// so that `@testable import` reaches the internals a property compares (the JSON tape).
let package = Package(
    name: "Fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "swift-graphql-environment", path: "..")],
    targets: [
        // libFuzzer's driver, declared for Swift.
        .target(name: "FuzzerDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: [
                "FuzzerDriver",
                .product(name: "GraphQLCore", package: "swift-graphql-environment"),
                .product(name: "StoreCore", package: "swift-graphql-environment"),
                .product(name: "Primitives", package: "swift-graphql-environment"),
            ]),
        .executableTarget(name: "FuzzDocument", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzCompile", dependencies: ["FuzzSupport"]),
        .executableTarget(
            name: "FuzzPublish",
            dependencies: ["FuzzSupport", .product(name: "SQLiteStore", package: "swift-graphql-environment")]),
    ]
)

for target in package.targets where target.name != "FuzzerDriver" {
    target.swiftSettings = [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
}
