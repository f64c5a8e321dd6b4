// swift-tools-version: 6.0
import PackageDescription

/// SQLiteStore: a record source in a SQLite file, so that the store survives relaunches and crashes;
/// its format and migrations, and collection across launches. Imports GraphQLCore and StoreCore, and
/// the system's SQLite.
let package = Package(
    name: "SQLiteStore",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "SQLiteStore", targets: ["SQLiteStore"])
    ],
    dependencies: [
        .package(path: "../GraphQLCore"), .package(path: "../Primitives"), .package(path: "../StoreCore"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(
            name: "SQLiteStore",
            dependencies: [
                "CSQLite", .product(name: "GraphQLCore", package: "GraphQLCore"),
                .product(name: "Primitives", package: "Primitives"), .product(name: "StoreCore", package: "StoreCore"),
            ]),
        // Test support, not a product: publishes in a loop and acknowledges each commit, for the kill test.
        .executableTarget(
            name: "SQLiteCrashWriter",
            dependencies: [
                "SQLiteStore", .product(name: "GraphQLCore", package: "GraphQLCore"),
                .product(name: "StoreCore", package: "StoreCore"),
            ]),
        .testTarget(
            name: "SQLiteStoreTests",
            dependencies: [
                "SQLiteStore", "SQLiteCrashWriter", "CSQLite", .product(name: "GraphQLCore", package: "GraphQLCore"),
                .product(name: "Primitives", package: "Primitives"), .product(name: "StoreCore", package: "StoreCore"),
            ],
            resources: [.copy("Fixtures")]),
    ]
)

for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .swiftLanguageMode(.v6),
        ]
}
