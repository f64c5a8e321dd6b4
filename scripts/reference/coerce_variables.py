#!/usr/bin/env python3
"""Reference fixture for variable coercion, produced by graphql-core.

Runs graphql-core's `get_variable_values` (the spec's CoerceVariableValues, suggestions hidden)
over a table of (operation, variables) cases against one schema and writes
Packages/GraphQLCore/Tests/GraphQLCoreTests/Fixtures/variables.json. The Swift tests in
Compilation/VariablesReferenceTests.swift coerce the same cases and compare the coerced values, or
the first error's message, with what graphql-core produced.

    python scripts/reference/coerce_variables.py          # regenerate the fixture
    python scripts/reference/coerce_variables.py --check  # exit 1 when the fixture is stale (CI)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import graphql
from graphql import build_schema, parse
from graphql.execution.values import get_variable_values

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "Packages/GraphQLCore/Tests/GraphQLCoreTests/Fixtures/variables.json"

SCHEMA = """\
interface Node { id: ID! }

type Query {
  node(id: ID!): Node
  feed(first: Int = 10, after: String, filter: FeedFilter): [Post!]!
  post(id: ID!): Post
  postBy(ref: PostRef!): Post
  at(time: DateTime): String
  grid(rows: [[Int]]): Int
  weighted(weight: Float, flag: Boolean): Int
  deep(in: Deep): Int
}

type Mutation { likePost(input: LikeInput!): Post }

type Post implements Node { id: ID! title: String! tags: [String!]! }

enum Order { NEWEST OLDEST }

scalar DateTime

input FeedFilter {
  tags: [String!]
  order: Order = NEWEST
  authorID: ID
  minLikes: Int
  since: DateTime
}

input LikeInput { postID: ID! weight: Float = 1.5 nested: FeedFilter }

input PostRef @oneOf { id: ID slug: String }

input Deep { next: Deep leaf: Int }
"""


def nested(levels: int, wrap) -> object:
    value: object = wrap(None)
    for _ in range(levels - 1):
        value = wrap(value)
    return value


# 250 input objects inside one another: past graphql-core's MAX_NESTING_DEPTH (200 steps along the type) and
# past ours (InputCoercion.maxDepth, 64), so both refuse it with the same message and no location.
NESTED_TOO_DEEP = nested(250, lambda inner: {"leaf": 1} if inner is None else {"next": inner})

# (name, operation text, variables). Every case declares the variables it is about.
SCALARS = "query ($i: Int, $f: Float, $s: String, $b: Boolean, $id: ID) { node(id: \"1\") { id } }"
CASES: list[tuple[str, str, dict]] = [
    ("int accepts an integer", SCALARS, {"i": 7}),
    ("int accepts an integral float", SCALARS, {"i": 7.0}),
    ("int rejects a fraction", SCALARS, {"i": 1.5}),
    ("int rejects a string", SCALARS, {"i": "1"}),
    ("int rejects a boolean", SCALARS, {"i": True}),
    ("int rejects above 32 bits", SCALARS, {"i": 2147483648}),
    ("int rejects below 32 bits", SCALARS, {"i": -2147483649}),
    ("int accepts the 32-bit extremes", SCALARS, {"i": -2147483648}),
    ("int rejects a huge float", SCALARS, {"i": 1e20}),
    ("float accepts a fraction", SCALARS, {"f": 1.5}),
    ("float accepts an integer", SCALARS, {"f": 3}),
    ("float rejects a string", SCALARS, {"f": "1.5"}),
    ("float rejects a boolean", SCALARS, {"f": False}),
    ("string accepts a string", SCALARS, {"s": "hello"}),
    ("string rejects a number", SCALARS, {"s": 3}),
    ("string rejects a boolean", SCALARS, {"s": True}),
    ("string rejects a list", SCALARS, {"s": ["a", 1]}),
    ("string rejects an object", SCALARS, {"s": {"a": "it's"}}),
    ("boolean accepts a boolean", SCALARS, {"b": False}),
    ("boolean rejects a number", SCALARS, {"b": 1}),
    ("boolean rejects a string", SCALARS, {"b": "true"}),
    ("id accepts a string", SCALARS, {"id": "abc"}),
    ("id turns an integer into a string", SCALARS, {"id": 42}),
    ("id rejects a fraction", SCALARS, {"id": 1.5}),
    ("id rejects a boolean", SCALARS, {"id": True}),
    ("nullable variables accept null", SCALARS, {"i": None, "s": None}),
    ("absent nullable variables are left out", SCALARS, {}),
    ("undeclared variables are dropped", SCALARS, {"i": 1, "other": "x"}),
    ("a required variable must be provided", "query ($n: Int!) { feed(first: $n) { id } }", {}),
    ("a required variable must not be null", "query ($n: Int!) { feed(first: $n) { id } }", {"n": None}),
    ("a default applies when the variable is absent", "query ($n: Int = 5) { feed(first: $n) { id } }", {}),
    ("an explicit null overrides a default", "query ($n: Int = 5) { feed(first: $n) { id } }", {"n": None}),
    ("a required variable with a default may be absent", "query ($n: Int! = 5) { feed(first: $n) { id } }", {}),
    ("an enum accepts one of its values", "query ($o: Order) { feed(filter: {order: $o}) { id } }", {"o": "OLDEST"}),
    ("an enum rejects an unknown value", "query ($o: Order) { feed(filter: {order: $o}) { id } }", {"o": "RANDOM"}),
    ("an enum rejects a non-string", "query ($o: Order) { feed(filter: {order: $o}) { id } }", {"o": 1}),
    ("an enum default literal applies", "query ($o: Order = OLDEST) { feed(filter: {order: $o}) { id } }", {}),
    ("a single value becomes a list of one", "query ($t: [String!]) { feed(filter: {tags: $t}) { id } }", {"t": "a"}),
    ("list items are coerced", "query ($t: [String!]) { feed(filter: {tags: $t}) { id } }", {"t": ["a", "b"]}),
    ("a bad list item is reported at its index", "query ($t: [String!]) { feed(filter: {tags: $t}) { id } }", {"t": ["a", 3]}),
    ("a null item in a non-null list is rejected", "query ($t: [String!]) { feed(filter: {tags: $t}) { id } }", {"t": ["a", None]}),
    ("nested lists coerce a single value twice", "query ($g: [[Int]]) { grid(rows: $g) }", {"g": 1}),
    ("nested lists keep null items", "query ($g: [[Int]]) { grid(rows: $g) }", {"g": [[1, None], None]}),
    ("a bad item in a nested list is reported at both indexes", "query ($g: [[Int]]) { grid(rows: $g) }", {"g": [[1], [2, "x"]]}),
    ("an input object gets its field defaults in declaration order", "query ($f: FeedFilter) { feed(filter: $f) { id } }", {"f": {"minLikes": 2, "tags": ["a"]}}),
    ("an input object rejects an unknown field", "query ($f: FeedFilter) { feed(filter: $f) { id } }", {"f": {"authorID": "1", "colour": "red"}}),
    ("an input object must be an object", "query ($f: FeedFilter) { feed(filter: $f) { id } }", {"f": 3}),
    ("an input object must have its required fields", "mutation ($in: LikeInput!) { likePost(input: $in) { id } }", {"in": {"weight": 2}}),
    ("a required input field must not be null", "mutation ($in: LikeInput!) { likePost(input: $in) { id } }", {"in": {"postID": None}}),
    ("a bad nested field is reported at its path", "mutation ($in: LikeInput!) { likePost(input: $in) { id } }", {"in": {"postID": "1", "nested": {"tags": ["a", "b", 3]}}}),
    ("an input object's id field takes an integer", "mutation ($in: LikeInput!) { likePost(input: $in) { id } }", {"in": {"postID": 9}}),
    ("an input object default literal applies", "query ($f: FeedFilter = {tags: [\"x\"], order: OLDEST}) { feed(filter: $f) { id } }", {}),
    ("a custom scalar passes any value through", "query ($t: DateTime) { at(time: $t) }", {"t": {"epoch": 1, "zone": ["UTC"]}}),
    ("a custom scalar inside an input object passes through", "query ($f: FeedFilter) { feed(filter: $f) { id } }", {"f": {"since": "2024-01-01"}}),
    ("a oneOf input accepts exactly one field", "query ($r: PostRef!) { postBy(ref: $r) { id } }", {"r": {"slug": "hello"}}),
    ("a oneOf input rejects two fields", "query ($r: PostRef!) { postBy(ref: $r) { id } }", {"r": {"id": "1", "slug": "hello"}}),
    ("a oneOf input rejects no field", "query ($r: PostRef!) { postBy(ref: $r) { id } }", {"r": {}}),
    ("a oneOf input rejects a null field", "query ($r: PostRef!) { postBy(ref: $r) { id } }", {"r": {"id": None}}),
    ("a variable of an output type is rejected", "query ($p: Post) { node(id: \"1\") { id } }", {"p": {}}),
    ("the first invalid variable in declaration order is reported", "query ($a: Int, $b: String) { node(id: \"1\") { id } }", {"b": 1, "a": "x"}),
    ("a long string is truncated in the message", SCALARS, {"i": "x" * 300}),
    ("a long list is shortened in the message", SCALARS, {"s": list(range(12))}),
    ("deep values are elided in the message", SCALARS, {"s": {"a": {"b": {"c": 1}}, "l": [[[1]]]}}),
    ("quotes and escapes print as Python prints them", SCALARS, {"i": "it's \"q\"\n"}),
    ("an id accepts an integer beyond 64 bits, exactly", SCALARS, {"id": 12345678901234567890}),
    ("an id accepts a negative integer beyond 64 bits", SCALARS, {"id": -98765432109876543210}),
    ("an int rejects an integer beyond 64 bits", SCALARS, {"i": 12345678901234567890}),
    ("a float rejects an integer beyond 64 bits that is not a double exactly", SCALARS, {"f": 12345678901234567891}),
    ("a string rejects an integer beyond 64 bits", SCALARS, {"s": 12345678901234567890}),
    ("an id inside an input object accepts an integer beyond 64 bits", "query ($f: FeedFilter) { feed(filter: $f) { id } }", {"f": {"authorID": 99999999999999999999}}),
    ("a float accepts an integer beyond 64 bits that is a double exactly", SCALARS, {"f": 18446744073709551616}),
    ("a float rejects a 64-bit integer that is not a double exactly", SCALARS, {"f": 9007199254740993}),
    ("a float rejects an integer too large for a double", SCALARS, {"f": 10**400}),
    ("a value nested past the limit is refused without a location", "query ($f: Deep) { deep(in: $f) }", {"f": NESTED_TOO_DEEP}),
]


def run_case(schema, text: str, variables: dict) -> dict:
    operation = parse(text).definitions[0]
    result = get_variable_values(
        schema, operation.variable_definitions, variables, hide_suggestions=True
    )
    if isinstance(result, list):
        return {
            "errors": [error.message for error in result],
            "errorLocations": [[[loc.line, loc.column] for loc in error.locations or []] for error in result],
        }
    return {"coerced": result.coerced}


def build() -> dict:
    schema = build_schema(SCHEMA)
    cases = []
    for name, text, variables in CASES:
        case = {"name": name, "document": text, "variables": variables}
        case.update(run_case(schema, text, variables))
        cases.append(case)
    return {
        "generator": "scripts/reference/coerce_variables.py",
        "graphqlCore": graphql.__version__,
        "schema": SCHEMA,
        "cases": cases,
    }


def main() -> int:
    text = json.dumps(build(), indent=2, ensure_ascii=False) + "\n"
    if "--check" in sys.argv[1:]:
        current = FIXTURE.read_text(encoding="utf-8") if FIXTURE.exists() else ""
        if current != text:
            print(f"{FIXTURE.relative_to(ROOT)} is stale: run {Path(__file__).relative_to(ROOT)}")
            return 1
        print(f"{FIXTURE.relative_to(ROOT)} is up to date ({len(CASES)} cases)")
        return 0
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(text, encoding="utf-8")
    print(f"wrote {FIXTURE.relative_to(ROOT)} ({len(CASES)} cases)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
