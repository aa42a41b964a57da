"""Index faults while serving: deleted, corrupted or missing index files answer 503 with both
notes (never a 500, never zero matches), and a rebuild brings searches back without a restart.

A disk that fills up during a build fails the build and leaves the live index serving. A
worker killed mid-build is covered by tests/ops/test_reindex_worker.py
(`test_sigkilled_worker_leaves_the_live_index_and_is_recovered_on_restart`), and a failing
writer by tests/ops/test_indexes.py (`test_failed_build_leaves_live_index_untouched`).
"""

import os
import re
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from search.backends.tantivy.reader import forget_open_indexes
from search.indexes.store import IndexStore
from search.ops.builds import build as build_module
from search.ops.builds.build import BuildFailed, build_index

pytestmark = pytest.mark.django_db

STATUTE_API = ("/api/statute_search", {"q": "landlord deposit", "jurisdiction": "wa"})
PAPER_API = ("/api/search_keyword", {"query": "low-rank adaptation"})
STATUTE_PAGE = ("/statutes/", {"q": "landlord deposit", "jurisdiction": "wa"})
PAPER_PAGE = ("/papers/", {"query": "low-rank adaptation"})
SEARCHES = {"statutes": (STATUTE_API, STATUTE_PAGE), "papers": (PAPER_API, PAPER_PAGE)}
UNAVAILABLE_TEXT = {
    "statutes": "The search index is not available",
    "papers": "The papers index is not available",
}


@pytest.fixture
def client() -> Client:
    """Errors come back as responses, as a real server would send them."""
    return Client(raise_request_exception=False)


def assert_searching(client: Client, index: str) -> None:
    (api, params), (page, page_params) = SEARCHES[index]
    response = client.get(api, params)
    assert response.status_code == 200, response.content[:300]
    assert response.json()["total"] > 0
    assert client.get(page, page_params).status_code == 200


def assert_unavailable(client: Client, index: str) -> None:
    """503 with `note` and `coverage_note` from the API, a visible message on the page.

    /healthz opens and reads each live index, so it reports damaged files too.
    """
    (api, params), (page, page_params) = SEARCHES[index]
    response = client.get(api, params)
    assert response.status_code == 503, response.content[:300]
    body = response.json()
    assert body["error"] == "index_unavailable"
    assert re.search(r"not (a result of )?zero matches", body["note"]), body["note"]
    assert body["coverage_note"]
    assert "results" not in body or not body["results"]
    shown = client.get(page, page_params)
    assert shown.status_code == 503
    assert UNAVAILABLE_TEXT[index] in shown.content.decode()
    health = client.get("/healthz")
    assert health.status_code == 503
    assert health.json()["indexes"][index]["problem"]
    # A stranger learns the index and its version, never a path of the server.
    root = str(settings.PORTAL_INDEX_DIR)
    for answer in (response, shown, health):
        text = answer.content.decode()
        assert root not in text and "/versions/" not in text and ".json" not in text, text[:600]


def live_dir(index: str) -> Path:
    store = IndexStore(index)
    version = store.live_version()
    assert version
    return store.version_dir(version)


def segment_files(index: str) -> list[Path]:
    """The live version's tantivy data files (not our version.json or tantivy's meta)."""
    return [
        p
        for p in live_dir(index).iterdir()
        if p.is_file() and p.name not in ("version.json", "meta.json") and p.stat().st_size
    ]


@pytest.mark.parametrize("index", ["statutes", "papers"])
def test_deleted_index_directory_answers_503_then_recovers_after_rebuild(
    client: Client, built_indexes: Path, index: str
) -> None:
    assert_searching(client, index)  # the version is open in this process now
    shutil.rmtree(built_indexes / index)
    assert_unavailable(client, index)
    build_index(index)
    assert_searching(client, index)  # same process, no restart, no cache reset


@pytest.mark.parametrize("index", ["statutes", "papers"])
def test_deleted_live_version_under_an_open_reader_answers_503(
    client: Client, built_indexes: Path, index: str
) -> None:
    assert_searching(client, index)
    shutil.rmtree(live_dir(index))
    assert_unavailable(client, index)
    build_index(index)
    assert_searching(client, index)


@pytest.mark.parametrize("index", ["statutes", "papers"])
def test_index_corrupted_under_an_open_reader_answers_503_then_recovers(
    client: Client, built_indexes: Path, index: str
) -> None:
    assert_searching(client, index)
    for path in segment_files(index):
        size = path.stat().st_size
        with path.open("r+b") as handle:  # same file, new bytes: the open reader sees them
            handle.write(b"\x5a" * size)
    assert_unavailable(client, index)
    build_index(index)
    assert_searching(client, index)


@pytest.mark.parametrize("index", ["statutes", "papers"])
def test_corrupted_index_opened_by_a_fresh_worker_answers_503(
    client: Client, built_indexes: Path, index: str
) -> None:
    for path in segment_files(index):
        path.write_bytes(os.urandom(64))
    forget_open_indexes()  # as in a worker process started after the damage
    assert_unavailable(client, index)
    build_index(index)
    assert_searching(client, index)


def test_missing_version_facts_answer_503(client: Client, built_indexes: Path) -> None:
    (live_dir("statutes") / "version.json").unlink()
    forget_open_indexes()
    assert_unavailable(client, "statutes")


def test_live_pointer_to_a_missing_version_answers_503(client: Client, built_indexes: Path) -> None:
    IndexStore("statutes").switch("v-does-not-exist")
    assert_unavailable(client, "statutes")
    assert_searching(client, "papers")  # the other index is not affected


# --- disk full during a build --------------------------------------------------------------


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 6 MB tmpfs (needs root and mount rights; skipped where they are missing)."""
    mount_point = tmp_path / f"tiny-{uuid.uuid4().hex[:8]}"
    mount_point.mkdir()
    result = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=6m", "tmpfs", str(mount_point)],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {result.stderr.strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=False)


def fill(disk: Path) -> Path:
    """Fill the disk up to its last few kilobytes."""
    filler = disk / "filler"
    free = shutil.disk_usage(disk).free
    with filler.open("wb") as handle:
        handle.write(b"\0" * max(free - 8 * 1024, 0))
    return filler


def test_disk_full_during_a_build_fails_it_and_the_live_index_keeps_serving(
    client: Client,
    loaded_corpus: Path,
    tiny_disk: Path,
    settings: object,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings.PORTAL_INDEX_DIR = tiny_disk / "indexes"  # type: ignore[attr-defined]
    settings.PORTAL_INDEX_WRITER_HEAP_MB = 32  # type: ignore[attr-defined]
    settings.PORTAL_INDEX_WRITER_THREADS = 1  # type: ignore[attr-defined]
    forget_open_indexes()
    # The pre-flight check wants 50 MB free; lower it so the write itself hits the full disk.
    monkeypatch.setattr(build_module, "MIN_FREE_BYTES", 0)
    monkeypatch.setattr(build_module, "DISK_HEADROOM", 0.0)
    live = build_index("statutes").version
    build_index("papers")
    assert_searching(client, "statutes")
    filler = fill(tiny_disk)

    with pytest.raises(BuildFailed):
        build_index("statutes")

    store = IndexStore("statutes")
    assert store.live_version() == live
    assert [p.name for p in store.versions_dir.iterdir()] == [live]  # no half-written version
    assert_searching(client, "statutes")
    filler.unlink()
    assert build_index("statutes").version != live
    assert_searching(client, "statutes")
    forget_open_indexes()


def test_the_preflight_check_refuses_a_build_the_disk_cannot_hold(
    loaded_corpus: Path, tiny_disk: Path, settings: object
) -> None:
    settings.PORTAL_INDEX_DIR = tiny_disk / "indexes"  # type: ignore[attr-defined]
    forget_open_indexes()
    with pytest.raises(BuildFailed, match="not enough disk space"):
        build_index("statutes")
    assert IndexStore("statutes").live_version() is None
    forget_open_indexes()
