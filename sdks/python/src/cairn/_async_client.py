"""The asynchronous client (asyncio or trio, through httpx and AnyIO)."""

from __future__ import annotations

from types import TracebackType
from typing import Any, TypeVar

import anyio
import httpx

from ._async_resources import (
    AsyncDag,
    AsyncGroups,
    AsyncLinks,
    AsyncPins,
    AsyncPlans,
    AsyncReferrals,
    AsyncTokens,
    AsyncUploads,
    AsyncUsage,
    AsyncUsers,
)
from ._config import Settings
from ._core import Operation, Outcome, RetryPolicy, Send
from ._domain_resources import AsyncDomains
from ._domains import DomainOperations
from ._name_resources import AsyncNames
from ._names import NameOperations
from ._operations import Operations
from ._psa import PsaOperations
from ._psa_resources import AsyncPsa

T = TypeVar("T")


class AsyncCairn:
    """The async twin of `Cairn`: the same resources and arguments, each call awaited.

    >>> async with AsyncCairn("cairn_...", base_url="https://cairn.example") as cairn:
    ...     result = await cairn.uploads.file("photo.jpg")

    Cancelling the task cancels the request (an upload in flight stops sending).
    """

    def __init__(
        self,
        token: str | None = None,
        *,
        base_url: str | None = None,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int = 2,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        self._settings = Settings.resolve(token, base_url, timeout)
        self._owns_http = http_client is None
        self._http = http_client or httpx.AsyncClient(timeout=self._settings.timeout)
        policy = RetryPolicy(max_retries=max_retries)
        self._ops = ops = Operations(policy, self._settings.origin)
        self.uploads = AsyncUploads(ops, self._run)
        self.pins = AsyncPins(ops, self._run)
        self.groups = AsyncGroups(ops, self._run)
        self.links = AsyncLinks(ops, self._run)
        self.dag = AsyncDag(ops, self._run)
        self.usage = AsyncUsage(ops, self._run)
        self.tokens = AsyncTokens(ops, self._run)
        self.users = AsyncUsers(ops, self._run)
        self.referrals = AsyncReferrals(ops, self._run)
        self.plans = AsyncPlans(ops, self._run)
        self.psa = AsyncPsa(PsaOperations(policy), self._run)
        self.names = AsyncNames(NameOperations(policy), self._run)
        self.domains = AsyncDomains(DomainOperations(policy), self._run)

    async def _send(self, request: Send) -> Outcome:
        kwargs: dict[str, Any] = self._settings.request_kwargs(request)
        try:
            return await self._http.request(
                request.method,
                self._settings.url(request),
                content=request.body.__aiter__() if request.body is not None else None,
                **kwargs,
            )
        except httpx.TransportError as error:
            return error

    async def _run(self, operation: Operation[T]) -> T:
        try:
            action = next(operation)
            while True:
                if isinstance(action, Send):
                    action = operation.send(await self._send(action))
                else:
                    await anyio.sleep(action.seconds)
                    action = operation.send(None)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]

    async def aclose(self) -> None:
        """Closes the connection pool (not an `http_client` that was passed in)."""
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncCairn:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.aclose()
