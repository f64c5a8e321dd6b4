#!/usr/bin/env bash
# Creates .ci/.venv with what the reference scripts and the loopback GraphQL test server need
# (graphql-core from PyPI). Idempotent, and quick when nothing changed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.ci/.venv"
requirements=()
for file in "$root/scripts/reference/requirements.txt" "$root/Tests/Server/requirements.txt"; do
    [ -f "$file" ] && requirements+=(-r "$file")
done
stamp="$venv/.requirements"
wanted=$(cat "$root/scripts/reference/requirements.txt" "$root/Tests/Server/requirements.txt" 2>/dev/null | sort -u)
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    exit 0
fi
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${requirements[@]}"
echo "$wanted" > "$stamp"
echo "python: $("$venv/bin/python" -c 'import graphql; print("graphql-core", graphql.__version__)')"
