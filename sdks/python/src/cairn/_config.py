"""Client settings both clients resolve the same way: token, base URL, timeouts, headers."""

from __future__ import annotations

import os
from dataclasses import dataclass

import httpx

from ._core import Send
from ._version import __version__

API_PATH = "/api/v2"
DEFAULT_TIMEOUT = httpx.Timeout(60.0, connect=10.0)


@dataclass(frozen=True)
class Settings:
    base_url: str
    token: str
    timeout: httpx.Timeout

    @classmethod
    def resolve(
        cls, token: str | None, base_url: str | None, timeout: float | httpx.Timeout | None
    ) -> Settings:
        """Arguments first, then `CAIRN_TOKEN` and `CAIRN_API_URL` from the environment."""
        token = token or os.environ.get("CAIRN_TOKEN")
        if not token:
            raise ValueError("pass token=... or set CAIRN_TOKEN (an API token from Settings, cairn_...)")
        url = (base_url or os.environ.get("CAIRN_API_URL") or "").rstrip("/")
        if not url:
            raise ValueError(
                "pass base_url=... or set CAIRN_API_URL (your Cairn server, e.g. https://cairn.example)"
            )
        if not url.endswith(API_PATH):
            url += API_PATH
        if timeout is None:
            resolved = DEFAULT_TIMEOUT
        elif isinstance(timeout, httpx.Timeout):
            resolved = timeout
        else:
            resolved = httpx.Timeout(timeout, connect=min(10.0, timeout))
        return cls(url, token, resolved)

    @property
    def origin(self) -> str:
        """The server's root: the base URL without `/api/v2`."""
        return self.base_url[: -len(API_PATH)]

    def url(self, request: Send) -> str:
        return (self.origin if request.root else self.base_url) + request.path

    def headers(self) -> dict[str, str]:
        return {
            "Authorization": f"Bearer {self.token}",
            "Accept": "application/json",
            "User-Agent": f"cairn-python/{__version__}",
        }

    def request_kwargs(self, request: Send) -> dict[str, object]:
        """What `httpx.Client.request` / `AsyncClient.request` take, headers included, minus the body."""
        kwargs: dict[str, object] = {"params": request.params, "json": request.json}
        if request.timeout is not None:
            kwargs["timeout"] = request.timeout
        headers = {**self.headers(), **(request.headers or {})}
        if request.body is not None:
            headers.update(request.body.headers())
        kwargs["headers"] = headers
        return kwargs
