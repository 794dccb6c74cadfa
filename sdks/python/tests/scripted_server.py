"""A loopback HTTP server that plays a script of answers in the API's wire shapes.

For what the live server cannot be made to do on demand (answer 503 or 429, stay slow, keep a pin
job running); it records every request it was sent.
"""

from __future__ import annotations

import json
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Answer = tuple[int, dict[str, str], Any]
USER = {
    "id": "9a7f3c52-1d2e-4b8a-9f4e-2c6b1a0d5e73",
    "email": "ada@example.com",
    "name": "Ada",
    "lastname": "Lovelace",
    "country": "GB",
    "birthDate": "10/12/1985",
    "language": "en",
    "role": "user",
    "status": "active",
    "referralCode": "K7QX2M9P",
    "createdAt": "2025-03-01T12:00:00.000Z",
}
OK: Answer = (200, {}, USER)


class Scripted(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.script: list[Answer] = []
        self.seen: list[str] = []
        self.delay = 0.0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class _Handler(BaseHTTPRequestHandler):
    server: Scripted

    def _answer(self) -> None:
        self.server.seen.append(f"{self.command} {self.path}")
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        time.sleep(self.server.delay)
        status, headers, body = self.server.script.pop(0) if self.server.script else OK
        payload = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        for name, value in {"Content-Type": "application/json", **headers}.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _answer

    def log_message(self, *args: Any) -> None:
        pass
