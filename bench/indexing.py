"""Index builds: the real build service into a scratch root, the FTS5 table from the same rows.

Each build runs in a child process (`python -m bench.build_child`) so its peak RSS is its own.
(Larger synthetic corpora for the scaling section are written by `bench.synthetic`.)
"""

import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

from django.conf import settings

from bench import fts5
from search.backends.tantivy.reader import forget_open_indexes
from search.ops.builds import build as build_service
from search.ops.builds.documents import documents

TANTIVY, FTS5, READ = "tantivy", "fts5", "read"
ENGINES = (TANTIVY, FTS5, READ)
BASE_DIR = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class BuildStat:
    """One build: documents, wall seconds and peak resident memory of the building process."""

    engine: str
    index_name: str
    docs: int
    seconds: float
    peak_rss_mb: float
    start_rss_mb: float
    isolated: bool

    @property
    def docs_per_second(self) -> float:
        return self.docs / self.seconds if self.seconds else float("nan")


@contextmanager
def index_root(root: Path, *, forget: bool = True) -> Iterator[None]:
    """Point the settings at another index root for a while.

    `forget` also empties the reader cache on the way in and out; switching between roots
    that stay on disk does not need it (the cache is keyed by root).
    """
    previous = settings.PORTAL_INDEX_DIR
    settings.PORTAL_INDEX_DIR = root
    if forget:
        forget_open_indexes()
    try:
        yield
    finally:
        settings.PORTAL_INDEX_DIR = previous
        if forget:
            forget_open_indexes()


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(engine: str, index_name: str, target: Path) -> BuildStat:
    """Build in this process: `target` is an index root (tantivy) or a database file (fts5)."""
    start_rss = _rss_mb()
    started = time.perf_counter()
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {ENGINES}, got {engine!r}")
    if engine == TANTIVY:
        with index_root(target):
            docs = build_service.build_index(index_name).doc_count
    elif engine == FTS5:
        target.unlink(missing_ok=True)
        docs = fts5.build(target, index_name, documents(index_name))
    else:
        docs = sum(1 for _ in documents(index_name))
    seconds = time.perf_counter() - started
    return BuildStat(engine, index_name, docs, seconds, _rss_mb(), start_rss, False)


def run_build(engine: str, index_name: str, target: Path, *, isolate: bool = True) -> BuildStat:
    """One build, in a child process when `isolate` (the default), else in this process."""
    if not isolate:
        return measure(engine, index_name, target)
    command = [sys.executable, "-m", "bench.build_child", engine, index_name, str(target)]
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "portal.settings"}
    done = subprocess.run(command, cwd=BASE_DIR, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
    values = json.loads(done.stdout.strip().splitlines()[-1])
    return BuildStat(**{**values, "isolated": True})


def to_json(stat: BuildStat) -> str:
    return json.dumps(asdict(stat))
