"""The SDK scenario (`sdks/scenario.md`), steps 1 to 22 in order, through the sync client."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest

from cairn import (
    AuthenticationError,
    Cairn,
    CancelToken,
    ConflictError,
    DnslinkRecord,
    InsufficientScopeError,
    NotFoundError,
    PinProgress,
    QuotaExceededError,
    UploadCancelledError,
    UploadProgress,
    ValidationError,
)
from conftest import Server, Setup
from scenario_data import (
    CID,
    GROUP_NAME,
    GROUP_RENAMED,
    KIB,
    LINK_SECONDS,
    MIB,
    NAME_LABEL,
    NO_DNSLINK,
    REPORT_META,
    SITE_PATHS,
    UNKNOWN_CID,
    domain_hostname,
    fetch_car,
    flip_last_byte,
    gateway_get,
    ipfs_cid,
    make_files,
    seconds_between,
)
from transports import Counter, CountingTransport


@pytest.fixture(scope="module")
def ctx(server: Server, setup: Setup, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    state = SimpleNamespace(server=server, setup=setup, files=make_files(tmp_path_factory.mktemp("sync")))
    state.clients = []
    yield state
    for client in state.clients:
        client.close()


def client(ctx: Any, token: str) -> Cairn:
    made = Cairn(token, base_url=ctx.server.url)
    ctx.clients.append(made)
    return made


def test_01_sign_up_and_log_in(ctx: Any) -> None:
    ctx.account = ctx.setup.new_account()
    assert ctx.account.session


def test_02_token_auth(ctx: Any) -> None:
    with Cairn(ctx.account.session, base_url=ctx.server.url) as session:
        created = session.tokens.create("sdk-python", expires_in_days=1)
    assert created.token.startswith("cairn_")
    assert created.status == "active"
    ctx.token = created
    ctx.cairn = client(ctx, created.token)
    me = ctx.cairn.users.me()
    assert me.email == ctx.account.email
    assert created.id in [token.id for token in ctx.cairn.tokens.list()]


def test_03_upload_file_v1_and_v0(ctx: Any) -> None:
    blob: Path = ctx.files.blob
    progress: list[UploadProgress] = []
    v1 = ctx.cairn.uploads.file(blob, cid_version=1, on_progress=progress.append)
    assert not v1.duplicate
    assert v1.cid.startswith("bafy") and v1.size == 300 * KIB  # two chunks: a dag-pb root
    assert progress[-1] == UploadProgress(300 * KIB, 300 * KIB)
    with blob.open("rb") as handle:
        again = ctx.cairn.uploads.file(handle, cid_version=1)
    assert again.duplicate and again.cid == v1.cid and again.upload_id == v1.upload_id

    v0 = ctx.cairn.uploads.file(blob, cid_version=0)
    assert not v0.duplicate and v0.cid.startswith("Qm")
    with blob.open("rb") as handle:
        assert ctx.cairn.uploads.file(handle, cid_version=0).cid == v0.cid
    expected = ipfs_cid(blob)
    if expected is not None:
        assert v0.cid == expected
    ctx.v1, ctx.v0 = v1, v0


def test_04_folder_as_one_dag(ctx: Any) -> None:
    result = ctx.cairn.uploads.directory(ctx.files.site)
    assert result.type == "directory" and result.files_count == 3
    assert {entry.filename for entry in result.files} == SITE_PATHS
    assert all(CID.match(entry.cid) for entry in result.files)
    view = ctx.cairn.dag.get(result.cid)
    assert view.total_files == 3 and view.total_size == ctx.files.site_bytes
    ctx.site = result


def test_05_folder_as_files(ctx: Any) -> None:
    result = ctx.cairn.uploads.directory(ctx.files.site, mode="files")
    assert result.total == 3 and len(result.files) == 3
    assert all(record.type == "file" for record in result.files)
    assert result.size == ctx.files.site_bytes


def test_06_pin_by_cid(ctx: Any) -> None:
    with pytest.raises(ConflictError) as held:
        ctx.cairn.pins.create(ctx.v1.cid)
    assert held.value.status == 409 and held.value.code == "already_pinned"

    other = ctx.setup.new_account()
    with Cairn(other.session, base_url=ctx.server.url) as theirs:
        foreign = theirs.uploads.file(ctx.files.foreign, name="theirs.bin")
    seen: list[PinProgress] = []
    job = ctx.cairn.pins.create(
        foreign.cid, name="pinned.bin", wait=True, timeout=60, on_progress=seen.append
    )
    assert job.status == "pinned" and seen[-1].job.status == "pinned"
    assert job.upload is not None and job.upload.cid == foreign.cid and job.upload.source == "pin"
    assert ctx.cairn.uploads.get(job.upload.upload_id).name == "pinned.bin"


def test_07_list_pages_and_filter(ctx: Any) -> None:
    made = 2 + 1 + 3 + 1
    first = ctx.cairn.uploads.list(limit=2)
    assert first.total == made and len(first.files) == 2
    walked = [record.upload_id for record in ctx.cairn.uploads.iter(limit=2)]
    assert len(walked) == made and len(set(walked)) == made
    found = ctx.cairn.uploads.list(search=ctx.v1.name)
    assert ctx.v1.upload_id in [record.upload_id for record in found.files]


def test_08_rename_to_a_bad_name(ctx: Any) -> None:
    with pytest.raises(ValidationError) as bad:
        ctx.cairn.uploads.rename(ctx.v1.upload_id, "bad name!")
    assert bad.value.status == 400 and bad.value.code == "validation_error"
    assert ctx.cairn.uploads.get(ctx.v1.upload_id).name == ctx.v1.name


def test_09_rename(ctx: Any) -> None:
    renamed = ctx.cairn.uploads.rename(ctx.v1.upload_id, "renamed.bin")
    assert renamed.name == "renamed.bin"
    assert ctx.cairn.uploads.get(ctx.v1.upload_id).name == "renamed.bin"


def test_10_11_delete_and_usage(ctx: Any) -> None:
    before = ctx.cairn.usage.get()
    removed = ctx.cairn.uploads.delete(ctx.v1.upload_id)
    assert removed.removed and removed.upload_id == ctx.v1.upload_id
    with pytest.raises(NotFoundError) as gone:
        ctx.cairn.uploads.get(ctx.v1.upload_id)
    assert gone.value.status == 404 and gone.value.code == "file_not_found"
    after = ctx.cairn.usage.get()
    assert before.used - after.used == ctx.v1.size


def test_12_quota_exceeded(ctx: Any) -> None:
    ctx.setup.put_on_plan(ctx.account.id, 1024 * KIB)
    before = ctx.cairn.usage.get()
    with pytest.raises(QuotaExceededError) as over:
        ctx.cairn.uploads.file(ctx.files.big)
    assert over.value.status == 403 and over.value.code == "quota_exceeded"
    after = ctx.cairn.usage.get()
    assert after.used == before.used and after.limit == 1024 * KIB


def test_13_revoked_token(ctx: Any) -> None:
    second = ctx.cairn.tokens.create("sdk-python-second", expires_in_days=1)
    revoked = client(ctx, second.token).tokens.revoke(ctx.token.id)
    assert revoked.id == ctx.token.id and revoked.status == "revoked"
    with pytest.raises(AuthenticationError) as denied:
        ctx.cairn.users.me()
    assert denied.value.status == 401 and denied.value.code == "token_revoked"
    ctx.second = second


def test_14_resumable_upload_cut_and_resumed(ctx: Any) -> None:
    ctx.setup.put_on_plan(ctx.account.id, 64 * MIB)  # room again after step 12's tiny plan
    file: Path = ctx.files.resumable
    counter = Counter()
    http = httpx.Client(transport=CountingTransport(counter), timeout=60)
    urls: list[str] = []
    cancel = CancelToken()

    def cut_after_first_chunk(progress: UploadProgress) -> None:
        if progress.sent >= MIB:
            cancel.cancel()

    with Cairn(ctx.second.token, base_url=ctx.server.url, http_client=http) as cairn:
        with pytest.raises(UploadCancelledError) as cut:
            cairn.uploads.resumable(
                file, chunk_size=MIB, on_url=urls.append, on_progress=cut_after_first_chunk, cancel=cancel
            )
        assert len(urls) == 1 and cut.value.url == urls[0] and cut.value.offset == MIB
        seen: list[UploadProgress] = []
        resumed = cairn.uploads.resumable(file, url=urls[0], chunk_size=MIB, on_progress=seen.append)
    http.close()
    assert seen[0] == UploadProgress(MIB, 3 * MIB) and seen[-1] == UploadProgress(3 * MIB, 3 * MIB)
    assert not resumed.duplicate and resumed.size == 3 * MIB and resumed.name == "resumable.bin"
    assert 3 * MIB <= counter.sent <= 1.05 * 3 * MIB
    assert counter.requests.count("HEAD") == 1

    ctx.cairn = client(ctx, ctx.second.token)
    again = ctx.cairn.uploads.file(file)
    assert again.duplicate and again.cid == resumed.cid and again.upload_id == resumed.upload_id


def test_15_status_and_allocations(ctx: Any) -> None:
    cid = ctx.v0.cid  # step 3's v1 record was deleted in step 10
    status = ctx.cairn.pins.status(cid)
    assert status.cid == cid and len(status.peers) == 1 and status.peers[0].status == "pinned"
    allocation = ctx.cairn.pins.allocations(cid)
    assert allocation.replication_min == 1 and allocation.replication_max == 1
    assert len(allocation.peers) == 1 and allocation.peers[0].peer_id == status.peers[0].peer_id
    for call in (ctx.cairn.pins.status, ctx.cairn.pins.allocations):
        with pytest.raises(NotFoundError) as unknown:
            call(UNKNOWN_CID)
        assert unknown.value.status == 404 and unknown.value.code == "file_not_found"


def test_16_car_upload(ctx: Any, tmp_path: Path) -> None:
    car = fetch_car(ctx.server.url, ctx.site.cid, tmp_path / "site.car")
    ctx.other = ctx.setup.new_account()
    with Cairn(ctx.other.session, base_url=ctx.server.url) as theirs:
        progress: list[UploadProgress] = []
        imported = theirs.uploads.car(car, on_progress=progress.append)
        assert not imported.duplicate and imported.cid == ctx.site.cid and imported.type == "directory"
        assert progress[-1] == UploadProgress(car.stat().st_size, car.stat().st_size)
        used = theirs.usage.get().used
        with pytest.raises(ValidationError) as bad:
            theirs.uploads.car(flip_last_byte(car, tmp_path / "flipped.car"))
        assert bad.value.status == 400 and bad.value.code.startswith("car_")
        assert theirs.usage.get().used == used


def test_17_pinning_service_api(ctx: Any) -> None:
    name = f"psa-{ctx.other.id[:8]}"
    with Cairn(ctx.other.session, base_url=ctx.server.url) as theirs:
        added = theirs.psa.add(ctx.v0.cid, name=name, meta={"sdk": "python"})
        assert added.pin.name == name and added.pin.meta == {"sdk": "python"}
        pinned = theirs.psa.wait(added, interval=0.2, timeout=60)
        assert pinned.status == "pinned" and pinned.requestid == added.requestid
        by_name = theirs.psa.list(name=name)
        assert by_name.count == 1 and [pin.requestid for pin in by_name.results] == [added.requestid]
        by_status = theirs.psa.list(status="pinned", limit=1000)
        assert [pin.requestid for pin in by_status.results].count(added.requestid) == 1
        theirs.psa.remove(added.requestid)
        with pytest.raises(NotFoundError) as gone:
            theirs.psa.get(added.requestid)
    assert gone.value.status == 404 and gone.value.code == "NOT_FOUND" and gone.value.message


def test_18_read_only_token(ctx: Any, tmp_path: Path) -> None:
    with Cairn(ctx.other.session, base_url=ctx.server.url) as theirs:
        created = theirs.tokens.create("sdk-python-read", expires_in_days=1, scopes=["files:read"])
        assert created.scopes == ["files:read"]
        listed = [token for token in theirs.tokens.list() if token.id == created.id]
        assert [token.scopes for token in listed] == [["files:read"]]
    reader = client(ctx, created.token)
    before = reader.uploads.list().total
    small = tmp_path / "scoped.bin"
    small.write_bytes(os.urandom(KIB))
    with pytest.raises(InsufficientScopeError) as refused:
        reader.uploads.file(small)
    assert refused.value.status == 403 and refused.value.code == "insufficient_scope"
    assert refused.value.scope == "files:write" and "files:write" in refused.value.message
    assert reader.uploads.list().total == before


def test_19_groups_with_key_values(ctx: Any) -> None:
    # Step 9's record was deleted in step 10: the record of step 3 that is left is added by id.
    group = ctx.cairn.groups.create(GROUP_NAME)
    assert group.name == GROUP_NAME and group.files_count == 0
    with pytest.raises(ConflictError) as taken:
        ctx.cairn.groups.create(GROUP_NAME)
    assert taken.value.status == 409 and taken.value.code == "group_name_taken"

    report = ctx.cairn.uploads.file(ctx.files.report, group_id=group.id, meta=REPORT_META)
    assert report.size == KIB and report.meta == REPORT_META
    assert ctx.cairn.groups.add(group.id, [ctx.v0.upload_id]).added == 1
    both = {report.upload_id, ctx.v0.upload_id}
    in_group = ctx.cairn.uploads.list(group_id=group.id)
    assert in_group.total == 2 and {record.upload_id for record in in_group.files} == both
    assert ctx.cairn.groups.get(group.id).files_count == 2
    tagged = ctx.cairn.uploads.list(meta=REPORT_META)
    assert tagged.total == 1 and [record.upload_id for record in tagged.files] == [report.upload_id]

    assert ctx.cairn.groups.rename(group.id, GROUP_RENAMED).name == GROUP_RENAMED
    assert ctx.cairn.groups.get(group.id).name == GROUP_RENAMED
    ctx.cairn.groups.delete(group.id)
    with pytest.raises(NotFoundError) as gone:
        ctx.cairn.groups.get(group.id)
    assert gone.value.status == 404 and gone.value.code == "group_not_found"
    assert both <= {record.upload_id for record in ctx.cairn.uploads.iter()}


def test_20_private_file_through_a_signed_link(ctx: Any) -> None:
    content = ctx.files.secret.read_bytes()
    record = ctx.cairn.uploads.file(ctx.files.secret, private=True)
    assert record.private and record.size == 2 * KIB
    assert gateway_get(ctx.server.url, f"/ipfs/{record.cid}").status_code == 404

    link = ctx.cairn.links.create(record.upload_id, expires_in=LINK_SECONDS)
    assert link.upload_id == record.upload_id and link.cid == record.cid and not link.single_use
    assert abs(seconds_between(link.created_at, link.expires_at) - LINK_SECONDS) <= 5
    opened = gateway_get(ctx.server.url, link.url)
    assert opened.status_code == 200 and opened.content == content
    assert [found.id for found in ctx.cairn.links.list(record.upload_id)] == [link.id]

    ctx.cairn.links.revoke(record.upload_id, link.id)
    refused = gateway_get(ctx.server.url, link.url)
    assert 400 <= refused.status_code < 500 and refused.content != content

    assert not ctx.cairn.uploads.set_private(record.upload_id, False).private
    public = gateway_get(ctx.server.url, f"/ipfs/{record.cid}")
    assert public.status_code == 200 and public.content == content


def test_21_ipns_name_published_resolved_and_rolled_back(ctx: Any, tmp_path: Path) -> None:
    a, b = tmp_path / "name-a.bin", tmp_path / "name-b.bin"
    a.write_bytes(os.urandom(KIB))
    b.write_bytes(os.urandom(KIB))
    with Cairn(ctx.setup.new_account().session, base_url=ctx.server.url) as theirs:
        made = theirs.names.create(NAME_LABEL)
        assert made.name.startswith("k51") and made.label == NAME_LABEL
        assert made.value is None and made.sequence is None
        first_cid, second_cid = theirs.uploads.file(a).cid, theirs.uploads.file(b).cid

        first = theirs.names.publish(made.id, first_cid)
        assert first.value == f"/ipfs/{first_cid}"
        resolved = theirs.names.resolve(made.name)
        assert resolved.name == made.name and resolved.value == f"/ipfs/{first_cid}"
        assert resolved.sequence == first.sequence

        assert theirs.names.publish(made.id, f"/ipfs/{second_cid}", ttl_seconds=30).ttl_seconds == 30
        history = theirs.names.history(made.id)
        assert [entry.value for entry in history] == [f"/ipfs/{second_cid}", f"/ipfs/{first_cid}"]
        assert history[0].sequence > history[1].sequence and history[1].source == "publish"

        rolled_back = theirs.names.rollback(made.id, history[1].sequence)
        assert rolled_back.value == f"/ipfs/{first_cid}" and rolled_back.sequence is not None
        assert rolled_back.sequence > history[0].sequence
        assert theirs.names.get(made.id).sequence == rolled_back.sequence
        again = theirs.names.resolve(made.name)
        assert again.value == f"/ipfs/{first_cid}" and again.sequence == rolled_back.sequence

        with pytest.raises(ValidationError) as not_held:
            theirs.names.publish(made.id, ctx.v0.cid)
        assert not_held.value.status == 400 and not_held.value.code == "name_value_not_held"
        assert theirs.names.get(made.id).value == f"/ipfs/{first_cid}"

        theirs.names.delete(made.id)
        with pytest.raises(NotFoundError) as gone:
            theirs.names.get(made.id)
        assert gone.value.status == 404 and gone.value.code == "name_not_found"


def test_22_custom_domain_added_checked_listed_and_deleted(ctx: Any) -> None:
    with Cairn(ctx.setup.new_account().session, base_url=ctx.server.url) as theirs:
        name = theirs.names.create(NAME_LABEL)
        hostname, target = domain_hostname(), f"/ipns/{name.name}"
        added = theirs.domains.add(hostname, target)
        assert (added.hostname, added.target, added.status) == (hostname, target, "pending")
        assert added.verified_at is None and added.last_checked_at is None and added.last_error is None
        assert added.dnslink_record == DnslinkRecord(f"_dnslink.{hostname}", "TXT", f"dnslink={target}")

        checked = theirs.domains.verify(added.id)
        assert (checked.id, checked.status, checked.last_error) == (added.id, "failed", NO_DNSLINK)
        assert checked.last_checked_at is not None and checked.verified_at is None

        listed = theirs.domains.list()
        assert [(d.id, d.hostname, d.status) for d in listed] == [(added.id, hostname, "failed")]

        theirs.domains.delete(added.id)
        with pytest.raises(NotFoundError) as again:
            theirs.domains.delete(added.id)
        assert again.value.status == 404 and again.value.code == "domain_not_found"
