// swift-tools-version: 6.0
import PackageDescription

/// Codegen: `graphql-codegen`, which turns a schema and `.graphql` documents into Swift types for each
/// operation and fragment, the library it is built on, and the build tool plugin that runs it on a
/// target's documents. Imports GraphQLCore only.
let package = Package(
    name: "Codegen",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "GraphQLCodegen", targets: ["GraphQLCodegen"]),
        .executable(name: "graphql-codegen", targets: ["graphql-codegen"]),
        .plugin(name: "GraphQLCodegenPlugin", targets: ["GraphQLCodegenPlugin"]),
    ],
    dependencies: [.package(path: "../GraphQLCore")],
    targets: [
        .target(name: "GraphQLCodegen", dependencies: [.product(name: "GraphQLCore", package: "GraphQLCore")]),
        .executableTarget(name: "graphql-codegen", dependencies: ["GraphQLCodegen"]),
        .plugin(name: "GraphQLCodegenPlugin", capability: .buildTool(), dependencies: ["graphql-codegen"]),
        // The generator's tests; `Goldens/` holds the code generated for the store's reference
        // operations, compared as text and never compiled.
        .testTarget(
            name: "GraphQLCodegenTests",
            dependencies: ["GraphQLCodegen", .product(name: "GraphQLCore", package: "GraphQLCore")],
            exclude: ["Goldens"]),
        // The golden files, compiled: the code generated for `Inputs/` and a sample of the reference
        // operations that uses every form of code the generator writes for them (which the generator
        // tests regenerate and compare byte for byte), and tests of how it behaves.
        .testTarget(
            name: "GraphQLCodegenGoldenTests",
            dependencies: [.product(name: "GraphQLCore", package: "GraphQLCore")], exclude: ["Inputs"]),
        // A target whose documents the plugin generates during the build.
        .testTarget(
            name: "GraphQLCodegenPluginTests", dependencies: [.product(name: "GraphQLCore", package: "GraphQLCore")],
            plugins: ["GraphQLCodegenPlugin"]),
    ]
)

for target in package.targets where target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .swiftLanguageMode(.v6),
        ]
}
