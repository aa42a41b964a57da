"""`reindex all --if-stale` (what `make run` calls) opens and reads each live version as
/healthz does: a version whose files were truncated is rebuilt, and the output and the log
say why; a healthy, current version is left alone."""

import io
import json
import logging
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from search.backends.registry import get_backend
from search.indexes.store import IndexStore

pytestmark = pytest.mark.django_db


def truncate_live_files(index: str) -> str:
    """Cut every data file of the live version to nothing; the version's name."""
    store = IndexStore(index)
    version = store.live_version()
    assert version
    cut = 0
    for path in store.version_dir(version).iterdir():
        if (
            path.is_file()
            and path.name not in ("version.json", "meta.json")
            and path.stat().st_size
        ):
            path.write_bytes(b"")
            cut += 1
    assert cut
    return version


def test_a_truncated_live_version_is_rebuilt_at_start(
    built_indexes: Path, client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    statutes = IndexStore("statutes").live_version()
    damaged = truncate_live_files("papers")
    get_backend().forget_open_indexes()  # a worker started after the damage
    assert client.get("/api/search_keyword", {"query": "low-rank"}).status_code == 503

    out = io.StringIO()
    with caplog.at_level(logging.WARNING):
        call_command("reindex", "all", "--if-stale", stdout=out)
    text = out.getvalue()
    assert "statutes: live index is up to date, not rebuilt" in text
    assert f"papers: rebuilding: live version {damaged} cannot be opened" in text, text
    assert any("papers index rebuilt at start" in r.getMessage() for r in caplog.records)

    assert IndexStore("statutes").live_version() == statutes
    assert IndexStore("papers").live_version() not in (None, damaged)
    response = client.get("/api/search_keyword", {"query": "low-rank"})
    assert response.status_code == 200 and response.json()["total"] > 0
    assert client.get("/healthz").json()["status"] == "ok"


def test_a_current_readable_version_is_not_rebuilt(built_indexes: Path) -> None:
    live = {name: IndexStore(name).live_version() for name in ("statutes", "papers")}
    out = io.StringIO()
    call_command("reindex", "all", "--if-stale", stdout=out)
    assert out.getvalue().count("live index is up to date, not rebuilt") == 2
    assert {name: IndexStore(name).live_version() for name in live} == live


def test_a_chapter_table_from_before_chapter_names_is_rebuilt(built_indexes: Path) -> None:
    store = IndexStore("statutes")
    old = store.live_version()
    assert old
    path = store.version_dir(old) / "chapters.json"
    rows = json.loads(path.read_text())
    assert rows and len(rows[0]) == 11
    path.write_text(json.dumps([row[:7] for row in rows]))  # as versions wrote them before
    out = io.StringIO()
    call_command("reindex", "statutes", "--if-stale", stdout=out)
    assert "has a chapter table from before chapter names and code order" in out.getvalue()
    new = IndexStore("statutes").live_version()
    assert new not in (None, old)
    assert len(json.loads((store.version_dir(new) / "chapters.json").read_text())[0]) == 11


def test_a_first_build_says_so_and_logs_no_warning(
    loaded_corpus: Path, index_root: Path, caplog: pytest.LogCaptureFixture
) -> None:
    out = io.StringIO()
    with caplog.at_level(logging.WARNING):
        call_command("reindex", "statutes", "--if-stale", stdout=out)
    assert "statutes: rebuilding: no live version yet (first build)" in out.getvalue()
    assert not any("rebuilt at start" in r.getMessage() for r in caplog.records)
    assert IndexStore("statutes").live_version() is not None
