#!/bin/sh
# Creates .ci/.venv (once) and installs what the loopback GraphQL test server needs
# (Tests/Server/requirements.txt). Idempotent: quick when everything is already installed.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.ci/.venv"
requirements="$root/Tests/Server/requirements.txt"
python=${PYTHON:-python3}

if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
stamp="$venv/.requirements-installed"
if [ -f "$stamp" ] && cmp -s "$stamp" "$requirements"; then
    exit 0
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
cp "$requirements" "$stamp"
