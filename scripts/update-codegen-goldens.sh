#!/usr/bin/env bash
# Regenerates the code generator's golden files after a deliberate change of its output: the golden
# inputs' code, the store's reference operations' code (text only) and its compiled sample. Then
# builds and runs the Codegen package's tests against them; review the diff before committing.
#
# When the change is to the shape of the code (so that the old goldens no longer compile against
# GraphQLCore), the compiled goldens' target is set aside with a placeholder while the generator's
# tests write the new files, and its tests are put back afterwards.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
golden=Packages/Codegen/Tests/GraphQLCodegenGoldenTests
if swift build --package-path Packages/Codegen --build-tests; then
    GRAPHQL_CODEGEN_UPDATE=1 swift test --package-path Packages/Codegen --skip-build --filter "GraphQLCodegenTests.GoldenTests"
else
    echo "update-codegen-goldens: the old goldens do not build; generating without them" >&2
    aside=$(mktemp -d)
    mv "$golden" "$aside/golden"
    mkdir -p "$golden"
    cp -R "$aside/golden/Inputs" "$golden/"
    echo "// Stands in for the golden tests while their generated code is written." >"$golden/Placeholder.swift"
    restore() {
        rm -f "$golden/Placeholder.swift"
        for test in "$aside"/golden/*.swift; do cp "$test" "$golden/"; done
        if [ ! -d "$golden/Generated" ]; then cp -R "$aside/golden/Generated" "$golden/"; fi
    }
    trap restore EXIT
    swift build --package-path Packages/Codegen --build-tests
    GRAPHQL_CODEGEN_UPDATE=1 swift test --package-path Packages/Codegen --skip-build --filter "GraphQLCodegenTests.GoldenTests"
    restore
    trap - EXIT
fi
# The sample is compiled: build again with the regenerated files, then check everything.
swift build --package-path Packages/Codegen --build-tests -Xswiftc -warnings-as-errors
swift test --package-path Packages/Codegen --skip-build
