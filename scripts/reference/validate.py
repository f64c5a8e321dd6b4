#!/usr/bin/env python3
"""Validation reference: runs graphql-core's validation over the fixture corpus.

Reads Packages/GraphQLCore/Tests/GraphQLCoreTests/Fixtures/validation/schema.graphql and every other
*.graphql file in that folder, validates each document against the schema with each rule of
graphql-core's `specified_rules` in turn (so every error is known by its rule), and writes
Fixtures/validation.json:

    {"graphqlCore": "3.3.2", "documents": {"<file>": [{"rule", "message", "locations"}]},
     "schemas": {"<file>": ["<message>"]}}

`locations` are graphql-core's, `[line, column]` for each node it points at (values, names and type
references included). The Swift tests require the same locations for every error, and the same
messages. docs/decisions/0060-validation-reference-differences.md lists the deliberate differences.

It also builds every SDL document in Fixtures/schemas/ and records graphql-core's messages for it (none
for a valid schema); the Swift tests require `Schema(sdl:)` to throw one of them.

Usage: python scripts/reference/validate.py [--check]
  --check  regenerate into a temporary file and exit 1 when it differs from the committed one.

Run with the venv in .ci/.venv (pip install -r scripts/reference/requirements.txt).
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import graphql
from graphql import GraphQLError, build_schema, parse, validate, validate_schema
from graphql.validation import specified_rules

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Packages/GraphQLCore/Tests/GraphQLCoreTests/Fixtures"
CORPUS = FIXTURES / "validation"
SCHEMAS = FIXTURES / "schemas"
OUTPUT = FIXTURES / "validation.json"

# Our Schema has the client's @cacheExpiration built in; graphql-core needs it declared.
CLIENT_DIRECTIVES = "directive @cacheExpiration(seconds: Int!) on QUERY\n"

def errors_for(schema, path: Path) -> list[dict]:
    text = path.read_text(encoding="utf-8")
    document = parse(text)
    results = []
    for rule in specified_rules:
        for error in validate(schema, document, [rule]):
            assert isinstance(error, GraphQLError)
            locations = [[loc.line, loc.column] for loc in error.locations or []]
            results.append({"rule": rule.__name__, "message": error.message, "locations": locations})
    results.sort(key=lambda e: (e["locations"][:1] or [[1 << 30, 0]], e["rule"], e["message"]))
    return results


def schema_errors(path: Path) -> list[str]:
    """graphql-core's messages for an SDL document: its SDL rules, then its schema validation."""
    try:
        return [error.message for error in validate_schema(build_schema(path.read_text(encoding="utf-8")))]
    except GraphQLError as error:
        return [error.message]
    except TypeError as error:  # assert_valid_sdl joins the SDL rules' messages with blank lines
        return str(error).split("\n\n")


def generate() -> str:
    sdl = CLIENT_DIRECTIVES + (CORPUS / "schema.graphql").read_text(encoding="utf-8")
    schema = build_schema(sdl)
    documents = {
        path.name: errors_for(schema, path)
        for path in sorted(CORPUS.glob("*.graphql"))
        if path.name != "schema.graphql"
    }
    schemas = {path.name: schema_errors(path) for path in sorted(SCHEMAS.glob("*.graphql"))}
    payload = {"graphqlCore": graphql.__version__, "documents": documents, "schemas": schemas}
    return json.dumps(payload, indent=1, ensure_ascii=False) + "\n"


def main() -> int:
    text = generate()
    if "--check" in sys.argv[1:]:
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as handle:
            handle.write(text)
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            print(f"{OUTPUT.relative_to(ROOT)} is out of date; regenerated copy at {handle.name}", file=sys.stderr)
            return 1
        print(f"{OUTPUT.relative_to(ROOT)} is up to date ({text.count(chr(10))} lines)")
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
