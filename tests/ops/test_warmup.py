"""A new gunicorn worker reads the search catalogs before its first request."""

import logging
import runpy
from pathlib import Path
from types import SimpleNamespace
from typing import NoReturn

import pytest

from search.backends.registry import get_backend
from search.indexes.store import IndexStore
from search.ops.warmup import warm_up
from search.papers.catalog import forget_catalogs as forget_paper_catalogs
from search.papers.catalog import load_catalog as load_paper_catalog
from search.statutes.catalog import forget_catalogs as forget_statute_catalogs
from search.statutes.catalog import load_catalog as load_statute_catalog
from search.statutes.citations.act_sections import forget_loaded_acts, loaded_acts

GUNICORN_CONF = Path(__file__).resolve().parents[2] / "portal" / "gunicorn.conf.py"


@pytest.fixture(autouse=True)
def fresh_catalogs() -> None:
    forget_paper_catalogs()
    forget_statute_catalogs()
    forget_loaded_acts()


def _no_second_read(*args: object, **kwargs: object) -> NoReturn:
    raise AssertionError("a catalog was read again after the warm-up")


def test_warm_up_reads_both_live_catalogs_once(
    built_indexes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    line = warm_up()

    statutes = IndexStore("statutes", built_indexes).live_version()
    papers = IndexStore("papers", built_indexes).live_version()
    assert statutes and papers
    assert f"statutes: {statutes}" in line and f"papers: {papers}" in line
    # The small corpus holds a section of the Fair Housing Act (42 U.S.C. § 3604), one of
    # Section 8 and of the Housing Act of 1937 alike (§ 1437f), and sections of Regulation X
    # (RESPA) and Regulation B (the Equal Credit Opportunity Act).
    assert "sections of 5 acts" in line
    # The searches that follow use what the warm-up read: reading a catalog again (the
    # statute manifest, the papers index's facts) would fail from here on.
    monkeypatch.setattr(IndexStore, "version_meta", _no_second_read)
    monkeypatch.setattr(type(get_backend()), "paper_facts", _no_second_read)
    assert load_statute_catalog().version == statutes
    monkeypatch.setattr(type(get_backend()), "list_statutes", _no_second_read)
    assert len(loaded_acts()) == 5
    paper_catalog = load_paper_catalog()
    assert paper_catalog.version == papers and paper_catalog.chunks > 0


def test_without_the_warm_up_the_first_search_reads_the_catalogs(
    built_indexes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The other side of the test above: with nothing read yet, the same guard trips.
    monkeypatch.setattr(IndexStore, "version_meta", _no_second_read)
    with pytest.raises(AssertionError, match="read again"):
        load_statute_catalog()


def test_warm_up_without_indexes_falls_back_to_the_database(
    loaded_corpus: Path, index_root: Path
) -> None:
    line = warm_up()
    assert "statutes: database" in line and "papers: database" in line


def test_gunicorn_runs_the_warm_up_in_each_new_worker(
    built_indexes: Path, caplog: pytest.LogCaptureFixture
) -> None:
    conf = runpy.run_path(str(GUNICORN_CONF))
    worker = SimpleNamespace(log=logging.getLogger("gunicorn.error.test"))
    with caplog.at_level(logging.INFO, logger="gunicorn.error.test"):
        conf["post_worker_init"](worker)
    assert any(r.getMessage().startswith("warm-up: catalogs read in") for r in caplog.records), (
        caplog.text
    )


def test_a_failing_warm_up_does_not_stop_the_worker(
    caplog: pytest.LogCaptureFixture, settings: object, tmp_path: Path
) -> None:
    # No database access allowed in this test: the catalog read fails, the hook logs it.
    settings.PORTAL_INDEX_DIR = tmp_path / "indexes"  # type: ignore[attr-defined]
    conf = runpy.run_path(str(GUNICORN_CONF))
    worker = SimpleNamespace(log=logging.getLogger("gunicorn.error.test"))
    with caplog.at_level(logging.INFO, logger="gunicorn.error.test"):
        conf["post_worker_init"](worker)
    assert "warm-up failed; the first search will read the catalogs" in caplog.text
