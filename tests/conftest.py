"""Shared fixtures: a temporary index root, the test corpus loaded and indexed."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

from tests.corpus import write_corpus
from tests.fuzz_report import FUZZ_CASES

# Shared fixtures of the statute, paper and backend-contract tests, for every test module.
pytest_plugins = ["tests.statute_support", "tests.paper_support", "tests.backend_contract"]

REAL_DATA = Path(
    os.environ.get("PORTAL_DATA_DIR") or Path(__file__).resolve().parents[2] / "shared" / "data"
)
REAL_DATA_REASON = f"real data set not found at {REAL_DATA} (set PORTAL_DATA_DIR)"


def real_data_present() -> bool:
    """True when the real statutes and papers are available."""
    return (REAL_DATA / "statutes").is_dir() and (REAL_DATA / "papers").is_dir()


@pytest.fixture(scope="session", autouse=True)
def collected_static(
    django_db_blocker: object, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """Pages use manifest static storage, as in production, so collect once per run.

    Into a directory of this run's own: runs side by side must not race on var/staticfiles.
    """
    override = override_settings(STATIC_ROOT=tmp_path_factory.mktemp("staticfiles"))
    override.enable()
    call_command("collectstatic", "--noinput", verbosity=0)
    yield
    override.disable()


@pytest.fixture(scope="session", autouse=True)
def no_live_indexes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """No test reads the indexes of the machine it runs on: an empty index root by default.

    Tests that need indexes build their own (`index_root`, the shared statute index).
    """
    override = override_settings(PORTAL_INDEX_DIR=tmp_path_factory.mktemp("no-indexes"))
    override.enable()
    yield
    override.disable()


@pytest.fixture
def index_root(tmp_path: Path, settings: object) -> Iterator[Path]:
    """A fresh, empty index directory for this test, with the reader cache cleared."""
    from search.backends.registry import get_backend

    forget_open_indexes = get_backend().forget_open_indexes

    root = tmp_path / "indexes"
    settings.PORTAL_INDEX_DIR = root  # type: ignore[attr-defined]
    forget_open_indexes()
    yield root
    forget_open_indexes()


@pytest.fixture
def corpus_dir(tmp_path: Path) -> Path:
    """The test corpus written as data files."""
    return write_corpus(tmp_path / "data")


@pytest.fixture
def loaded_corpus(db: None, corpus_dir: Path) -> Path:
    """The test corpus ingested into the test database."""
    from search.ingest.papers import ingest_papers
    from search.ingest.statutes import ingest_statutes

    ingest_statutes(corpus_dir)
    ingest_papers(corpus_dir)
    return corpus_dir


@pytest.fixture
def built_indexes(loaded_corpus: Path, index_root: Path) -> Path:
    """The test corpus ingested and both indexes built and live."""
    from search.ops.builds.build import build_index

    build_index("statutes")
    build_index("papers")
    return index_root


@pytest.fixture(scope="session")
def real_data_dir() -> Path:
    """The real data folder; skips the test when it is absent."""
    if not real_data_present():
        pytest.skip(REAL_DATA_REASON)
    return REAL_DATA


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """How many generated requests and files the fuzz tests ran (when any ran)."""
    if FUZZ_CASES:
        terminalreporter.write_sep("-", "fuzz cases run")
        for kind, count in sorted(FUZZ_CASES.items()):
            terminalreporter.write_line(f"{kind}: {count}")
        terminalreporter.write_line(f"total: {sum(FUZZ_CASES.values())}")
