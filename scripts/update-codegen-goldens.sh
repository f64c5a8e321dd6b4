#!/usr/bin/env bash
# Regenerates the code generator's golden files after a deliberate change of its output: the golden
# inputs' code, the store's reference operations' code (text only) and its compiled sample. Then
# builds and runs the Codegen package's tests against them; review the diff before committing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
swift build --package-path Packages/Codegen --build-tests
GRAPHQL_CODEGEN_UPDATE=1 swift test --package-path Packages/Codegen --skip-build --filter "GraphQLCodegenTests.GoldenTests"
# The sample is compiled: build again with the regenerated files, then check everything.
swift build --package-path Packages/Codegen --build-tests -Xswiftc -warnings-as-errors
swift test --package-path Packages/Codegen --skip-build
