"""The IPFS Pinning Service API (`/psa/pins`, at the server's root) as I/O-free operations."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Any
from urllib.parse import quote

from ._convert import from_json
from ._core import Operation, RetryPolicy, Send, Sleep, send
from ._pin_models import PsaMatch, PsaPinResults, PsaPinStatus, PsaStatus
from .errors import PinFailedError, PinTimeoutError

PSA_PINS = "/psa/pins"
PsaProgressCallback = Callable[[PsaPinStatus], None]


def _pin(cid: str, name: str | None, origins: Iterable[str] | None, meta: Mapping[str, str] | None) -> Any:
    body: dict[str, Any] = {"cid": cid}
    if name is not None:
        body["name"] = name
    if origins is not None:
        body["origins"] = list(origins)
    if meta is not None:
        body["meta"] = dict(meta)
    return body


def _time(value: datetime | str | None) -> str | None:
    return value.isoformat() if isinstance(value, datetime) else value


def _one_or_many(value: str | Iterable[str] | None) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return ",".join(value)


class PsaOperations:
    def __init__(self, policy: RetryPolicy) -> None:
        self.policy = policy

    def _status(self, request: Send) -> Operation[PsaPinStatus]:
        data = yield from send(request, self.policy)
        return from_json(PsaPinStatus, data)

    def add(
        self, cid: str, name: str | None, origins: Iterable[str] | None, meta: Mapping[str, str] | None
    ) -> Operation[PsaPinStatus]:
        return self._status(Send("POST", PSA_PINS, json=_pin(cid, name, origins, meta), root=True))

    def get(self, requestid: str) -> Operation[PsaPinStatus]:
        return self._status(Send("GET", f"{PSA_PINS}/{quote(requestid, safe='')}", root=True))

    def replace(
        self,
        requestid: str,
        cid: str,
        name: str | None,
        origins: Iterable[str] | None,
        meta: Mapping[str, str] | None,
    ) -> Operation[PsaPinStatus]:
        body = _pin(cid, name, origins, meta)
        return self._status(Send("POST", f"{PSA_PINS}/{quote(requestid, safe='')}", json=body, root=True))

    def remove(self, requestid: str) -> Operation[None]:
        # A request removed already is not found any more: a retry would report a success as a failure.
        path = f"{PSA_PINS}/{quote(requestid, safe='')}"
        yield from send(Send("DELETE", path, root=True, idempotent=False), self.policy)

    def list(
        self,
        *,
        cid: str | Iterable[str] | None,
        name: str | None,
        match: PsaMatch | None,
        status: PsaStatus | Iterable[PsaStatus] | None,
        before: datetime | str | None,
        after: datetime | str | None,
        limit: int | None,
        meta: Mapping[str, str] | None,
    ) -> Operation[PsaPinResults]:
        filters = {
            "cid": _one_or_many(cid),
            "name": name,
            "match": match,
            "status": _one_or_many(status),
            "before": _time(before),
            "after": _time(after),
            "limit": limit,
            "meta": json.dumps(dict(meta)) if meta is not None else None,
        }
        params = {key: value for key, value in filters.items() if value is not None}
        data = yield from send(Send("GET", PSA_PINS, params=params, root=True), self.policy)
        return from_json(PsaPinResults, data)

    def wait(
        self,
        pin: PsaPinStatus | str,
        *,
        interval: float,
        timeout: float | None,
        on_progress: PsaProgressCallback | None,
    ) -> Operation[PsaPinStatus]:
        """Polls until `pinned` (returned) or `failed` (`PinFailedError`); bounded by `timeout` s."""
        started = time.monotonic()
        current = pin if isinstance(pin, PsaPinStatus) else (yield from self.get(pin))
        while True:
            elapsed = time.monotonic() - started
            if on_progress is not None:
                on_progress(current)
            if current.status == "pinned":
                return current
            if current.status == "failed":
                raise PinFailedError(
                    current, current.info.get("status_details"), current.info.get("error_code")
                )
            if timeout is not None and elapsed >= timeout:
                raise PinTimeoutError(current, elapsed)
            pause = interval if timeout is None else max(0.0, min(interval, timeout - elapsed))
            yield Sleep(pause)
            current = yield from self.get(current.requestid)
