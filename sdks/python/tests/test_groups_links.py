"""Groups, key-values, private records and signed access links against the live server."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import httpx
import pytest

from cairn import AsyncCairn, Cairn, NotFoundError
from conftest import Server, Setup


@pytest.fixture(scope="module")
def cairn(server: Server, setup: Setup) -> Iterator[Cairn]:
    account = setup.new_account()
    with Cairn(account.session, base_url=server.url) as session:
        token = session.tokens.create("sdk-groups", expires_in_days=1).token
    with Cairn(token, base_url=server.url) as client:
        yield client


def write(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.write_bytes(secrets.token_bytes(2048))
    return path


def test_uploads_carry_group_meta_and_privacy(cairn: Cairn, server: Server, tmp_path: Path) -> None:
    group = cairn.groups.create("holiday")
    assert group.name == "holiday" and group.files_count == 0

    beach = cairn.uploads.file(write(tmp_path, "beach.bin"), group_id=group.id, meta={"trip": "sea"})
    assert beach.meta == {"trip": "sea"} and not beach.private
    hidden = cairn.uploads.file(write(tmp_path, "hidden.bin"), private=True, meta={"trip": "hills"})
    assert hidden.private
    plain = cairn.uploads.file(write(tmp_path, "plain.bin"))
    assert plain.meta == {}

    detail = cairn.uploads.get(beach.upload_id)
    assert [(g.id, g.name) for g in detail.groups] == [(group.id, "holiday")]
    assert [u.upload_id for u in cairn.uploads.list(group_id=group.id).files] == [beach.upload_id]
    assert {u.upload_id for u in cairn.uploads.iter(meta_exists=["trip"])} == {
        beach.upload_id,
        hidden.upload_id,
    }
    assert [u.upload_id for u in cairn.uploads.list(meta_prefix={"trip": "hi"}).files] == [hidden.upload_id]
    assert [u.upload_id for u in cairn.uploads.list(meta={"trip": "sea"}, name="beach").files] == [
        beach.upload_id
    ]
    assert cairn.uploads.list(meta={"trip": "sea"}, name="plain").total == 0
    assert cairn.uploads.list(min_size=2048, max_size=2048, type="file").total == 3

    updated = cairn.uploads.set_meta(beach.upload_id, {"trip": None, "mood": "sunny"})
    assert updated.meta == {"mood": "sunny"}
    renamed = cairn.uploads.update(plain.upload_id, name="plain-renamed.bin", meta={"k": "v"})
    assert renamed.name == "plain-renamed.bin" and renamed.meta == {"k": "v"}

    assert cairn.groups.add(group.id, filter={"meta_exists": ["trip"]}).added == 1
    assert cairn.groups.add(group.id, [plain.upload_id]).added == 1
    assert cairn.groups.get(group.id).files_count == 3
    assert cairn.groups.remove(group.id, [beach.upload_id, hidden.upload_id]).removed == 2
    assert cairn.groups.rename(group.id, "trips").name == "trips"
    listed = cairn.groups.list(search="trip")
    assert [(g.id, g.files_count) for g in listed.groups] == [(group.id, 1)] and listed.total == 1
    with pytest.raises(ValueError):
        cairn.groups.add(group.id)
    cairn.groups.delete(group.id)
    with pytest.raises(NotFoundError):
        cairn.groups.get(group.id)
    assert cairn.uploads.get(plain.upload_id).groups == []

    # A private record opens only through a signed link; a public one turns private on demand.
    assert httpx.get(f"{server.url}/ipfs/{hidden.cid}", timeout=30).status_code != 200
    link = cairn.links.create(hidden.upload_id, expires_in=600, download_name="x.bin")
    assert link.upload_id == hidden.upload_id and link.download_name == "x.bin" and not link.single_use
    opened = httpx.get(urljoin(server.url + "/", link.url), timeout=30)
    assert opened.status_code == 200 and opened.content == (tmp_path / "hidden.bin").read_bytes()
    assert [found.id for found in cairn.links.list(hidden.upload_id)] == [link.id]
    cairn.links.revoke(hidden.upload_id, link.id)
    assert cairn.links.list(hidden.upload_id) == []
    assert httpx.get(urljoin(server.url + "/", link.url), timeout=30).status_code != 200

    assert cairn.uploads.set_private(plain.upload_id, True).private
    assert httpx.get(f"{server.url}/ipfs/{plain.cid}", timeout=30).status_code != 200
    assert not cairn.uploads.set_private(plain.upload_id, False).private
    assert httpx.get(f"{server.url}/ipfs/{plain.cid}", timeout=30).status_code == 200


def test_a_resumable_upload_joins_a_group_with_meta(cairn: Cairn, tmp_path: Path) -> None:
    group = cairn.groups.create("resumed")
    record = cairn.uploads.resumable(
        write(tmp_path, "resumed.bin"), chunk_size=1024, group_id=group.id, meta={"how": "tus"}
    )
    assert record.meta == {"how": "tus"}
    detail = cairn.uploads.get(record.upload_id)
    assert detail.meta == {"how": "tus"} and [g.id for g in detail.groups] == [group.id]


def test_a_pin_joins_a_group_with_meta_and_privacy(
    cairn: Cairn, server: Server, setup: Setup, tmp_path: Path
) -> None:
    group = cairn.groups.create("pinned")
    with Cairn(setup.new_account().session, base_url=server.url) as theirs:
        source = theirs.uploads.file(write(tmp_path, "source.bin"))
    job = cairn.pins.create(
        source.cid,
        name="pinned.bin",
        private=True,
        group_id=group.id,
        meta={"from": "pin"},
        wait=True,
        timeout=60,
    )
    assert job.upload is not None
    assert job.upload.private and job.upload.meta == {"from": "pin"}
    assert [g.id for g in cairn.uploads.get(job.upload.upload_id).groups] == [group.id]


@pytest.mark.anyio
async def test_the_async_client_reaches_groups_and_links(
    server: Server, cairn: Cairn, tmp_path: Path
) -> None:
    async with AsyncCairn(cairn._settings.token, base_url=server.url) as client:
        group = await client.groups.create("async")
        upload = await client.uploads.file(write(tmp_path, "async.bin"), private=True, group_id=group.id)
        assert (await client.groups.get(group.id)).files_count == 1
        link = await client.links.create(upload.upload_id, expires_in=60, single_use=True)
        assert [found.id for found in await client.links.list(upload.upload_id)] == [link.id]
        await client.links.revoke(upload.upload_id, link.id)
        assert (await client.uploads.set_meta(upload.upload_id, {"a": "b"})).meta == {"a": "b"}
        await client.groups.delete(group.id)
