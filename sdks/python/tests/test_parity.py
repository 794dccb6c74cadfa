"""The async client mirrors the sync one: same resources, same calls, same parameters."""

from __future__ import annotations

import inspect

import pytest

from cairn import AsyncCairn, Cairn

RESOURCES = [
    "uploads",
    "pins",
    "groups",
    "links",
    "dag",
    "usage",
    "tokens",
    "users",
    "referrals",
    "plans",
    "psa",
    "names",
    "domains",
]


def _calls(resource: object) -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(member)
        for name, member in inspect.getmembers(resource, callable)
        if not name.startswith("_")
    }


def test_every_sync_call_has_an_async_twin_with_the_same_parameters() -> None:
    sync = Cairn("cairn_test", base_url="http://127.0.0.1:9")
    asynchronous = AsyncCairn("cairn_test", base_url="http://127.0.0.1:9")
    for name in RESOURCES:
        calls, twins = _calls(getattr(sync, name)), _calls(getattr(asynchronous, name))
        assert calls.keys() == twins.keys(), name
        for call, signature in calls.items():
            assert list(signature.parameters.values()) == list(twins[call].parameters.values()), (
                f"{name}.{call}"
            )
            assert inspect.iscoroutinefunction(getattr(getattr(asynchronous, name), call)) or call == "iter"
    sync.close()


def test_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CAIRN_TOKEN", "cairn_fromenv")
    monkeypatch.setenv("CAIRN_API_URL", "http://127.0.0.1:9/")
    with Cairn() as cairn:
        assert cairn._settings.base_url == "http://127.0.0.1:9/api/v2"
        assert cairn._settings.headers()["Authorization"] == "Bearer cairn_fromenv"
    monkeypatch.delenv("CAIRN_TOKEN")
    with pytest.raises(ValueError, match="CAIRN_TOKEN"):
        Cairn()
