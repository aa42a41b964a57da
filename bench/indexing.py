"""Index builds: the real build service into a scratch root, the FTS5 table from the same rows.

A build of p% of the corpus keeps the documents whose key (statute id, paper id: a paper's
chunks stay together) hashes below p, so the 25% set is inside the 50% set. Partial builds
still go through `build_index`, with its document source narrowed. Each build runs in a
child process (`python -m bench.build_child`) so its peak RSS is its own.
"""

import json
import os
import resource
import subprocess
import sys
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from unittest import mock

from django.conf import settings

from bench import fts5
from search.backends.base import Document
from search.backends.tantivy.reader import forget_open_indexes
from search.indexes import build as build_service
from search.indexes.documents import documents
from search.models import Chunk, Section

TANTIVY, FTS5, READ = "tantivy", "fts5", "read"
ENGINES = (TANTIVY, FTS5, READ)
BASE_DIR = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class BuildStat:
    """One build: documents, wall seconds and peak resident memory of the building process."""

    engine: str
    index_name: str
    percent: int
    docs: int
    seconds: float
    peak_rss_mb: float
    start_rss_mb: float
    isolated: bool

    @property
    def docs_per_second(self) -> float:
        return self.docs / self.seconds if self.seconds else float("nan")


def in_sample(index_name: str, doc: Document, percent: int) -> bool:
    """True when the document belongs to the `percent`% sample."""
    if percent >= 100:
        return True
    key = doc["id"] if index_name == "statutes" else doc["paper_id"]
    return zlib.crc32(str(key).encode()) % 100 < percent


def sample_documents(index_name: str, percent: int) -> Iterator[Document]:
    return (d for d in documents(index_name) if in_sample(index_name, d, percent))


def sample_count(index_name: str, percent: int) -> int:
    if index_name == "statutes":
        keys = Section.objects.values_list("id", flat=True)
        return sum(1 for k in keys if in_sample(index_name, {"id": k}, percent))
    keys = Chunk.objects.values_list("paper__paper_id", flat=True)
    return sum(1 for k in keys if in_sample(index_name, {"paper_id": k}, percent))


@contextmanager
def index_root(root: Path) -> Iterator[None]:
    """Point the settings (and the reader cache) at another index root for a while."""
    previous = settings.PORTAL_INDEX_DIR
    settings.PORTAL_INDEX_DIR = root
    forget_open_indexes()
    try:
        yield
    finally:
        settings.PORTAL_INDEX_DIR = previous
        forget_open_indexes()


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(engine: str, index_name: str, target: Path, percent: int) -> BuildStat:
    """Build in this process: `target` is an index root (tantivy) or a database file (fts5)."""
    start_rss = _rss_mb()
    started = time.perf_counter()
    if engine == TANTIVY:
        with (
            index_root(target),
            mock.patch.object(build_service, "documents", lambda n: sample_documents(n, percent)),
            mock.patch.object(build_service, "document_count", lambda n: sample_count(n, percent)),
        ):
            docs = build_service.build_index(index_name).doc_count
    elif engine == FTS5:
        target.unlink(missing_ok=True)
        docs = fts5.build(target, index_name, sample_documents(index_name, percent))
    elif engine == READ:
        docs = sum(1 for _ in sample_documents(index_name, percent))
    else:
        raise ValueError(f"engine must be one of {ENGINES}, got {engine!r}")
    seconds = time.perf_counter() - started
    return BuildStat(engine, index_name, percent, docs, seconds, _rss_mb(), start_rss, False)


def run_build(
    engine: str, index_name: str, target: Path, percent: int = 100, *, isolate: bool = True
) -> BuildStat:
    """One build, in a child process when `isolate` (the default), else in this process."""
    if not isolate:
        return measure(engine, index_name, target, percent)
    command = [
        sys.executable,
        "-m",
        "bench.build_child",
        engine,
        index_name,
        str(target),
        "--percent",
        str(percent),
    ]
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "portal.settings"}
    done = subprocess.run(command, cwd=BASE_DIR, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
    values = json.loads(done.stdout.strip().splitlines()[-1])
    return BuildStat(**{**values, "isolated": True})


def to_json(stat: BuildStat) -> str:
    return json.dumps(asdict(stat))
