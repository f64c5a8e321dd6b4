#!/usr/bin/env bash
# An adopter adds this repository by version and takes one product. This builds a throwaway package
# that depends on a temporary clone of the current commit, tagged 0.1.0 (the version README.md shows),
# with `from: "0.1.0"` and the platform floor of the manifests, and uses GraphQLCore only.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/swift-graphql-environment"
git -C "$work/swift-graphql-environment" -c user.name=ci -c user.email=ci@localhost tag -a -f 0.1.0 -m "adopter check" >/dev/null
mkdir -p "$work/adopter/Sources/Adopter"
cat > "$work/adopter/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "Adopter",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    dependencies: [.package(url: "file://$work/swift-graphql-environment", from: "0.1.0")],
    targets: [
        .executableTarget(
            name: "Adopter",
            dependencies: [.product(name: "GraphQLCore", package: "swift-graphql-environment")])
    ]
)
MANIFEST
cat > "$work/adopter/Sources/Adopter/main.swift" <<'SWIFT'
import GraphQLCore

let value: JSONValue = ["adopted": true]
print(value.serializedString())
SWIFT
swift build --package-path "$work/adopter" 2>&1 | tail -n 3
"$work/adopter/.build/debug/Adopter"
echo "adopter check: built GraphQLCore alone from a versioned dependency"
