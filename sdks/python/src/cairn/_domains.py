"""Custom domains (`/domains`) as I/O-free operations that both clients run."""

from __future__ import annotations

import builtins
from urllib.parse import quote

from ._convert import from_json
from ._core import Operation, RetryPolicy, Send, send
from ._domain_models import Domain


def _path(domain_id: str) -> str:
    return f"/domains/{quote(domain_id, safe='')}"


class DomainOperations:
    def __init__(self, policy: RetryPolicy) -> None:
        self.policy = policy

    def _domain(self, request: Send) -> Operation[Domain]:
        data = yield from send(request, self.policy)
        return from_json(Domain, data)

    def list(self) -> Operation[builtins.list[Domain]]:
        data = yield from send(Send("GET", "/domains"), self.policy)
        return [from_json(Domain, entry) for entry in data["domains"]]

    def add(self, hostname: str, target: str) -> Operation[Domain]:
        return self._domain(Send("POST", "/domains", json={"hostname": hostname, "target": target}))

    def verify(self, domain_id: str) -> Operation[Domain]:
        # A repeated check only looks DNS up again: retried like a read.
        return self._domain(Send("POST", f"{_path(domain_id)}/verify", idempotent=True))

    def delete(self, domain_id: str) -> Operation[None]:
        # A domain deleted already is `domain_not_found`: a retry would report a success as a failure.
        yield from send(Send("DELETE", _path(domain_id), idempotent=False), self.policy)
        return None
