"""A GraphQL server on loopback for the Swift integration tests and benchmarks.

graphql-core executes the operations; this file speaks GraphQL over HTTP (POST and GET, with
application/graphql-response+json or application/json), GraphQL over Server-Sent Events for
subscriptions (graphql-sse, distinct connections mode), automatic persisted queries, a Relay
connection over 1,000 posts (`feed`, and `latestPosts` paged by offset, with `createPost`,
`deletePost`, `renamePost`), and a set of
misbehaving endpoints that the client must turn into typed errors.

It listens on 127.0.0.1, port 0, and prints the chosen port as the first line of stdout. It exits
when its stdin closes, so a test process that dies never leaves it running.

Endpoints:
  /graphql              the GraphQL endpoint (APQ supported; a JSON array of requests is a batch,
                        answered with a JSON array in the same order); `?count=K` counts the request
  /safelisted           the same schema for registered persisted operations only: a request must carry
                        the ID of an operation of a registered manifest and no text
  /no-apq               the same schema, answering PersistedQueryNotSupported to persisted queries
  /legacy-400           a legacy server: 400 with an application/json GraphQL error body
  /status500html        500 with an HTML page
  /status500echo        500 text/plain echoing the request's query string and body
  /truncated            Content-Length larger than the body, then the connection closes
  /notjson              200 text/plain that is not JSON
  /invalidresponse      200 application/json that is not a GraphQL response
  /never?key=K          reads the request and never answers; records `arrived` and `disconnected`
  /debug/wait?key=K&event=E   answers once event E (arrived, disconnected) was recorded for K
  /debug/apq?hash=H     counts of persisted-query attempts for a hash
  /debug/requests?key=K counts of HTTP requests and the operations they carried for `?count=K`
  /debug/manifest       POST an Apollo persisted query manifest: registers its operations for /safelisted
  /debug/safelist?id=H  counts of requests to /safelisted for an ID, by ID alone and with text
  /debug/unused-port    a port nothing listens on
  /debug/idempotence?id=I  how many times applyOnce with idempotence ID I was received and applied (once at most)
"""

import asyncio
import base64
import hashlib
import http.server
import inspect
import json
import os
import select
import socket
import sys
import threading
import urllib.parse

from graphql import (
    GraphQLError,
    build_schema,
    execute,
    parse,
    subscribe,
    validate,
)
from graphql.language import OperationDefinitionNode

SDL = """
type Query {
  hello(name: String = "world"): String!
  user(id: ID!): User
  users(first: Int = 3): [User!]!
  partial: Partial!
  big(megabytes: Int!): [String!]!
  header(name: String!): String
  feed(first: Int, after: String, last: Int, before: String): PostConnection!
  latestPosts(offset: Int = 0, limit: Int!): [Post!]!
}

type PostConnection {
  edges: [PostEdge!]!
  pageInfo: PageInfo!
}

type PostEdge {
  cursor: String!
  node: Post!
}

type Post {
  id: ID!
  title: String!
}

type PageInfo {
  hasNextPage: Boolean!
  endCursor: String
  hasPreviousPage: Boolean!
  startCursor: String
}

type User {
  id: ID!
  name: String!
  friends: [User!]!
  "Fails for an even id (a resolver that raises, for field errors in lists)."
  nickname: String
  "Fails for every user: a non-null field's error nulls the nearest nullable parent."
  secret: String!
  "The second item fails (a field error at an item of a list of scalars)."
  tags: [String]
}

type Partial {
  ok: String!
  broken: String
  alsoBroken: Int
}

type Mutation {
  rename(id: ID!, name: String!): User!
  createPost(title: String!): Post!
  deletePost(id: ID!): ID!
  renamePost(id: ID!, title: String!): Post!
  applyOnce(key: String!, value: String!): Applied!
}

type Applied {
  id: ID!
  value: String!
}

type Subscription {
  countdown(from: Int!): Int!
  waitForever(key: String!): Int!
  broken: Int!
}
"""

SCHEMA = build_schema(SDL)
USERS = {str(i): {"id": str(i), "name": f"User {i}"} for i in range(1, 11)}
USERS_LOCK = threading.Lock()
# The feed in its order (a new post goes first): a Relay connection over 1,000 posts. A cursor names its post, so it stays
# valid while posts are added or removed around it, and a cursor whose post is gone is rejected.
POSTS = [{"id": f"p{i}", "title": f"Post {i}"} for i in range(1, 1001)]
POSTS_LOCK = threading.Lock()


class Events:
    """What happened to each keyed request, for the tests to wait on without sleeping."""

    def __init__(self):
        self.condition = threading.Condition()
        self.seen = set()

    def record(self, key, event):
        with self.condition:
            self.seen.add((key, event))
            self.condition.notify_all()

    def wait(self, key, event):
        with self.condition:
            self.condition.wait_for(lambda: (key, event) in self.seen)


EVENTS = Events()
APQ_STORE = {}
APQ_COUNTS = {}
APQ_LOCK = threading.Lock()


def count_apq(sha, kind):
    with APQ_LOCK:
        counts = APQ_COUNTS.setdefault(sha, {"hashOnly": 0, "withText": 0})
        counts[kind] += 1


REQUEST_COUNTS = {}
# Operations registered from persisted query manifests (ID -> body), served by /safelisted alone.
SAFELIST = {}
SAFELIST_COUNTS = {}


def register_manifest(manifest):
    """Registers the operations of an Apollo persisted query manifest; a ValueError for anything else."""
    if not isinstance(manifest, dict) or manifest.get("format") != "apollo-persisted-query-manifest":
        raise ValueError("not an apollo-persisted-query-manifest")
    if manifest.get("version") != 1 or not isinstance(manifest.get("operations"), list):
        raise ValueError("not version 1 with a list of operations")
    registered = {}
    for operation in manifest["operations"]:
        if not isinstance(operation, dict) or set(operation) != {"id", "name", "type", "body"}:
            raise ValueError("an operation must have exactly id, name, type and body")
        if operation["type"] not in ("query", "mutation", "subscription"):
            raise ValueError(f"unknown operation type {operation['type']!r}")
        if hashlib.sha256(operation["body"].encode()).hexdigest() != operation["id"]:
            raise ValueError(f"the id of {operation['name']} is not the SHA-256 of its body")
        registered[operation["id"]] = operation["body"]
    with APQ_LOCK:
        SAFELIST.update(registered)
    return len(registered)


def count_request(key, operations):
    """Counts the HTTP requests and the operations they carried for the key a test put in the URL."""
    if key is None:
        return
    with APQ_LOCK:
        counts = REQUEST_COUNTS.setdefault(key, {"requests": 0, "operations": 0})
        counts["requests"] += 1
        counts["operations"] += operations


def operation_kind(document, params):
    """`query`, `mutation` or `subscription`: the kind of the operation `params` names in `document`."""
    operation = next(
        (
            definition
            for definition in document.definitions
            if isinstance(definition, OperationDefinitionNode)
            and (params.get("operationName") is None or definition.name and definition.name.value == params["operationName"])
        ),
        None,
    )
    return operation.operation.value if operation else "query"


def user_value(user_id):
    with USERS_LOCK:
        user = USERS.get(str(user_id))
        return dict(user) if user else None


def resolve_friends(user, info):
    number = int(user["id"])
    return [user_value(str(number % 10 + 1))]


def resolve_rename(_root, _info, id, name):
    with USERS_LOCK:
        if id not in USERS:
            raise GraphQLError(f"no user {id}")
        USERS[id]["name"] = name
        return dict(USERS[id])


# Mutations that carry an idempotence ID (the `Idempotency-Key` header, else the `key` argument): how many times each
# ID was received and applied. A duplicate is answered as the first was, and not applied again.
IDEMPOTENCE = {}
IDEMPOTENCE_LOCK = threading.Lock()


def resolve_apply_once(_root, info, key, value):
    headers = {name.lower(): header for name, header in info.context["headers"].items()}
    identifier = headers.get("idempotency-key", key)
    with IDEMPOTENCE_LOCK:
        entry = IDEMPOTENCE.setdefault(identifier, {"received": 0, "applied": 0, "value": value})
        entry["received"] += 1
        if entry["applied"] == 0:
            entry["applied"] = 1
        return {"id": key, "value": entry["value"]}


def post_cursor(post):
    return base64.b64encode(f"post:{post['id']}".encode()).decode()


def post_index(posts, cursor):
    """The index of the post `cursor` names; a GraphQL error when it names no post of the feed."""
    try:
        kind, _, post_id = base64.b64decode(cursor.encode(), validate=True).decode().partition(":")
    except ValueError:
        kind, post_id = "", ""
    for index, post in enumerate(posts):
        if kind == "post" and post["id"] == post_id:
            return index
    raise GraphQLError(f"invalid cursor {cursor!r}: it names no post of the feed")


def resolve_feed(_root, _info, first=None, after=None, last=None, before=None):
    """The Relay connection algorithm: `after`/`before` cut the list, then `first` or `last` count."""
    with POSTS_LOCK:
        posts = list(POSTS)
    start, end = 0, len(posts)
    if after is not None:
        start = post_index(posts, after) + 1
    if before is not None:
        end = post_index(posts, before)
    if first is not None and first < 0 or last is not None and last < 0:
        raise GraphQLError("first and last must not be negative")
    window = posts[start:end]
    if first is not None:
        window = window[:first]
    if last is not None:
        window = window[-last:] if last else []
    lower = posts.index(window[0]) if window else start
    upper = posts.index(window[-1]) + 1 if window else start
    return {
        "edges": [{"cursor": post_cursor(post), "node": dict(post)} for post in window],
        "pageInfo": {
            "hasNextPage": upper < len(posts),
            "endCursor": post_cursor(window[-1]) if window else None,
            "hasPreviousPage": lower > 0,
            "startCursor": post_cursor(window[0]) if window else None,
        },
    }


def resolve_latest_posts(_root, _info, limit, offset=0):
    """The same posts as an offset list: positions shift when a post is added or removed."""
    if offset is None:
        offset = 0
    if offset < 0 or limit < 0:
        raise GraphQLError("offset and limit must not be negative")
    with POSTS_LOCK:
        return [dict(post) for post in POSTS[offset:offset + limit]]


def resolve_create_post(_root, _info, title):
    with POSTS_LOCK:
        number = max((int(post["id"][1:]) for post in POSTS), default=0) + 1
        post = {"id": f"p{number}", "title": title}
        POSTS.insert(0, post)
        return dict(post)


def resolve_delete_post(_root, _info, id):
    with POSTS_LOCK:
        for index, post in enumerate(POSTS):
            if post["id"] == id:
                del POSTS[index]
                return id
    raise GraphQLError(f"no post {id}")


def resolve_rename_post(_root, _info, id, title):
    with POSTS_LOCK:
        for post in POSTS:
            if post["id"] == id:
                post["title"] = title
                return dict(post)
    raise GraphQLError(f"no post {id}")


def resolve_partial_broken(_root, _info):
    raise GraphQLError("this field failed")


def resolve_nickname(user, _info):
    if int(user["id"]) % 2 == 0:
        raise GraphQLError(f"no nickname for user {user['id']}", extensions={"code": "NICKNAME_FAILED"})
    return f"Nick {user['id']}"


def resolve_tags(user, _info):
    # graphql-core completes an item that is an exception as that item's field error.
    return [f"tag {user['id']}-0", GraphQLError(f"no tag 1 for user {user['id']}"), f"tag {user['id']}-2"]


def resolve_secret(user, _info):
    raise GraphQLError(f"the secret of user {user['id']} failed")


async def subscribe_countdown(_root, _info, **arguments):
    for value in range(arguments["from"], -1, -1):
        yield value


async def subscribe_wait_forever(_root, info, key):
    yield 1
    handler = info.context["handler"]
    EVENTS.record(key, "arrived")
    while not handler.client_gone():
        await asyncio.sleep(0.02)
    EVENTS.record(key, "disconnected")


async def subscribe_broken(_root, info):
    # Marked before the event is written, so the handler cuts the connection right after it.
    info.context["handler"].cut_stream = True
    yield 1


SCHEMA.query_type.fields["hello"].resolve = lambda _r, _i, name="world": f"Hello, {name}!"
SCHEMA.query_type.fields["user"].resolve = lambda _r, _i, id: user_value(id)
SCHEMA.query_type.fields["users"].resolve = lambda _r, _i, first=3: [user_value(str(i)) for i in range(1, first + 1)]
SCHEMA.query_type.fields["partial"].resolve = lambda _r, _i: {"ok": "fine"}
SCHEMA.query_type.fields["big"].resolve = lambda _r, _i, megabytes: ["x" * (1 << 20)] * megabytes
SCHEMA.query_type.fields["header"].resolve = lambda _r, info, name: info.context["headers"].get(name)
SCHEMA.query_type.fields["feed"].resolve = resolve_feed
SCHEMA.query_type.fields["latestPosts"].resolve = resolve_latest_posts
SCHEMA.get_type("User").fields["friends"].resolve = resolve_friends
SCHEMA.get_type("User").fields["nickname"].resolve = resolve_nickname
SCHEMA.get_type("User").fields["secret"].resolve = resolve_secret
SCHEMA.get_type("User").fields["tags"].resolve = resolve_tags
SCHEMA.get_type("Partial").fields["broken"].resolve = resolve_partial_broken
SCHEMA.get_type("Partial").fields["alsoBroken"].resolve = resolve_partial_broken
SCHEMA.mutation_type.fields["rename"].resolve = resolve_rename
SCHEMA.mutation_type.fields["createPost"].resolve = resolve_create_post
SCHEMA.mutation_type.fields["deletePost"].resolve = resolve_delete_post
SCHEMA.mutation_type.fields["renamePost"].resolve = resolve_rename_post
SCHEMA.mutation_type.fields["applyOnce"].resolve = resolve_apply_once
for name, generator in [
    ("countdown", subscribe_countdown),
    ("waitForever", subscribe_wait_forever),
    ("broken", subscribe_broken),
]:
    SCHEMA.subscription_type.fields[name].subscribe = generator
    SCHEMA.subscription_type.fields[name].resolve = lambda value, _info, **_arguments: value


class RequestError(Exception):
    """A request the server rejects before executing it (a GraphQL request error)."""

    def __init__(self, status, message, code=None, errors=None):
        super().__init__(message)
        self.status = status
        self.code = code
        entry = {"message": message}
        if code:
            entry["extensions"] = {"code": code}
        self.errors = errors or [entry]


DOCUMENTS = {}
DOCUMENTS_LOCK = threading.Lock()


def validated_document(text):
    """Parses and validates `text` once; later requests with the same text reuse the document, as
    production servers do, so that the server's cost per request stays small next to the client's."""
    with DOCUMENTS_LOCK:
        cached = DOCUMENTS.get(text)
    if cached is not None:
        return cached
    try:
        document = parse(text)
    except GraphQLError as error:
        raise RequestError(400, error.message, errors=[error.formatted])
    errors = validate(SCHEMA, document)
    if errors:
        raise RequestError(400, errors[0].message, errors=[error.formatted for error in errors])
    with DOCUMENTS_LOCK:
        if len(DOCUMENTS) > 1000:
            DOCUMENTS.clear()
        DOCUMENTS[text] = document
    return document


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    cut_stream = False

    def log_message(self, *_arguments):
        pass

    # --- plumbing -------------------------------------------------------------------------------

    def client_gone(self):
        """Whether the client closed its end: the socket reads as ready and gives no bytes."""
        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            if not readable:
                return False
            return self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True

    def send_body(self, status, content_type, body, extra_headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in extra_headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def send_json(self, status, value, content_type="application/json"):
        # A test asks for the answer's Cache-Control header by sending the value it wants in
        # X-Answer-Cache-Control, as a server whose responses carry cache hints would set it.
        wanted = self.headers.get("X-Answer-Cache-Control")
        extra = [("Cache-Control", wanted)] if wanted else []
        self.send_body(status, content_type, json.dumps(value).encode(), extra)

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    # --- routing --------------------------------------------------------------------------------

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = {key: values[0] for key, values in urllib.parse.parse_qs(url.query, keep_blank_values=True).items()}
        if url.path.startswith("/debug/"):
            return self.debug(url.path, query)
        params = {"query": query.get("query"), "operationName": query.get("operationName")}
        try:
            for name in ("variables", "extensions"):
                if query.get(name):
                    params[name] = json.loads(query[name])
        except ValueError:
            return self.send_json(400, {"errors": [{"message": "variables or extensions are not JSON"}]})
        self.route(url, query, params, method="GET")

    def do_POST(self):
        url = urllib.parse.urlsplit(self.path)
        query = {key: values[0] for key, values in urllib.parse.parse_qs(url.query).items()}
        body = self.read_body()
        try:
            params = json.loads(body) if body else {}
        except ValueError:
            params = None
        self.route(url, query, params, method="POST")

    def route(self, url, query, params, method):
        path = url.path
        if path == "/never":
            return self.never(query.get("key", ""))
        if path == "/status500html":
            return self.send_body(500, "text/html", b"<!DOCTYPE html><html><body><h1>Internal Server Error</h1></body></html>")
        if path == "/status500echo":
            echoed = (url.query or "").encode() + b"\n" + json.dumps(params).encode()
            return self.send_body(500, "text/plain", echoed)
        if path == "/truncated":
            body = b'{"data":{"hello":"this body is cut off'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body) + 100))
            self.end_headers()
            self.wfile.write(body)
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if path == "/notjson":
            return self.send_body(200, "text/plain", b"Hello, this is not JSON.")
        if path == "/invalidresponse":
            return self.send_json(200, {"result": "JSON, but not a GraphQL response"})
        if path == "/legacy-400":
            return self.send_json(400, {"errors": [{"message": "legacy servers answer request errors with 400"}]})
        if path == "/debug/manifest" and method == "POST":
            try:
                count = register_manifest(params)
            except ValueError as error:
                return self.send_json(400, {"error": str(error)})
            return self.send_json(200, {"registered": count})
        if path == "/safelisted":
            return self.graphql(params, method, apq=False, query=query, safelist=True)
        if path in ("/graphql", "/no-apq"):
            return self.graphql(params, method, apq=path == "/graphql", query=query)
        self.send_body(404, "text/plain", b"not found")

    def debug(self, path, query):
        if path == "/debug/wait":
            EVENTS.wait(query.get("key", ""), query.get("event", ""))
            return self.send_json(200, {"ok": True})
        if path == "/debug/apq":
            with APQ_LOCK:
                counts = dict(APQ_COUNTS.get(query.get("hash", ""), {"hashOnly": 0, "withText": 0}))
            return self.send_json(200, counts)
        if path == "/debug/requests":
            with APQ_LOCK:
                counts = dict(REQUEST_COUNTS.get(query.get("key", ""), {"requests": 0, "operations": 0}))
            return self.send_json(200, counts)
        if path == "/debug/idempotence":
            with IDEMPOTENCE_LOCK:
                entry = IDEMPOTENCE.get(query.get("id", ""), {"received": 0, "applied": 0})
                counts = {"received": entry["received"], "applied": entry["applied"]}
            return self.send_json(200, counts)
        if path == "/debug/safelist":
            with APQ_LOCK:
                counts = dict(SAFELIST_COUNTS.get(query.get("id", ""), {"idOnly": 0, "withText": 0}))
            return self.send_json(200, counts)
        if path == "/debug/unused-port":
            probe = socket.socket()
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
            probe.close()
            return self.send_json(200, {"port": port})
        self.send_body(404, "text/plain", b"not found")

    def never(self, key):
        """Held until the client gives up: waits on the socket, not on a clock."""
        EVENTS.record(key, "arrived")
        while True:
            readable, _, _ = select.select([self.connection], [], [], None)
            if readable and self.client_gone():
                break
        EVENTS.record(key, "disconnected")
        self.close_connection = True

    # --- GraphQL over HTTP ----------------------------------------------------------------------

    def graphql(self, params, method, apq, query, safelist=False):
        accept = self.headers.get("Accept", "")
        wants_events = "text/event-stream" in accept
        modern = "application/graphql-response+json" in accept
        content_type = "application/graphql-response+json" if modern else "application/json"
        count_request(query.get("count"), len(params) if isinstance(params, list) else 1)
        if isinstance(params, list):
            return self.graphql_batch(params, apq, content_type, safelist)
        try:
            document, params = self.prepare(params, method, apq, safelist)
        except RequestError as error:
            # Persisted-query answers come with 200, as APQ clients expect; other request errors
            # with 400 under graphql-response+json and 200 under application/json, as the spec says.
            status = error.status if modern and error.code is None else 200
            return self.send_json(status, {"errors": error.errors}, content_type)

        kind = operation_kind(document, params)
        if method == "GET" and kind != "query":
            return self.send_json(405, {"errors": [{"message": "GET is for queries only"}]}, content_type)
        context = {"headers": {name: value for name, value in self.headers.items()}, "handler": self}
        if kind == "subscription":
            if not wants_events:
                return self.send_json(400, {"errors": [{"message": "subscriptions need Accept: text/event-stream"}]}, content_type)
            return self.stream(document, params, context)
        result = self.execute(document, params, context)
        status = 200
        if modern and result.data is None:
            status = 400 if result.errors else 200
        self.send_json(status, result.formatted, content_type)

    def graphql_batch(self, batch, apq, content_type, safelist):
        """HTTP batching as Apollo's servers take it: a JSON array of requests, run one after another
        in the array's order (so mutations keep theirs), answered with a JSON array in that order.
        A request that fails to parse or validate gets its own `errors` entry; the others run."""
        if not batch:
            return self.send_json(400, {"errors": [{"message": "the batch is empty"}]}, content_type)
        context = {"headers": {name: value for name, value in self.headers.items()}, "handler": self}
        answers = []
        for params in batch:
            try:
                document, params = self.prepare(params, "POST", apq, safelist)
            except RequestError as error:
                answers.append({"errors": error.errors})
                continue
            if operation_kind(document, params) == "subscription":
                answers.append({"errors": [{"message": "a subscription cannot be batched"}]})
                continue
            answers.append(self.execute(document, params, context).formatted)
        self.send_json(200, answers, content_type)

    def execute(self, document, params, context):
        return execute(
            SCHEMA,
            document,
            variable_values=params.get("variables"),
            operation_name=params.get("operationName"),
            context_value=context,
        )

    def prepare(self, params, method, apq, safelist=False):
        if not isinstance(params, dict):
            raise RequestError(400, "the body is not a JSON object")
        text = params.get("query")
        extensions = params.get("extensions") or {}
        persisted = extensions.get("persistedQuery") if isinstance(extensions, dict) else None
        if safelist:
            # A safelisting server: the ID of a registered operation, never text (not even with an ID).
            sha = persisted.get("sha256Hash", "") if isinstance(persisted, dict) else ""
            with APQ_LOCK:
                counts = SAFELIST_COUNTS.setdefault(sha, {"idOnly": 0, "withText": 0})
                counts["withText" if text is not None else "idOnly"] += 1
                registered = SAFELIST.get(sha)
            if text is not None:
                raise RequestError(400, "only registered persisted operations are accepted", "PERSISTED_QUERY_REQUIRED")
            if registered is None:
                raise RequestError(200, "PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND")
            text = registered
        elif persisted is not None:
            if not apq:
                count_apq(persisted.get("sha256Hash", ""), "hashOnly")
                raise RequestError(200, "PersistedQueryNotSupported", "PERSISTED_QUERY_NOT_SUPPORTED")
            sha = persisted.get("sha256Hash", "")
            if text is None:
                count_apq(sha, "hashOnly")
                with APQ_LOCK:
                    text = APQ_STORE.get(sha)
                if text is None:
                    raise RequestError(200, "PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND")
            else:
                count_apq(sha, "withText")
                if hashlib.sha256(text.encode()).hexdigest() != sha:
                    raise RequestError(400, "provided sha does not match query")
                with APQ_LOCK:
                    APQ_STORE[sha] = text
        if not isinstance(text, str):
            raise RequestError(400, "the request has no query text")
        variables = params.get("variables")
        if variables is not None and not isinstance(variables, dict):
            raise RequestError(400, "variables must be an object")
        document = validated_document(text)
        return document, dict(params, query=text)

    # --- GraphQL over SSE -----------------------------------------------------------------------

    def write_chunk(self, data):
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def stream(self, document, params, context):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.flush()

        async def run():
            results = subscribe(
                SCHEMA,
                document,
                variable_values=params.get("variables"),
                operation_name=params.get("operationName"),
                context_value=context,
            )
            if inspect.isawaitable(results):
                results = await results
            if not hasattr(results, "__aiter__"):
                self.write_chunk(b"event: next\ndata: " + json.dumps(results.formatted).encode() + b"\n\n")
                return True
            async for result in results:
                self.write_chunk(b"event: next\ndata: " + json.dumps(result.formatted).encode() + b"\n\n")
                if self.cut_stream:
                    return False
            return True

        try:
            completed = asyncio.run(run())
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
            return
        if completed:
            self.write_chunk(b"event: complete\ndata:\n\n")
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        else:
            # Ends the connection in the middle of the chunked body: no `complete`, no last chunk.
            self.connection.shutdown(socket.SHUT_RDWR)
        self.close_connection = True


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128


def watch_stdin():
    """Exits when the parent closes stdin (or dies)."""
    try:
        while sys.stdin.buffer.read(1024):
            pass
    finally:
        os._exit(0)


def main():
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=watch_stdin, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
