"""verify_webhook against sdks/webhook-vectors.json, the deliveries every SDK verifies the same way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cairn import WebhookVerificationError, verify_webhook

VECTORS_FILE = Path(__file__).resolve().parents[2] / "webhook-vectors.json"
VECTORS: list[dict[str, Any]] = json.loads(VECTORS_FILE.read_text(encoding="utf-8"))["vectors"]


def test_the_vectors_cover_every_outcome() -> None:
    kinds = {vector.get("error") for vector in VECTORS}
    assert kinds == {None, "malformed_header", "timestamp_outside_tolerance", "signature_mismatch"}


@pytest.mark.parametrize("vector", VECTORS, ids=[vector["name"] for vector in VECTORS])
@pytest.mark.parametrize("as_bytes", [False, True], ids=["str", "bytes"])
def test_vector(vector: dict[str, Any], as_bytes: bool) -> None:
    body = vector["body"].encode("utf-8") if as_bytes else vector["body"]
    options: dict[str, Any] = {"now": vector["now"]}
    if "tolerance" in vector:
        options["tolerance"] = vector["tolerance"]
    if "error" in vector:
        with pytest.raises(WebhookVerificationError) as caught:
            verify_webhook(body, vector["header"], vector["secret"], **options)
        assert caught.value.kind == vector["error"]
    else:
        event = verify_webhook(body, vector["header"], vector["secret"], **options)
        assert event["id"] == vector["eventId"]
        assert event == json.loads(vector["body"])


def test_checks_the_timestamp_against_the_clock_when_no_now_is_given() -> None:
    vector = next(v for v in VECTORS if v["name"] == "one v1")
    with pytest.raises(WebhookVerificationError) as caught:
        verify_webhook(vector["body"], vector["header"], vector["secret"])
    assert caught.value.kind == "timestamp_outside_tolerance"


def test_a_signature_that_is_not_valid_unicode_is_a_mismatch() -> None:
    vector = next(v for v in VECTORS if v["name"] == "one v1")
    header = vector["header"].split(",v1=")[0] + ",v1=\udc80"
    with pytest.raises(WebhookVerificationError) as caught:
        verify_webhook(vector["body"], header, vector["secret"], now=vector["now"])
    assert caught.value.kind == "signature_mismatch"
