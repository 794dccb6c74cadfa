"""A live Cairn server for the whole session (the repository's SDK harness), and plain-HTTP set-up.

The harness is stopped when the session ends, also when a test failed: its standard input is
closed (it stops on that), then it is terminated if it has not stopped in time.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from scripted_server import Scripted

REPO_ROOT = Path(__file__).resolve().parents[3]
START_TIMEOUT = 90.0


@dataclass(frozen=True)
class Server:
    url: str
    admin_email: str
    admin_password: str


@dataclass(frozen=True)
class Account:
    id: str
    email: str
    session: str


def _read_first_line(process: subprocess.Popen[str]) -> str:
    line: list[str] = []
    reader = threading.Thread(target=lambda: line.append(process.stdout.readline() if process.stdout else ""))
    reader.daemon = True
    reader.start()
    reader.join(START_TIMEOUT)
    if not line or not line[0].strip():
        raise RuntimeError(f"the Cairn harness did not start within {START_TIMEOUT:.0f} s")
    return line[0]


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    if os.environ.get("CAIRN_TEST_URL"):
        yield Server(
            os.environ["CAIRN_TEST_URL"],
            os.environ["CAIRN_TEST_ADMIN_EMAIL"],
            os.environ["CAIRN_TEST_ADMIN_PASSWORD"],
        )
        return
    process = subprocess.Popen(
        ["node", "--import", "tsx", "sdks/harness/serve.ts"],
        cwd=REPO_ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        started = json.loads(_read_first_line(process))
        yield Server(started["url"], started["admin"]["email"], started["admin"]["password"])
    finally:
        if process.stdin:
            process.stdin.close()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)


class Setup:
    """What the scenario does outside the SDK: sign-up, login, the administrator's plan change."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.http = httpx.Client(base_url=f"{server.url}/api/v2", timeout=30)

    def login(self, email: str, password: str) -> str:
        response = self.http.post("/auth/login", json={"email": email, "password": password})
        assert response.status_code == 200, response.text
        token: str = response.json()["token"]
        return token

    def new_account(self) -> Account:
        email = f"sdk-{secrets.token_hex(6)}@example.com"
        password = secrets.token_urlsafe(12)
        signup = self.http.post(
            "/auth/signup",
            json={
                "name": "Ada",
                "lastname": "Lovelace",
                "country": "GB",
                "birthDate": "10/12/1985",
                "language": "en",
                "email": email,
                "password": password,
            },
        )
        assert signup.status_code == 201, signup.text
        return Account(signup.json()["user"]["id"], email, self.login(email, password))

    def _admin(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.login(self.server.admin_email, self.server.admin_password)}"}

    def create_plan(self, storage_bytes: int, price_eur: float = 0) -> str:
        code = f"sdk-{secrets.token_hex(4)}"
        plan = {"code": code, "name": code, "storageLimitBytes": storage_bytes, "priceMonthlyEur": price_eur}
        created = self.http.post("/admin/plans", json=plan, headers=self._admin())
        assert created.status_code == 201, created.text
        return code

    def put_on_plan(self, user_id: str, storage_bytes: int) -> str:
        code = self.create_plan(storage_bytes)
        changed = self.http.patch(f"/admin/users/{user_id}", json={"planCode": code}, headers=self._admin())
        assert changed.status_code == 200, changed.text
        return code

    def close(self) -> None:
        self.http.close()


@pytest.fixture(scope="session")
def setup(server: Server) -> Iterator[Setup]:
    accounts = Setup(server)
    yield accounts
    accounts.close()


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def scripted() -> Iterator[Scripted]:
    """A scripted loopback server (see `scripted_server`), stopped after the test."""
    server = Scripted()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)
