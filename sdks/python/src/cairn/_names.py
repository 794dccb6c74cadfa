"""IPNS names (`/names`, `/resolve`) as I/O-free operations that both clients run."""

from __future__ import annotations

import builtins
from typing import Any
from urllib.parse import quote

from ._convert import from_json
from ._core import Operation, RetryPolicy, Send, send
from ._name_models import Name, NameKeyExport, NamePublication, NameResolution


def _path(name_id: str) -> str:
    return f"/names/{quote(name_id, safe='')}"


class NameOperations:
    def __init__(self, policy: RetryPolicy) -> None:
        self.policy = policy

    def _name(self, request: Send) -> Operation[Name]:
        data = yield from send(request, self.policy)
        return from_json(Name, data)

    def list(self) -> Operation[builtins.list[Name]]:
        data = yield from send(Send("GET", "/names"), self.policy)
        return [from_json(Name, entry) for entry in data["names"]]

    def create(self, label: str) -> Operation[Name]:
        return self._name(Send("POST", "/names", json={"label": label}))

    def get(self, name_id: str) -> Operation[Name]:
        return self._name(Send("GET", _path(name_id)))

    def rename(self, name_id: str, label: str) -> Operation[Name]:
        # The same label twice changes nothing: retried like a read.
        return self._name(Send("PATCH", _path(name_id), json={"label": label}, idempotent=True))

    def delete(self, name_id: str) -> Operation[None]:
        # A name deleted already is `name_not_found`: a retry would report a success as a failure.
        yield from send(Send("DELETE", _path(name_id), idempotent=False), self.policy)
        return None

    def publish(
        self, name_id: str, value: str, ttl_seconds: int | None, validity_hours: int | None
    ) -> Operation[Name]:
        # Each publication signs a new record under the next sequence: not retried.
        body: dict[str, Any] = {"value": value}
        if ttl_seconds is not None:
            body["ttlSeconds"] = ttl_seconds
        if validity_hours is not None:
            body["validityHours"] = validity_hours
        return self._name(Send("POST", f"{_path(name_id)}/publish", json=body))

    def history(self, name_id: str, limit: int | None) -> Operation[builtins.list[NamePublication]]:
        params = {"limit": limit} if limit is not None else None
        data = yield from send(Send("GET", f"{_path(name_id)}/history", params=params), self.policy)
        return [from_json(NamePublication, entry) for entry in data["publications"]]

    def rollback(self, name_id: str, sequence: int, ttl_seconds: int | None) -> Operation[Name]:
        # A new record too, as `publish`: not retried.
        body: dict[str, Any] = {"sequence": sequence}
        if ttl_seconds is not None:
            body["ttlSeconds"] = ttl_seconds
        return self._name(Send("POST", f"{_path(name_id)}/rollback", json=body))

    def export_key(self, name_id: str) -> Operation[NameKeyExport]:
        data = yield from send(Send("GET", f"{_path(name_id)}/key"), self.policy)
        return from_json(NameKeyExport, data)

    def resolve(self, name: str) -> Operation[NameResolution]:
        data = yield from send(Send("GET", f"/resolve/{quote(name, safe='')}"), self.policy)
        return from_json(NameResolution, data)
