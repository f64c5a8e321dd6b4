#!/usr/bin/env bash
# The public API against the last release: `swift package diagnose-api-breaking-changes <tag>` for every
# library product, where the release is the newest version tag (x.y.z) reachable from HEAD other than
# one on HEAD itself. With no such tag there is nothing to compare with: it says so and passes.
# Extra arguments go to the command (for example `--products GraphQLCore`).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
here=$(git tag --points-at HEAD)
baseline=""
for tag in $(git tag --merged HEAD --list '[0-9]*.[0-9]*.[0-9]*' --sort=-v:refname); do
    if ! grep -qxF "$tag" <<<"$here"; then
        baseline=$tag
        break
    fi
done
if [ -z "$baseline" ]; then
    echo "api check: no release tag (x.y.z) before HEAD yet, so there is no API to compare with; skipped."
    echo "api check: the first release is tagged 0.1.0 (CHANGELOG.md); from then on this compares against it."
    exit 0
fi
echo "api check: comparing the public API of every library product with release $baseline"
swift package diagnose-api-breaking-changes "$baseline" "$@"
