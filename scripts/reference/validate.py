#!/usr/bin/env python3
"""Validation reference: runs graphql-core's validation over the fixture corpus.

Reads Packages/GraphQLCore/Tests/GraphQLCoreTests/Fixtures/validation/schema.graphql and every other
*.graphql file in that folder, validates each document against the schema with each rule of
graphql-core's `specified_rules` in turn (so every error is known by its rule), and writes
Fixtures/validation.json:

    {"graphqlCore": "3.3.2", "documents": {"<file>": [{"rule", "message", "locations", "astLocations"}]},
     "schemas": {"<file>": ["<message>"]}}

`locations` are graphql-core's. `astLocations` map each node graphql-core points at to the nearest node
that our AST locates (a value inside an argument has no location of its own in our AST, so it is
located at its argument, input field or variable definition; a name at the node it names). The Swift
tests compare against `astLocations`. docs/decisions/0060-validation-reference-differences.md lists the
deliberate differences.

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
from graphql.language import ast
from graphql.language.location import get_location
from graphql.validation import specified_rules

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Packages/GraphQLCore/Tests/GraphQLCoreTests/Fixtures"
CORPUS = FIXTURES / "validation"
SCHEMAS = FIXTURES / "schemas"
OUTPUT = FIXTURES / "validation.json"

# Our Schema has the client's @cacheExpiration built in; graphql-core needs it declared.
CLIENT_DIRECTIVES = "directive @cacheExpiration(seconds: Int!) on QUERY\n"

# The nodes our AST gives a location to.
LOCATED = (
    ast.OperationDefinitionNode,
    ast.VariableDefinitionNode,
    ast.FragmentDefinitionNode,
    ast.SelectionSetNode,
    ast.FieldNode,
    ast.FragmentSpreadNode,
    ast.InlineFragmentNode,
    ast.ArgumentNode,
    ast.DirectiveNode,
    ast.ObjectFieldNode,
    ast.TypeSystemDefinitionNode,
    ast.TypeSystemExtensionNode,
)


def parents_of(document: ast.DocumentNode) -> dict[int, ast.Node]:
    parents: dict[int, ast.Node] = {}
    pending: list[ast.Node] = [document]
    while pending:
        node = pending.pop()
        for key in node.keys:
            child = getattr(node, key, None)
            children = child if isinstance(child, (list, tuple)) else [child]
            for item in children:
                if isinstance(item, ast.Node):
                    parents[id(item)] = node
                    pending.append(item)
    return parents


def ast_location(node: ast.Node, parents: dict[int, ast.Node], source) -> list[int] | None:
    current: ast.Node | None = node
    while current is not None and not isinstance(current, LOCATED):
        current = parents.get(id(current))
    if current is None or current.loc is None:
        return None
    location = get_location(source, current.loc.start)
    return [location.line, location.column]


def errors_for(schema, path: Path) -> list[dict]:
    text = path.read_text(encoding="utf-8")
    document = parse(text)
    parents = parents_of(document)
    source = document.loc.source
    results = []
    for rule in specified_rules:
        for error in validate(schema, document, [rule]):
            assert isinstance(error, GraphQLError)
            locations = [[loc.line, loc.column] for loc in error.locations or []]
            mapped = [ast_location(node, parents, source) for node in error.nodes or []]
            results.append(
                {
                    "rule": rule.__name__,
                    "message": error.message,
                    "locations": locations,
                    "astLocations": [loc for loc in mapped if loc is not None],
                }
            )
    results.sort(key=lambda e: (e["astLocations"][:1] or [[1 << 30, 0]], e["rule"], e["message"]))
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
