"""A fake of the service your data source calls (yours: shape it like that service).

A real HTTP server on a free loopback port, started by a test (the `fake_upstream` fixture of
tests/conftest.py): your data source calls it as it would call the real one (its URL and token
arrive in the request's datasource fields, as the platform sends them), and the test reads what it
was sent. Nothing is mocked inside your code, and each call answers in milliseconds.

The same fake stands in for the service in CI's contract job (ci/before-check.sh):
`python -m tests.fake_upstream 9100` serves ROUTES until it is stopped.
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Received:
    """One request the fake received."""

    method: str
    path: str  # with its query string
    headers: dict[str, str]  # names in lower case
    body: bytes


@dataclass(frozen=True)
class Answer:
    """What the fake answers a request: a JSON body and a status (200 unless given)."""

    body: Any
    status: int = 200


# What the stand-in answers per path (`python -m tests.fake_upstream`, and `routes` below).
ROUTES: dict[str, Any] = {"/status": {"ok": True}}


def routes(table: dict[str, Any]) -> Callable[[Received], Answer]:
    """An answer function: the body `table` holds for the request's path, else 404."""

    def answer(request: Received) -> Answer:
        path = request.path.split("?", 1)[0]
        return Answer(table[path]) if path in table else Answer({"error": "not found"}, 404)

    return answer


@dataclass
class FakeUpstream:
    """The running fake: `url` to put in the datasource fields, `received` in arrival order."""

    server: ThreadingHTTPServer
    received: list[Received] = field(default_factory=list)

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def start(answer: Callable[[Received], Answer], port: int = 0) -> FakeUpstream:
    """Start the fake on 127.0.0.1:`port` (0: a free one); `answer` decides each answer."""
    received: list[Received] = []
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def _serve(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            request = Received(
                method=self.command,
                path=self.path,
                headers={name.lower(): value for name, value in self.headers.items()},
                body=self.rfile.read(length) if length else b"",
            )
            with lock:
                received.append(request)
            reply = answer(request)
            payload = json.dumps(reply.body).encode()
            self.send_response(reply.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        do_GET = do_POST = do_PUT = do_DELETE = _serve

        def log_message(self, format: str, *args: Any) -> None:  # quiet in tests
            pass

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return FakeUpstream(server, received)


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 9100
    fake = start(routes(ROUTES), port)
    print(f"fake upstream on {fake.url}", flush=True)
    threading.Event().wait()
