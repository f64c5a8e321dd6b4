"""A Strawberry GraphQL server on uvicorn, on loopback, for the Swift integration tests and benchmarks.

A server nobody here wrote: Strawberry speaks graphql-transport-ws over WebSocket at /graphql, and with
`enable_experimental_incremental_execution` it answers @defer and @stream over HTTP as multipart/mixed.
It takes files per the GraphQL multipart request spec (`uploadOne`, `uploadMany`, `uploadBatch`, and
`uploadRefused`, which reads the file and then fails; each answers the size and SHA-256 it received),
and batches of up to 50 operations as a JSON array.

It listens on 127.0.0.1, port 0, and prints the chosen port as the first line of stdout. It exits when
its stdin closes, so a test process that dies never leaves it running, and at once on SIGTERM or SIGINT.

Endpoints:
  /graphql                  Strawberry (HTTP and graphql-transport-ws). connection_init's payload
                            `{"token": "secret"}` is accepted, `{"token": <anything else>}` is refused
                            (close 4403), and no token is accepted.
  /ws/<fault>               a WebSocket that speaks graphql-transport-ws badly, on purpose:
      never-ack             accepts the socket, reads connection_init, never acknowledges
      malformed             acknowledges, then answers the first subscribe with text that is not JSON
      unknown-id            acknowledges, sends `next` for an id nobody subscribed, then serves `n`
                            events of the subscription it was asked for and completes
      drop-after-subscribe  acknowledges, reads one subscribe, sends one event, closes with 1011
      close-<code>          acknowledges, reads one subscribe, closes with that code
  /debug/connections        how many graphql-transport-ws sockets were opened on /graphql so far, and
                            how many subscriptions the server started on them
                            (JSON {"opened": N, "open": M, "subscriptions": S})
  /debug/unused-port        a port nothing listens on (JSON {"port": N})
  /debug/gate?name=G&waiters=N&open=0|1
                            waits until N `gated(gate: G)` subscriptions wait at the gate G, then
                            opens it when `open=1` (JSON {"waiting": N}): the WebSocket benchmark
                            subscribes first and times only the events
  /held/G                   /graphql over HTTP, whose request waits at the gate G before the server
                            reads its body: a client's upload stalls once the socket's buffers are
                            full, so a test can cancel it mid-body with certainty that no answer came
"""

import asyncio
import hashlib
import json
import os
import socket
import sys
import threading
import typing

import strawberry
import uvicorn
from strawberry.asgi import GraphQL
from strawberry.exceptions import ConnectionRejectionError
from strawberry.file_uploads import Upload
from strawberry.schema.config import StrawberryConfig


@strawberry.type
class Item:
    id: strawberry.ID
    name: str


@strawberry.type
class Detail:
    id: strawberry.ID

    @strawberry.field
    async def summary(self) -> str:
        # The deferred part: later than the initial payload, without wall-clock waiting in tests
        # (the client awaits the part itself).
        await asyncio.sleep(0.05)
        return f"summary of {self.id}"


@strawberry.type
class Product:
    id: strawberry.ID
    index: strawberry.Private[int]

    @strawberry.field
    def name(self) -> str:
        return f"Product {self.index}"

    @strawberry.field
    def price(self) -> typing.Optional[int]:
        # A resolver that raises for every odd product: a field error in a list item.
        if self.index % 2 == 1:
            raise ValueError(f"no price for product {self.index}")
        return 100 + self.index


@strawberry.type
class Query:
    @strawberry.field
    def hello(self, name: str = "world") -> str:
        return f"Hello, {name}!"

    @strawberry.field
    def products(self, count: int = 4) -> list[Product]:
        return [Product(id=strawberry.ID(f"product-{index}"), index=index) for index in range(count)]

    @strawberry.field
    def detail(self, id: strawberry.ID) -> Detail:
        return Detail(id=id)

    @strawberry.field
    def items(self, count: int = 3) -> list[Item]:
        # An async iterable, so that @stream sends each item after the initial payload.
        async def each():
            for index in range(count):
                await asyncio.sleep(0.01)
                yield Item(id=strawberry.ID(f"item-{index}"), name=f"Item {index}")

        return each()


@strawberry.type
class Counter:
    id: strawberry.ID
    value: int


class Gate:
    """Where `gated` subscriptions wait until /debug/gate opens it."""

    def __init__(self):
        self.waiting = 0
        self.arrived = asyncio.Event()
        self.opened = asyncio.Event()


gates: dict[str, Gate] = {}


async def wait_at_gate(name: str, waiters: int, open_it: bool) -> int:
    state = gates.setdefault(name, Gate())
    while state.waiting < waiters:
        state.arrived.clear()
        await state.arrived.wait()
    if open_it:
        state.opened.set()
    return state.waiting


@strawberry.type
class Subscription:
    @strawberry.subscription
    async def count(self, to: int = 3, id: strawberry.ID = strawberry.ID("counter")) -> typing.AsyncGenerator[Counter, None]:
        connections["subscriptions"] += 1
        for value in range(1, to + 1):
            yield Counter(id=id, value=value)

    @strawberry.subscription
    async def forever(self, id: strawberry.ID = strawberry.ID("ticker")) -> typing.AsyncGenerator[Counter, None]:
        # Events until the client completes; paced so that an open subscription does not flood.
        connections["subscriptions"] += 1
        value = 0
        while True:
            value += 1
            yield Counter(id=id, value=value)
            await asyncio.sleep(0.02)

    @strawberry.subscription
    async def gated(self, gate: str, count: int, id: strawberry.ID) -> typing.AsyncGenerator[Counter, None]:
        # Waits at the gate, yields `count` events at once, then stays subscribed until the client
        # completes: the benchmark times events with every subscription live, set-up and teardown apart.
        connections["subscriptions"] += 1
        state = gates.setdefault(gate, Gate())
        state.waiting += 1
        state.arrived.set()
        await state.opened.wait()
        for value in range(1, count + 1):
            yield Counter(id=id, value=value)
        await asyncio.Event().wait()

    @strawberry.subscription
    async def failing(self) -> typing.AsyncGenerator[Counter, None]:
        yield Counter(id=strawberry.ID("failing"), value=1)
        raise ValueError("the source failed")


@strawberry.type
class ReceivedFile:
    """What the server read of one uploaded file: enough for a test to check every byte arrived."""
    filename: str
    content_type: str
    size: int
    sha256: str


@strawberry.input
class UploadBatch:
    label: str
    files: list[Upload]


async def received(upload) -> ReceivedFile:
    """Reads the file in chunks (Starlette spools a large one to disk) and hashes it."""
    digest = hashlib.sha256()
    size = 0
    while chunk := await upload.read(1 << 20):
        digest.update(chunk)
        size += len(chunk)
    return ReceivedFile(filename=upload.filename, content_type=upload.content_type or "", size=size, sha256=digest.hexdigest())


@strawberry.type
class Mutation:
    @strawberry.mutation
    async def upload_one(self, file: Upload) -> ReceivedFile:
        return await received(file)

    @strawberry.mutation
    async def upload_many(self, files: list[Upload]) -> list[ReceivedFile]:
        return [await received(file) for file in files]

    @strawberry.mutation
    async def upload_batch(self, batch: UploadBatch) -> list[ReceivedFile]:
        return [await received(file) for file in batch.files]

    @strawberry.mutation
    async def upload_refused(self, file: Upload) -> ReceivedFile:
        await received(file)
        raise ValueError("the file was read and refused")


schema = strawberry.Schema(
    query=Query,
    mutation=Mutation,
    subscription=Subscription,
    config=StrawberryConfig(enable_experimental_incremental_execution=True, batching_config={"max_operations": 50}),
)

connections = {"opened": 0, "open": 0, "subscriptions": 0}


class App(GraphQL):
    async def on_ws_connect(self, context):
        params = context["connection_params"]
        token = params.get("token") if isinstance(params, dict) else None
        if token is not None and token != "secret":
            raise ConnectionRejectionError()
        return {"server": "strawberry"}


# Strawberry answers a connection's 101st concurrent operation with "Subscription limit reached" by
# default; the WebSocket benchmark multiplexes 1,000 subscriptions on one socket.
graphql_app = App(schema, keep_alive=False, max_subscriptions_per_connection=None, multipart_uploads_enabled=True)


async def websocket_fault(scope, receive, send, fault):
    """graphql-transport-ws done wrong in one way, for the client's fault tests."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept", "subprotocol": "graphql-transport-ws"})

    async def next_text():
        while True:
            event = await receive()
            if event["type"] == "websocket.disconnect":
                return None
            if event["type"] == "websocket.receive" and event.get("text") is not None:
                return json.loads(event["text"])

    init = await next_text()
    if init is None:
        return
    if fault == "never-ack":
        while await next_text() is not None:
            pass
        return
    await send({"type": "websocket.send", "text": json.dumps({"type": "connection_ack"})})
    while True:
        message = await next_text()
        if message is None:
            return
        if message.get("type") == "ping":
            await send({"type": "websocket.send", "text": json.dumps({"type": "pong"})})
            continue
        if message.get("type") == "subscribe":
            break
    sid = message["id"]
    if fault == "malformed":
        await send({"type": "websocket.send", "text": "this is not JSON {"})
    elif fault == "unknown-id":
        stray = {"id": "no-such-id", "type": "next", "payload": {"data": {"count": {"__typename": "Counter", "id": "stray", "value": 99}}}}
        await send({"type": "websocket.send", "text": json.dumps(stray)})
        for value in (1, 2):
            event = {"id": sid, "type": "next", "payload": {"data": {"count": {"__typename": "Counter", "id": "counter", "value": value}}}}
            await send({"type": "websocket.send", "text": json.dumps(event)})
        await send({"type": "websocket.send", "text": json.dumps({"id": sid, "type": "complete"})})
    elif fault == "drop-after-subscribe":
        event = {"id": sid, "type": "next", "payload": {"data": {"count": {"__typename": "Counter", "id": "counter", "value": 1}}}}
        await send({"type": "websocket.send", "text": json.dumps(event)})
        await send({"type": "websocket.close", "code": 1011, "reason": "going away"})
        return
    elif fault.startswith("close-"):
        await send({"type": "websocket.close", "code": int(fault[len("close-"):]), "reason": "closed on purpose"})
        return
    while await next_text() is not None:
        pass


async def app(scope, receive, send):
    path = scope.get("path", "")
    if scope["type"] == "websocket" and path.startswith("/ws/"):
        await websocket_fault(scope, receive, send, path[len("/ws/"):])
        return
    if scope["type"] == "http" and path == "/debug/gate":
        query = dict(pair.split("=", 1) for pair in scope.get("query_string", b"").decode().split("&") if "=" in pair)
        waiting = await wait_at_gate(query["name"], int(query["waiters"]), query.get("open") == "1")
        body = json.dumps({"waiting": waiting}).encode()
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": body})
        return
    if scope["type"] == "http" and path.startswith("/held/"):
        # Unread, the body backs up: uvicorn stops reading the socket past a small buffer.
        state = gates.setdefault(path[len("/held/"):], Gate())
        state.waiting += 1
        state.arrived.set()
        await state.opened.wait()
        await graphql_app(scope, receive, send)
        return
    if scope["type"] == "http" and path in ("/debug/connections", "/debug/unused-port"):
        if path == "/debug/connections":
            body = json.dumps(connections).encode()
        else:
            probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
            probe.close()
            body = json.dumps({"port": port}).encode()
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": body})
        return
    if scope["type"] == "websocket" and path == "/graphql":
        connections["opened"] += 1
        connections["open"] += 1
        try:
            await graphql_app(scope, receive, send)
        finally:
            connections["open"] -= 1
        return
    await graphql_app(scope, receive, send)


def exit_when_stdin_closes():
    sys.stdin.read()
    os._exit(0)


class Server(uvicorn.Server):
    def handle_exit(self, sig, frame):
        # SIGTERM or SIGINT: exit now. uvicorn's graceful shutdown waits for every connection to close,
        # and a client that stopped reading (a hung test or benchmark) never lets its WebSocket close,
        # so the server outlived SIGTERM. A test server holds nothing worth a graceful shutdown.
        os._exit(0)


def main():
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    config = uvicorn.Config(app, log_level="warning", ws="websockets-sansio", lifespan="off", access_log=False)
    server = Server(config)
    print(listener.getsockname()[1], flush=True)
    asyncio.run(server.serve(sockets=[listener]))


if __name__ == "__main__":
    main()
