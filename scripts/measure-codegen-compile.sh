#!/usr/bin/env bash
# Compiles the code generated for the store's reference operations in two shapes, in one run: the
# goldens of a base revision (where the branch left `main` unless given) and those of the working tree. For each shape,
# a debug (`-Onone -g`) and a release (`-O`) whole-module build of the same cases, each with its wall
# time, CPU time (user and system: what the compile costs, whatever else the machine runs) and peak
# memory from `/usr/bin/time -v`, and the Swift bytes compiled. Not part of the tests:
# a full run compiles about 300 operations' code four times, which takes a long time on a small machine.
#
# Usage: scripts/measure-codegen-compile.sh [cases] [base-revision]
#   cases: how many reference operations, by case number (all of them unless given); the shared
#   fragments and the schema namespace are always compiled with them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cases=${1:-all}
base=${2:-$(git merge-base main HEAD)}
corpus=Packages/Codegen/Tests/GraphQLCodegenTests/Goldens/StoreCorpus
sample=Packages/Codegen/Tests/GraphQLCodegenGoldenTests/Generated/StoreSample
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The generated code imports GraphQLCore; both shapes compile against the working tree's module,
# which keeps every declaration the base's code uses.
swift build --package-path Packages/GraphQLCore >/dev/null
modules=Packages/GraphQLCore/.build/debug/Modules

mkdir -p "$work/base" "$work/new"
git archive "$base" "$corpus" "$sample" | tar -x -C "$work/base"
mkdir -p "$work/new/$corpus" "$work/new/$sample"
cp "$corpus"/*.swift "$work/new/$corpus/"
cp "$sample"/*.swift "$work/new/$sample/"

# The same case files for both shapes: the first `cases` case numbers.
selected=$(ls "$work/new/$corpus" "$work/new/$sample" | grep -E '^Case[0-9]+\.graphql\.swift$' | sort -t e -k 2 -n)
if [ "$cases" != all ]; then selected=$(echo "$selected" | head -n "$cases"); fi

files() {
    local dir=$1
    for name in $selected Fragments.graphql.swift StoreSchema.graphql.swift; do
        if [ -f "$dir/$corpus/$name" ]; then echo "$dir/$corpus/$name"; else echo "$dir/$sample/$name"; fi
    done
}

printf '%-5s %-8s %10s %8s %10s %10s %10s\n' shape mode bytes lines "wall s" "CPU s" "peak MB"
for mode in debug release; do
    for shape in base new; do
        list=$(files "$work/$shape")
        # shellcheck disable=SC2086
        bytes=$(cat $list | wc -c)
        # shellcheck disable=SC2086
        lines=$(cat $list | wc -l)
        flags=(-Onone -g)
        if [ "$mode" = release ]; then flags=(-O); fi
        # shellcheck disable=SC2086
        /usr/bin/time -v -o "$work/time" swiftc -swift-version 6 -parse-as-library -module-name Generated \
            -I "$modules" -wmo "${flags[@]}" -c $list -o "$work/$shape-$mode.o" >/dev/null 2>"$work/log" || {
            cat "$work/log" >&2
            exit 1
        }
        wall=$(grep 'Elapsed (wall clock)' "$work/time" | awk '{print $NF}')
        seconds=$(echo "$wall" | awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }')
        cpu=$(grep -E '(User|System) time' "$work/time" | awk '{s += $NF} END {print s}')
        peak=$(grep 'Maximum resident set size' "$work/time" | awk '{printf "%.0f", $NF / 1024}')
        printf '%-5s %-8s %10d %8d %10.1f %10.1f %10s\n' "$shape" "$mode" "$bytes" "$lines" "$seconds" "$cpu" "$peak"
    done
done
echo "cases: $(echo "$selected" | wc -l) of the reference operations, base $(git rev-parse --short "$base")"
