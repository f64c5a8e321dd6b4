#!/usr/bin/env bash
# Builds the libFuzzer targets of `Fuzz/` with the toolchain's fuzzer and address sanitizer and runs
# each for a bounded time from its seed corpus (`Fuzz/Corpus/<target>` and the test fixtures it
# reads). A crash, a memory error, a broken property or an input slower than FUZZ_TIMEOUT seconds
# fails the script, which prints the reproducer. docs/fuzzing.md says how to run longer and how to turn a reproducer into a test.
#
#   FUZZ_SECONDS   seconds per target (default 40)
#   FUZZ_TARGETS   targets to run (default: Document JSON Compile Publish)
#   FUZZ_TIMEOUT   seconds one input may take before it counts as a finding (default 10)
#   FUZZ_WORK      where new corpus entries and reproducers go (default: a temporary directory)
#   FUZZ_OPTIMIZE  1 to build with -O (a longer build, faster runs)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
seconds=${FUZZ_SECONDS:-40}
targets=${FUZZ_TARGETS:-Document JSON Compile Publish}
timeout_seconds=${FUZZ_TIMEOUT:-10}
work=${FUZZ_WORK:-$(mktemp -d)}
mkdir -p "$work"

# A debug build, so that `@testable import` reaches the tape. FUZZ_OPTIMIZE=1 adds -O for long runs:
# several times the inputs a second, for a build several times as long as CI's budget allows.
flags=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
if [ "${FUZZ_OPTIMIZE:-0}" = 1 ]; then flags+=(-Xswiftc -O --scratch-path Fuzz/.build/optimized); fi
# The sanitizer runtime's symbols make the linker warn once each; they say nothing about our code.
swift build --package-path Fuzz "${flags[@]}" 2> >(grep -v "warning: Cannot export local symbol" >&2)
bin=$(swift build --package-path Fuzz "${flags[@]}" --show-bin-path)

# Seeds: the target's own corpus and the test fixtures it reads, where they are (not copied).
fixtures=Packages/GraphQLCore/Tests/GraphQLCoreTests/Fixtures
seeds() {
    case $1 in
    Document | Compile) echo "Fuzz/Corpus/$1 $fixtures/corpus" ;;
    JSON) echo "Fuzz/Corpus/$1 $fixtures/JSON" ;;
    *) echo "Fuzz/Corpus/$1" ;;
    esac
}

for target in $targets; do
    corpus="$work/corpus-$target"
    mkdir -p "$corpus"
    seed_dirs=()
    for dir in $(seeds "$target"); do [ -d "$dir" ] && seed_dirs+=("$dir"); done
    # LeakSanitizer stays on where it reads Swift's references right; the schema the compile and
    # publish targets build once is held through enum payloads whose spare bits hide the pointers
    # from it, so there it reports that one schema, never freed, as a leak at exit.
    leaks=1
    case $target in Compile | Publish) leaks=0 ;; esac
    echo "--- Fuzz$target: $seconds s"
    status=0
    ASAN_OPTIONS="detect_leaks=$leaks" "$bin/Fuzz$target" "$corpus" "${seed_dirs[@]}" -max_total_time="$seconds" -timeout="$timeout_seconds" \
        -rss_limit_mb=4096 -detect_leaks=$leaks -print_final_stats=1 -artifact_prefix="$work/Fuzz$target-" \
        > "$work/Fuzz$target.log" 2>&1 || status=$?
    grep -E '^(#[0-9]+.*DONE|Done|stat::number_of_executed_units|stat::peak_rss_mb)' "$work/Fuzz$target.log" || true
    if [ "$status" -ne 0 ]; then
        echo "Fuzz$target found a problem (exit $status):" >&2
        grep -vE '^#[0-9]+' "$work/Fuzz$target.log" | tail -60 >&2
        for reproducer in "$work/Fuzz$target-"*; do
            [ -e "$reproducer" ] || continue
            echo "reproducer: $reproducer" >&2
            echo "base64: $(base64 -w0 "$reproducer")" >&2
            echo "text (escaped): $(head -c 2000 "$reproducer" | od -An -c | tr -s ' ' | tr -d '\n')" >&2
            echo "replay: $bin/Fuzz$target $reproducer" >&2
        done
        exit 1
    fi
done
echo "no findings"
