"""The Pinning Service API beyond the scenario: replace, filters by CID and meta, and its error
shape `{"error": {"reason", "details"}}` as the SDK's typed errors."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

from cairn import Cairn, InsufficientScopeError, NotFoundError, UploadResult, ValidationError
from conftest import Server, Setup


@pytest.fixture
def cairn(server: Server, setup: Setup) -> Iterator[Cairn]:
    with Cairn(setup.new_account().session, base_url=server.url) as client:
        yield client


def held(cairn: Cairn, tmp_path: os.PathLike[str], name: str) -> UploadResult:
    path = os.path.join(tmp_path, name)
    with open(path, "wb") as out:
        out.write(os.urandom(4096))
    return cairn.uploads.file(path)


def wait_gone(cairn: Cairn, requestid: str) -> NotFoundError:
    """The replaced request goes once its successor is pinned: wait (10 s at most) for its 404."""
    deadline = time.monotonic() + 10
    while True:
        try:
            cairn.psa.get(requestid)
        except NotFoundError as error:
            return error
        assert time.monotonic() < deadline, "the replaced request is still there"
        time.sleep(0.1)


def test_replace_filters_and_errors(cairn: Cairn, tmp_path: os.PathLike[str]) -> None:
    first, second = held(cairn, tmp_path, "a.bin"), held(cairn, tmp_path, "b.bin")
    old = cairn.psa.wait(cairn.psa.add(first.cid, name="a", meta={"app": "one"}), interval=0.2, timeout=30)
    new = cairn.psa.replace(old.requestid, second.cid, name="b", meta={"app": "two"})
    assert new.requestid != old.requestid and new.pin.cid == second.cid
    cairn.psa.wait(new, interval=0.2, timeout=30)
    gone = wait_gone(cairn, old.requestid)
    assert gone.status == 404 and gone.code == "NOT_FOUND" and gone.message

    by_cid = cairn.psa.list(cid=[second.cid, first.cid])
    assert [pin.requestid for pin in by_cid.results] == [new.requestid]  # the old one went
    assert cairn.psa.list(meta={"app": "two"}).count == 1
    assert cairn.psa.list(meta={"app": "one"}).count == 0
    assert cairn.psa.list(name="B", match="iexact").results[0].requestid == new.requestid
    with pytest.raises(ValidationError) as bad:
        cairn.psa.add("not-a-cid")
    assert bad.value.status == 400 and bad.value.code.isupper() and bad.value.message


def test_a_token_without_the_psa_scope_is_refused_naming_it(cairn: Cairn, server: Server) -> None:
    """The PSA error shape has no scope field: the SDK reads the scope from the details."""
    reader = cairn.tokens.create("psa-less", expires_in_days=1, scopes=["files:read"])
    limited = Cairn(reader.token, base_url=server.url)
    with limited, pytest.raises(InsufficientScopeError) as refused:
        limited.psa.list()
    assert refused.value.status == 403 and refused.value.code == "INSUFFICIENT_SCOPE"
    assert refused.value.scope == "psa"
