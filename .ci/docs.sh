#!/usr/bin/env bash
# DocC, with the toolchain's own `docc` and no plugin: builds the root with symbol graphs, then converts
# each library product's catalog with its module's symbol graphs, warnings as errors (an unresolved
# ``link``, a missing page, a malformed article all fail).
#
#   bash .ci/docs.sh build   only the build: the root, tests included, with the explicit import check,
#                            warnings as errors and symbol graphs (`.ci/run`'s root build step)
#   bash .ci/docs.sh         the build (a no-op after the step above: same flags), then every catalog
#
# Archives are written to .build/docs/<Module>.doccarchive.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
graphs="$root/.build/symbol-graphs"
mkdir -p "$graphs"
swift build --explicit-target-dependency-import-check error --build-tests -Xswiftc -warnings-as-errors \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
[ "${1:-}" = build ] && exit 0

# Each library product's module and the folder that holds its `<Module>.docc` catalog.
catalogs=(
    Primitives:Packages/Primitives/Sources/Primitives
    GraphQLCore:Packages/GraphQLCore/Sources/GraphQLCore
    EventLog:Packages/EventLog/Sources/EventLog
    EventLogTesting:Packages/EventLog/Sources/EventLogTesting
    Transport:Packages/Transport/Sources/Transport
    TransportTesting:Packages/Transport/Sources/TransportTesting
    StoreCore:Packages/StoreCore/Sources/StoreCore
    SQLiteStore:Packages/SQLiteStore/Sources/SQLiteStore
    Retention:Packages/Retention/Sources/Retention
    Scheduling:Packages/Scheduling/Sources/Scheduling
    SchedulingTesting:Packages/Scheduling/Sources/SchedulingTesting
    GraphQLCodegen:Packages/Codegen/Sources/GraphQLCodegen
    Environment:Sources/Environment
    LoopbackHTTP:Packages/LoopbackHTTP/Sources/LoopbackHTTP
    EnvironmentInspector:Sources/EnvironmentInspector
)
# Every library product of the root manifest must have a catalog above.
products=$(swift package dump-package | python3 -c '
import json, sys
print("\n".join(sorted(p["name"] for p in json.load(sys.stdin)["products"] if "library" in p["type"])))')
listed=$(printf '%s\n' "${catalogs[@]}" | cut -d: -f1 | sort)
if [ "$products" != "$listed" ]; then
    echo "docs: the library products and the catalogs listed in .ci/docs.sh differ:" >&2
    diff <(echo "$products") <(echo "$listed") >&2 || true
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out="$root/.build/docs"
mkdir -p "$out"
for entry in "${catalogs[@]}"; do
    module=${entry%%:*}
    catalog="${entry#*:}/$module.docc"
    if [ ! -d "$catalog" ]; then
        echo "docs: $module has no catalog at $catalog" >&2
        exit 1
    fi
    # The module's own graph and the graphs of its extensions to other modules (Module@Other).
    mkdir -p "$work/$module"
    cp "$graphs/$module.symbols.json" "$work/$module/"
    find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$work/$module/" \;
    echo "docs: $module"
    docc convert "$catalog" \
        --additional-symbol-graph-dir "$work/$module" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "swift-graphql-environment.$module" \
        --output-path "$out/$module.doccarchive" \
        --warnings-as-errors
done
echo "docs: ${#catalogs[@]} catalogs built with no warnings, in .build/docs"
