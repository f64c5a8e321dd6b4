#!/usr/bin/env python3
"""Reference fixture for the Swift parser and printer, produced by graphql-core.

Reads every `.graphql` file of the corpus and records, for each, whether graphql-core parses it and
then its printed form and that form without its ignored characters (the text an operation is sent
as), or else its syntax error's message, line and column. The Swift tests compare
their own parser and printer against this file.

    python scripts/reference/parse_print.py           # rewrite the fixture
    python scripts/reference/parse_print.py --check   # exit 1 if the committed fixture is stale

Run it with the venv at .ci/.venv (graphql-core pinned in requirements.txt).
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
import tempfile
from pathlib import Path

import graphql
from graphql import GraphQLError, parse, print_ast
from graphql.utilities import strip_ignored_characters

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Packages/GraphQLCore/Tests/GraphQLCoreTests/Fixtures"
CORPUS = FIXTURES / "corpus"
OUTPUT = FIXTURES / "parse_print.json"
PINNED = "3.3.2"


def describe(path: Path) -> dict[str, object]:
    """Parse one corpus file and describe the outcome."""
    raw = path.read_bytes()
    try:
        # Keep `\r\n`, `\r` and a byte order mark exactly as written: they are what is tested.
        source = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SystemExit(f"{path.name}: not UTF-8 ({error})") from error
    try:
        document = parse(source)
    except GraphQLError as error:
        locations = error.locations or []
        if len(locations) != 1:
            raise SystemExit(f"{path.name}: expected one error location, got {locations}") from error
        return {
            "parses": False,
            "message": error.message,
            "line": locations[0].line,
            "column": locations[0].column,
        }
    printed = print_ast(document)
    return {"parses": True, "printed": printed, "compact": strip_ignored_characters(printed)}


def generate() -> str:
    if graphql.__version__ != PINNED:
        raise SystemExit(f"graphql-core {PINNED} is pinned, found {graphql.__version__}")
    # graphql-core stops at 200 levels of nesting on its own; a high interpreter limit makes sure
    # that limit, not Python's stack, decides where a deep document fails.
    sys.setrecursionlimit(20_000)
    files = sorted(CORPUS.glob("*.graphql"))
    if not files:
        raise SystemExit(f"no corpus files under {CORPUS}")
    cases = {path.name: describe(path) for path in files}
    fixture = {"graphqlCore": graphql.__version__, "cases": cases}
    return json.dumps(fixture, indent=2, sort_keys=True, ensure_ascii=True) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the committed fixture instead of writing")
    arguments = parser.parse_args()
    text = generate()
    if not arguments.check:
        OUTPUT.write_text(text, encoding="utf-8")
        print(f"wrote {OUTPUT.relative_to(ROOT)}")
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as temporary:
        temporary.write(text)
    committed = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
    if committed == text:
        print(f"{OUTPUT.relative_to(ROOT)} is up to date")
        return 0
    diff = difflib.unified_diff(
        committed.splitlines(), text.splitlines(), "committed", f"regenerated ({temporary.name})", lineterm=""
    )
    print("\n".join(list(diff)[:200]))
    print(f"{OUTPUT.relative_to(ROOT)} is stale: run scripts/reference/parse_print.py", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
