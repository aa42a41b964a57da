"""The load test's server: gunicorn with the portal's own config over a generated corpus."""

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.load.corpus import write_load_corpus
from tests.served import BASE_DIR, gunicorn, manage, portal_env

__all__ = ["BASE_DIR", "Served"]


@dataclass(frozen=True)
class Served:
    """A running portal: its address, environment (for manage.py) and index root."""

    base_url: str
    env: dict[str, str]
    index_root: Path


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """Migrate, ingest and index the load corpus, then serve it with gunicorn on loopback."""
    root = tmp_path_factory.mktemp("load")
    env = portal_env(
        root,
        write_load_corpus(root / "data"),
        PORTAL_WEB_WORKERS=os.environ.get("PORTAL_LOAD_WORKERS", "2"),
        PORTAL_WEB_THREADS="4",
    )
    steps = (
        ("migrate",),
        ("createcachetable",),
        ("collectstatic", "--noinput"),  # its own copy: pages need the manifest, as in production
        ("ingest_statutes",),
        ("ingest_papers",),
    )
    for step in steps:
        manage(env, *step)
    manage(env, "reindex", "all")
    try:
        with gunicorn(env, root / "gunicorn.log") as base:
            yield Served(base, env, root / "indexes")
    finally:
        shutil.rmtree(root, ignore_errors=True)
