"""Referrals, plans and checkout, the DAG view's paging and pin errors, through the sync client."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from cairn import Cairn, NotFoundError, ServiceUnavailableError, ValidationError
from conftest import Account, Server, Setup


@pytest.fixture(scope="module")
def account(setup: Setup) -> Account:
    return setup.new_account()


@pytest.fixture(scope="module")
def cairn(server: Server, account: Account) -> Iterator[Cairn]:
    with Cairn(account.session, base_url=server.url) as client:
        yield client


def test_referrals_give_the_users_code(cairn: Cairn) -> None:
    summary = cairn.referrals.get()
    assert summary.code == cairn.users.me().referral_code
    assert summary.code in summary.link and summary.total_referrals == 0 and summary.referrals == []


def test_plans_and_checkout(cairn: Cairn, setup: Setup) -> None:
    free = setup.create_plan(5 * 1024 * 1024)
    paid = setup.create_plan(50 * 1024 * 1024, price_eur=4.5)
    plans = cairn.plans.list()
    assert {free, paid} <= {plan.code for plan in plans.plans}
    assert plans.current_plan.code == plans.current_plan_code and not plans.payments_configured

    with pytest.raises(ValidationError) as refused:
        cairn.plans.checkout(free, accept_terms=False)
    assert refused.value.code == "terms_not_accepted"
    changed = cairn.plans.checkout(free, accept_terms=True)
    assert changed.status == "changed" and changed.plan is not None and changed.plan.code == free
    assert cairn.usage.get().plan_code == free

    # This server takes no card payments: a paid plan cannot be bought here, and says so.
    with pytest.raises(ServiceUnavailableError) as unavailable:
        cairn.plans.checkout(paid, accept_terms=True)
    assert unavailable.value.status == 503 and unavailable.value.code == "payments_not_configured"


def test_dag_view_pages_through_a_folder(cairn: Cairn, tmp_path: Path) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    for index in range(5):
        (folder / f"f{index}.txt").write_bytes(os.urandom(100))
    upload = cairn.uploads.directory(folder, name="many-files")
    assert upload.name == "many-files"
    first = cairn.dag.get(upload.cid, page=1, limit=2)
    last = cairn.dag.get(upload.cid, page=3, limit=2)
    assert first.total == 5 and len(first.entries) == 2 and len(last.entries) == 1
    assert first.total_size == 500 and first.local_url == f"/ipfs/{upload.cid}"


def test_pinning_content_nobody_has_is_not_found(cairn: Cairn) -> None:
    # A CID of bytes nobody holds, on a node with no peers: the job cannot find it.
    missing = "bafkreie7q3iidccmpvszul7kudcvvuavuo7u6gzlbobczuk5nqk3b4akba"
    with pytest.raises(NotFoundError) as unknown:
        cairn.pins.create(missing, wait=True, timeout=30)
    assert unknown.value.status == 404 and unknown.value.code == "cid_not_found"
    with pytest.raises(NotFoundError) as no_job:
        cairn.pins.get("6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b")
    assert no_job.value.code == "pin_not_found"
