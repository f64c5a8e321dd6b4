#!/usr/bin/env bash
# Creates .ci/.venv with what the reference scripts and the loopback GraphQL test servers need
# (graphql-core; Strawberry on uvicorn for the WebSocket and incremental-delivery tests; all from
# PyPI, with one graphql-core pin). Idempotent, and quick when nothing changed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.ci/.venv"
requirements=()
files=()
for file in "$root/scripts/reference/requirements.txt" "$root/Tests/Server/requirements.txt" \
    "$root/Tests/StrawberryServer/requirements.txt"; do
    if [ -f "$file" ]; then
        requirements+=(-r "$file")
        files+=("$file")
    fi
done
if [ ${#files[@]} -eq 0 ]; then
    echo "setup-python: no requirements files found" >&2
    exit 1
fi
stamp="$venv/.requirements"
wanted=$(cat "${files[@]}" | sort -u)
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    exit 0
fi
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${requirements[@]}"
echo "$wanted" > "$stamp"
echo "python: $("$venv/bin/python" -c 'import graphql; print("graphql-core", graphql.__version__)')"
