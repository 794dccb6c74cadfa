"""Waiting on a pin job that fails or keeps running (states the live server reaches only with peers)."""

from __future__ import annotations

from typing import Any

import pytest

from cairn import AsyncCairn, Cairn, PinFailedError, PinProgress, PinTimeoutError
from scripted_server import Scripted

CID = "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi"


def job(status: str, **fields: Any) -> tuple[int, dict[str, str], dict[str, Any]]:
    body = {
        "id": "6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b",
        "cid": CID,
        "status": status,
        "bytesFetched": 0,
        "blocks": 0,
        "error": None,
        "errorCode": None,
        "createdAt": "2025-03-01T12:00:00.000Z",
        "updatedAt": "2025-03-01T12:00:01.500Z",
        "upload": None,
        **fields,
    }
    return (202 if status in ("queued", "pinning") else 200, {}, body)


def test_a_failed_job_raises_with_its_code(scripted: Scripted) -> None:
    failed = job("failed", error="CID not found on IPFS network", errorCode="cid_not_found")
    scripted.script = [job("queued"), job("pinning", blocks=3, bytesFetched=4096), failed]
    seen: list[PinProgress] = []
    with Cairn("cairn_test", base_url=scripted.url) as cairn, pytest.raises(PinFailedError) as error:
        cairn.pins.create(CID, wait=True, interval=0.05, on_progress=seen.append)
    assert error.value.code == "cid_not_found" and error.value.job.status == "failed"
    assert [progress.job.status for progress in seen] == ["queued", "pinning", "failed"]
    assert seen[1].job.bytes_fetched == 4096
    assert scripted.seen == [
        "POST /api/v2/pins",
        f"GET /api/v2/pins/{seen[0].job.id}",
        f"GET /api/v2/pins/{seen[0].job.id}",
    ]


@pytest.mark.anyio
async def test_a_running_job_stops_the_wait_at_the_timeout(scripted: Scripted) -> None:
    scripted.script = [job("pinning")] * 50
    async with AsyncCairn("cairn_test", base_url=scripted.url) as cairn:
        with pytest.raises(PinTimeoutError) as waited:
            await cairn.pins.wait(job("pinning")[2]["id"], interval=0.1, timeout=0.5)
    assert waited.value.job.status == "pinning"
    assert 3 <= len(scripted.seen) <= 8  # polled every 0.1 s for 0.5 s, then gave up
