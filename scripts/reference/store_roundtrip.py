#!/usr/bin/env python3
"""Generates the store round-trip fixtures: random valid operations against a schema and dataset,
executed by graphql-core (the reference implementation), with the responses they give.

Each case has the app's operation (`operation`), the same operation with the fields the compiler adds
(`sent`: `__typename` in every object selection, `id` where the type has one), graphql-core's answer
to the sent operation (`response`, what the store is given) and its answer to the app's operation
(`expected`). The Swift test compiles the app's operation, publishes `response` into a store and
reads it back: it must get `expected` byte for byte, keys in order (each case into a fresh store, and
all cases into one store), and an operation never written must read as missing.

Deterministic: a seeded RNG and sorted iteration; running it twice writes the same bytes.

Usage: .ci/.venv/bin/python scripts/reference/store_roundtrip.py [--check]   (graphql-core==3.3.2)
With --check, compares with the committed fixture instead of writing, and exits 1 when it is stale.
"""

import argparse
import json
import random
import sys
from pathlib import Path

from graphql import build_schema, graphql_sync, parse, validate

SEED = 20261129
CASES = 300
OUT = Path(__file__).resolve().parents[2] / "Packages/StoreCore/Tests/StoreCoreTests/Fixtures/store_roundtrip.json"

SDL = """
interface Node { id: ID! }
interface Named { name: String! }

type Query {
  node(id: ID!): Node
  nodes(ids: [ID!]!): [Node]!
  viewer: User
  user(id: ID!): User
  search(text: String!, first: Int): [SearchResult!]!
  planets(first: Int): [Planet!]!
  grid(size: Int!): [[Cell]]!
  version: String!
  tags: [String]
}

type User implements Node & Named {
  id: ID!
  name: String!
  email: String
  avatar(size: Int!): String!
  friends(first: Int): [User!]!
  bestFriend: User
  homeworld: Planet
  address: Address
  scores: [[Int]]
}

type Planet implements Node & Named {
  id: ID!
  name: String!
  diameter: Int
  residents(first: Int): [User!]!
  moons: [Moon]
}

type Ship implements Node {
  id: ID!
  model: String
  pilot: User
}

type Moon { name: String!, radius: Float }
type Address { street: String!, city: String, geo: Geo }
type Geo { lat: Float!, lng: Float! }
type Cell { x: Int!, y: Int!, value: Float }

union SearchResult = User | Planet | Ship
"""

# The dataset: cycles (friends, bestFriend), nulls, id-less objects, lists of lists.
USERS = {
    f"u{i}": {
        "id": f"u{i}",
        "name": f"User {i}",
        "email": None if i % 3 == 0 else f"user{i}@example.com",
        "friends": [f"u{(i + k) % 8 + 1}" for k in (1, 2, 5)][: 1 + i % 3],
        "bestFriend": None if i % 4 == 0 else f"u{i % 8 + 1}",
        "homeworld": None if i % 5 == 0 else f"p{i % 3 + 1}",
        "address": None if i % 2 == 0 else {
            "street": f"{i} Main St",
            "city": None if i == 3 else "Springfield",
            "geo": None if i == 5 else {"lat": 1.5 * i, "lng": -2.25 * i},
        },
        "scores": None if i == 6 else [[i, None, i * 2], [], [None]],
    }
    for i in range(1, 9)
}
PLANETS = {
    f"p{i}": {
        "id": f"p{i}",
        "name": ["Tatooine", "Hoth", "Endor"][i - 1],
        "diameter": None if i == 2 else 10000 + i,
        "residents": [u for u, d in sorted(USERS.items()) if d["homeworld"] == f"p{i}"],
        "moons": None if i == 1 else [{"name": f"Moon {i}a", "radius": 1.25}, None, {"name": f"Moon {i}b", "radius": None}],
    }
    for i in range(1, 4)
}
SHIPS = {
    "s1": {"id": "s1", "model": "X-wing", "pilot": "u1"},
    "s2": {"id": "s2", "model": None, "pilot": None},
}


def lookup(node_id):
    if node_id in USERS:
        return ("User", USERS[node_id])
    if node_id in PLANETS:
        return ("Planet", PLANETS[node_id])
    if node_id in SHIPS:
        return ("Ship", SHIPS[node_id])
    return None


def wrap(node_id):
    found = lookup(node_id) if node_id is not None else None
    if found is None:
        return None
    typename, data = found
    return Obj(typename, data)


class Obj:
    """A dataset object as graphql-core's default resolvers see it."""

    def __init__(self, typename, data):
        self.typename = typename
        self.data = data

    def __getattr__(self, name):
        data = self.__dict__["data"]
        if name not in data:
            raise AttributeError(name)
        value = data[name]
        if name in ("friends", "residents"):
            return [wrap(v) for v in value]
        if name in ("bestFriend", "homeworld", "pilot"):
            return wrap(value)
        return value


def first_arg(items, first):
    return items if first is None else items[: max(first, 0)]


def resolve_field(source, info, **args):
    name = info.field_name
    if source is None:  # Query
        if name == "node" or name == "user":
            return wrap(args["id"])
        if name == "nodes":
            return [wrap(i) for i in args["ids"]]
        if name == "viewer":
            return wrap("u1")
        if name == "search":
            text = args["text"].lower()
            hits = [k for k in sorted(USERS) + sorted(PLANETS) + sorted(SHIPS) if text in json.dumps(lookup(k)[1]).lower()]
            return [wrap(k) for k in first_arg(hits, args.get("first"))]
        if name == "planets":
            return [wrap(k) for k in first_arg(sorted(PLANETS), args.get("first"))]
        if name == "grid":
            n = args["size"]
            return [[None if (x + y) % 3 == 2 else {"x": x, "y": y, "value": None if x == y else x * 0.5 + y} for x in range(n)] for y in range(n)]
        if name == "version":
            return "1.0"
        if name == "tags":
            return ["a", None, "c"]
    if isinstance(source, Obj):
        if name == "avatar":
            return f"https://img.example.com/{source.data['id']}?s={args['size']}"
        if name in ("friends", "residents"):
            return first_arg(getattr(source, name), args.get("first"))
        return getattr(source, name)
    if isinstance(source, dict):
        return source.get(name)
    return None


def resolve_type(value, info, abstract_type):
    return value.typename


schema = build_schema(SDL)
for type_name in ("Node", "Named", "SearchResult"):
    schema.get_type(type_name).resolve_type = resolve_type


class Generator:
    """Builds random selections of a type twice: as the app writes them, and as sent, with `__typename`
    and `id` added as the compiler adds them (`__typename` in every object selection, `id` where the
    type has one, `... on Node { id }` under a union).

    Each part is a pair (app text or None, sent text): a part the compiler adds has no app text unless
    the app selected it itself. The app's document also spreads named fragments before fields it
    selects (`...UserBits name id`) and repeats an inline fragment on one type after another field
    (`... on User { name } id ... on User { email }`), where key order is easy to get wrong.
    """

    FRAGMENTS = {
        "UserBits": "fragment UserBits on User { email name }",
        "PlanetBits": "fragment PlanetBits on Planet { diameter name }",
    }

    def __init__(self, rng):
        self.rng = rng
        self.variables = {}
        self.definitions = {}
        self.fragments = set()

    def var(self, name, gql_type, value):
        name = f"{name}{len(self.definitions)}"
        self.definitions[name] = gql_type
        self.variables[name] = value
        return f"${name}"

    def arg_int(self, name, lo, hi, gql_type="Int"):
        value = self.rng.randint(lo, hi)
        return self.var(name, gql_type, value) if self.rng.random() < 0.3 else str(value)

    @staticmethod
    def join(parts):
        """The app's and the sent selection set of a list of parts, each without repeated parts."""
        app = list(dict.fromkeys(a for a, _ in parts if a is not None))
        sent = list(dict.fromkeys(p for _, p in parts))
        return "{ " + " ".join(app) + " }", "{ " + " ".join(sent) + " }"

    def added(self, name):
        """A field the compiler adds; now and then the app selects it itself, first."""
        return (name if self.rng.random() < 0.15 else None, name)

    def selection(self, type_name, depth):
        rng = self.rng
        t = schema.get_type(type_name)
        parts = [self.added("__typename")]
        if hasattr(t, "fields") and "id" in t.fields:
            parts.append(self.added("id"))
        if type_name in ("Node", "SearchResult", "Named"):
            members = {"Node": ["User", "Planet", "Ship"], "Named": ["User", "Planet"], "SearchResult": ["User", "Planet", "Ship"]}[type_name]
            if type_name == "Named" or (type_name == "Node" and rng.random() < 0.3):
                name = "name" if type_name == "Named" else "id"
                parts.append((name, name))
            for member in members:
                if rng.random() < 0.7:
                    inner = self.fields(member, depth)
                    app, sent = self.join(inner)
                    parts.append((f"... on {member} {app}" if any(a for a, _ in inner) else None, f"... on {member} {sent}"))
            if type_name != "Named" and rng.random() < 0.3:
                parts.append(("... on Named { name }", "... on Named { name }"))
            if type_name in ("Node", "SearchResult") and rng.random() < 0.3:
                # A field between two inline fragments on one type: the server keeps the field between.
                between = "id" if type_name == "Node" else "__typename"
                parts.append((between, between))
                parts.append(("... on User { email }", "... on User { email }"))
            if type_name != "Node":
                # Every member has an id: key them whichever fragments were picked.
                parts.append((None, "... on Node { id }"))
            return self.join(parts)
        parts += self.fields(type_name, depth, skip_added=True)
        return self.join(parts)

    def fields(self, type_name, depth, skip_added=False):
        rng = self.rng
        out = [] if skip_added else [(None, "__typename")]
        if type_name in ("User", "Planet", "Ship") and not skip_added:
            out.append((None, "id"))
        both = lambda text: out.append((text, text))
        deeper = depth < 4
        if type_name == "User":
            if rng.random() < 0.25:
                self.fragments.add("UserBits")
                both("...UserBits")
            if rng.random() < 0.8:
                both("name")
            if rng.random() < 0.5:
                both("email")
            if rng.random() < 0.5:
                a, b = rng.sample([16, 32, 64, 128], 2)
                both(f"small: avatar(size: {self.arg_int('size', a, a, 'Int!')}) large: avatar(size: {b})")
            if rng.random() < 0.3:
                both("scores")
            if deeper and rng.random() < 0.5:
                app, sent = self.selection("User", depth + 1)
                first = self.arg_int("first", 0, 3)
                out.append((f"friends(first: {first}) {app}", f"friends(first: {first}) {sent}"))
            if deeper and rng.random() < 0.4:
                app, sent = self.selection("User", depth + 1)
                out.append((f"bestFriend {app}", f"bestFriend {sent}"))
            if deeper and rng.random() < 0.4:
                app, sent = self.selection("Planet", depth + 1)
                out.append((f"homeworld {app}", f"homeworld {sent}"))
            if rng.random() < 0.4:
                geo = rng.random() < 0.6
                out.append((
                    "address { street city" + (" geo { lat lng }" if geo else "") + " }",
                    "address { __typename street city" + (" geo { __typename lat lng }" if geo else "") + " }",
                ))
            if rng.random() < 0.2:
                flag = self.var("flag", "Boolean!", rng.random() < 0.5)
                directive = rng.choice(["include", "skip"])
                both(f"email @{directive}(if: {flag})")
            if rng.random() < 0.3:
                # The app selects the key itself, after fields (and maybe a fragment) selected before it.
                both("id")
        elif type_name == "Planet":
            if rng.random() < 0.25:
                self.fragments.add("PlanetBits")
                both("...PlanetBits")
            if rng.random() < 0.8:
                both("name")
            if rng.random() < 0.5:
                both("diameter")
            if rng.random() < 0.5:
                out.append(("moons { name radius }", "moons { __typename name radius }"))
            if deeper and rng.random() < 0.4:
                app, sent = self.selection("User", depth + 1)
                first = rng.randint(0, 4)
                out.append((f"residents(first: {first}) {app}", f"residents(first: {first}) {sent}"))
        elif type_name == "Ship":
            if rng.random() < 0.7:
                both("model")
            if deeper and rng.random() < 0.5:
                app, sent = self.selection("User", depth + 1)
                out.append((f"pilot {app}", f"pilot {sent}"))
        # Keep the first occurrence of each part, as the app and the compiler write each once.
        seen = set()
        unique = []
        for part in out:
            if part[1] not in seen:
                seen.add(part[1])
                unique.append(part)
        return unique

    def root_fields(self):
        rng = self.rng
        ids = sorted(USERS) + sorted(PLANETS) + sorted(SHIPS) + ["missing"]

        def composite(head, type_name, depth=1):
            app, sent = self.selection(type_name, depth)
            return (f"{head} {app}", f"{head} {sent}")

        choices = [
            lambda: composite("viewer", "User"),
            lambda: composite(f"user(id: {json.dumps(rng.choice(sorted(USERS)))})", "User"),
            lambda: composite(f"node(id: {self.var('id', 'ID!', rng.choice(ids))})", "Node"),
            lambda: composite(f"nodes(ids: {json.dumps(rng.sample(ids, 3))})", "Node"),
            lambda: composite(f"search(text: {json.dumps(rng.choice(['u', 'o', '1', 'x-wing', 'zzz']))}, first: {rng.randint(1, 5)})", "SearchResult"),
            lambda: composite(f"planets(first: {rng.randint(0, 3)})", "Planet"),
            lambda: (f"grid(size: {(size := rng.randint(0, 3))}) {{ x y value }}", f"grid(size: {size}) {{ __typename x y value }}"),
            lambda: ("version", "version"),
            lambda: ("tags", "tags"),
            lambda: composite(f"other: node(id: {json.dumps(rng.choice(ids))})", "Node", 2),
        ]
        picked = rng.sample(range(len(choices)), rng.randint(1, 4))
        return [choices[i]() for i in sorted(picked)]


def make_case(index, rng):
    gen = Generator(rng)
    fields = gen.root_fields()
    defs = ""
    if gen.definitions:
        defs = "(" + ", ".join(f"${k}: {v}" for k, v in gen.definitions.items()) + ")"
    fragments = "".join(" " + Generator.FRAGMENTS[name] for name in sorted(gen.fragments))
    app = f"query Case{index}{defs} {{ {' '.join(a for a, _ in fields)} }}" + fragments
    sent = f"query Case{index}{defs} {{ {' '.join(p for _, p in fields)} }}" + fragments
    if validate(schema, parse(app)) or validate(schema, parse(sent)):
        return None
    answers = []
    for text in (sent, app):
        result = graphql_sync(schema, text, variable_values=gen.variables, field_resolver=resolve_field)
        if result.errors:
            raise SystemExit(f"case {index} failed to execute: {result.errors}\n{text}")
        answers.append(result.data)
    return {
        "name": f"Case{index}",
        "operation": app,
        "sent": sent,
        "variables": gen.variables,
        "response": answers[0],
        "expected": answers[1],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed fixture instead of writing")
    arguments = parser.parse_args()
    rng = random.Random(SEED)
    cases = []
    attempts = 0
    while len(cases) < CASES:
        attempts += 1
        if attempts > CASES * 20:
            raise SystemExit("too many invalid operations; the generator is broken")
        case = make_case(len(cases), rng)
        if case is not None:
            cases.append(case)
    fixture = {"generator": "scripts/reference/store_roundtrip.py", "seed": SEED, "schema": SDL.strip() + "\n", "cases": cases}
    text = json.dumps(fixture, indent=1, ensure_ascii=False) + "\n"
    if arguments.check:
        if not OUT.exists() or OUT.read_text() != text:
            print(f"{OUT} is stale: run {Path(__file__).name} without --check and commit the result")
            return 1
        print(f"{OUT.name}: {len(cases)} cases agree with graphql-core")
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text)
    print(f"wrote {len(cases)} cases ({attempts - len(cases)} invalid skipped) to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
