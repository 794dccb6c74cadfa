"""The synchronous client."""

from __future__ import annotations

import time
from types import TracebackType
from typing import Any, TypeVar

import httpx

from ._config import Settings
from ._core import Operation, Outcome, RetryPolicy, Send
from ._domain_resources import Domains
from ._domains import DomainOperations
from ._name_resources import Names
from ._names import NameOperations
from ._operations import Operations
from ._psa import PsaOperations
from ._psa_resources import Psa
from ._resources import Dag, Groups, Links, Pins, Plans, Referrals, Tokens, Uploads, Usage, Users

T = TypeVar("T")


class Cairn:
    """A Cairn API client authenticated with an API token.

    >>> with Cairn("cairn_...", base_url="https://cairn.example") as cairn:
    ...     result = cairn.uploads.file("photo.jpg")

    `token` and `base_url` default to `CAIRN_TOKEN` and `CAIRN_API_URL`. Idempotent calls are
    retried `max_retries` times on 429, 503 and connection errors, with exponential backoff.
    """

    def __init__(
        self,
        token: str | None = None,
        *,
        base_url: str | None = None,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int = 2,
        http_client: httpx.Client | None = None,
    ) -> None:
        self._settings = Settings.resolve(token, base_url, timeout)
        self._owns_http = http_client is None
        self._http = http_client or httpx.Client(timeout=self._settings.timeout)
        policy = RetryPolicy(max_retries=max_retries)
        self._ops = Operations(policy, self._settings.origin)
        self.uploads = Uploads(self._ops, self._run)
        self.pins = Pins(self._ops, self._run)
        self.groups = Groups(self._ops, self._run)
        self.links = Links(self._ops, self._run)
        self.dag = Dag(self._ops, self._run)
        self.usage = Usage(self._ops, self._run)
        self.tokens = Tokens(self._ops, self._run)
        self.users = Users(self._ops, self._run)
        self.referrals = Referrals(self._ops, self._run)
        self.plans = Plans(self._ops, self._run)
        self.psa = Psa(PsaOperations(policy), self._run)
        self.names = Names(NameOperations(policy), self._run)
        self.domains = Domains(DomainOperations(policy), self._run)

    def _send(self, request: Send) -> Outcome:
        kwargs: dict[str, Any] = self._settings.request_kwargs(request)
        try:
            return self._http.request(
                request.method,
                self._settings.url(request),
                content=iter(request.body) if request.body is not None else None,
                **kwargs,
            )
        except httpx.TransportError as error:
            return error

    def _run(self, operation: Operation[T]) -> T:
        try:
            action = next(operation)
            while True:
                if isinstance(action, Send):
                    action = operation.send(self._send(action))
                else:
                    time.sleep(action.seconds)
                    action = operation.send(None)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]

    def close(self) -> None:
        """Closes the connection pool (not an `http_client` that was passed in)."""
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> Cairn:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()
