"""The README's quick-start snippets run as written, against the live server."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from cairn import Cairn
from conftest import Server, Setup

README = Path(__file__).resolve().parents[1] / "README.md"


def _snippets() -> list[str]:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    return [block for block in blocks if "with Cairn(" in block or "AsyncCairn()" in block]


def test_the_quick_start_snippets_run(
    server: Server,
    setup: Setup,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    snippets = _snippets()
    assert len(snippets) == 2
    account, other = setup.new_account(), setup.new_account()
    (tmp_path / "photo.jpg").write_bytes(os.urandom(2048))
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("<!doctype html><title>hello</title>")
    with Cairn(other.session, base_url=server.url) as theirs:
        shared = theirs.uploads.file(tmp_path / "site" / "index.html")
        token = theirs.tokens.create("readme", expires_in_days=1).token
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CAIRN_TOKEN", token)
    monkeypatch.setenv("CAIRN_API_URL", server.url)

    sync = snippets[0].replace('"cairn_..."', repr(account.session))
    sync = sync.replace('"https://cairn.example"', repr(server.url)).replace('"bafy..."', repr(shared.cid))
    exec(compile(sync, "README.md (sync)", "exec"), {})
    printed = capsys.readouterr().out
    assert " 2048 False" in printed and "['site/index.html']" in printed
    assert f"pinned file-{shared.cid[-10:]}" in printed  # the pin's record, named after its CID

    exec(compile(snippets[1], "README.md (async)", "exec"), {"__name__": "__main__"})
    printed = capsys.readouterr().out
    assert "2048 2048" in printed and "photo.jpg" in printed
