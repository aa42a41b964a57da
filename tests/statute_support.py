"""Fixtures for the statute search tests: the test corpus's statutes, indexed once per session.

Statute tests need neither papers nor a fresh index per test: the index is a pure function
of the ingested statutes, so it is built once (inside a transaction that is then rolled
back) and every test ingests the same statutes into its own transaction and reads that
index. Import the fixtures into a test module to use them.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.db import transaction
from django.test import Client, override_settings

from tests.corpus import write_corpus, write_jsonl, write_manifest


@pytest.fixture(scope="session")
def shared_statute_index(
    django_db_setup: None, django_db_blocker: object, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """An index root whose live statutes version holds exactly the test corpus statutes."""
    from search.ingest.statutes import ingest_statutes
    from search.ops.builds.build import build_index

    base = tmp_path_factory.mktemp("statute-index")
    root = base / "indexes"
    data = write_corpus(base / "data")
    unblocked = django_db_blocker.unblock()  # type: ignore[attr-defined]
    with unblocked, override_settings(PORTAL_INDEX_DIR=root), transaction.atomic():
        ingest_statutes(data)
        build_index("statutes")
        transaction.set_rollback(True)
    return root


def index_statute_files(
    folder: Path, files: dict[str, list[dict[str, Any]]], coverage: dict[str, str] | None = None
) -> None:
    """Write each statutes file (name: rows) under `folder` with its manifest (coverage
    "whole code" unless `coverage` names another), ingest them and build the live index."""
    from search.ingest.statutes import ingest_statutes
    from search.ops.builds.build import build_index

    statutes = folder / "statutes"
    for name, rows in files.items():
        write_jsonl(statutes / name, rows)
    write_manifest(statutes, {name: (coverage or {}).get(name, "whole code") for name in files})
    ingest_statutes(folder)
    build_index("statutes")


@pytest.fixture
def statutes_loaded(db: None, corpus_dir: Path) -> Path:
    """The test corpus's statute files ingested (no index)."""
    from search.ingest.statutes import ingest_statutes

    ingest_statutes(corpus_dir)
    return corpus_dir


@pytest.fixture
def statute_index(
    statutes_loaded: Path, shared_statute_index: Path, settings: object
) -> Iterator[Path]:
    """The test statutes in the database and a live statutes index built from them.

    The rows are this test's own ingest of the same files, so the live version is stamped
    with their data stamp: a current index, with no rebuild pending.
    """
    from dataclasses import replace

    from search.backends.registry import get_backend
    from search.indexes.freshness import forget_freshness
    from search.indexes.stamps import data_stamp
    from search.indexes.store import IndexStore

    forget_open_indexes = get_backend().forget_open_indexes

    settings.PORTAL_INDEX_DIR = shared_statute_index  # type: ignore[attr-defined]
    store = IndexStore("statutes", shared_statute_index)
    meta = store.live_meta()
    assert meta is not None
    replace(meta, data_stamp=data_stamp("statutes")).write(store.version_dir(meta.version))
    forget_freshness()
    yield shared_statute_index
    forget_open_indexes()


@contextmanager
def real_statute_index(
    real_data_dir: Path, files: tuple[str, ...], base: Path, django_db_blocker: Any
) -> Iterator[Path]:
    """Some real statute files (and the manifest) ingested and indexed under `base`, for a
    module of real-data tests; everything is unloaded again at the end."""
    from django.core.cache import cache

    from search.backends.registry import get_backend
    from search.ingest.statutes import ingest_statutes
    from search.models import IngestedFile, Section, Source
    from search.ops.builds.build import build_index
    from search.statutes.catalog import forget_catalogs
    from search.statutes.chapters import forget_chapters
    from search.statutes.code_listing import forget_listings

    folder = base / "data" / "statutes"
    folder.mkdir(parents=True)
    for name in (*files, "MANIFEST.json"):
        (folder / name).symlink_to(real_data_dir / "statutes" / name)
    with django_db_blocker.unblock(), override_settings(PORTAL_INDEX_DIR=base / "indexes"):
        ingest_statutes(base / "data")
        build_index("statutes")
        forget_catalogs()
        forget_chapters()
        forget_listings()
        try:
            yield base / "indexes"
        finally:
            Section.objects.all().delete()
            Source.objects.all().delete()
            IngestedFile.objects.all().delete()
            get_backend().forget_open_indexes()
            forget_catalogs()
            forget_chapters()
            cache.clear()


def json_answer(client: Client, url: str, **params: Any) -> dict[str, Any]:
    """A 200 JSON answer of the API at `url` for `params` (the body shown when it is not)."""
    response = client.get(url, params)
    assert response.status_code == 200, response.content
    return dict(response.json())


def result_ids(body: dict[str, Any]) -> list[str]:
    """The ids of a statute answer's rows, in rank order."""
    return [str(r["id"]) for r in body["results"]]


def survey_as_searched(client: Client, **params: Any) -> dict[str, Any]:
    """The survey's answer for `params`, once its federal row is shown to rank as the statute
    search does for the same parameters."""
    survey = json_answer(client, "/api/statute_survey", **params)
    (row,) = [r for r in survey["by_jurisdiction"] if r["jurisdiction"] == "us"]
    searched = json_answer(client, "/api/statute_search", **params)
    assert [r["id"] for r in row["results"]] == result_ids(searched)
    return survey
