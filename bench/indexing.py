"""Index builds: the real build service into a scratch root, the FTS5 table from the same rows.

A build of p% of the corpus keeps the rows whose key (statute id, paper id: a paper's
chunks stay together) hashes below p, so the 25% set is inside the 50% set. Partial builds
still go through `build_index`; only its row reader is narrowed to the sample (`sampled`).
Each build runs in a child process (`python -m bench.build_child`) so its peak RSS is its own.
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
from typing import Any
from unittest import mock

from django.conf import settings
from django.db.models import QuerySet

from bench import fts5
from search.backends.tantivy.reader import forget_open_indexes
from search.indexes import build as build_service
from search.indexes import documents as documents_module
from search.indexes.documents import documents
from search.indexes.names import STATUTES
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


def in_sample(key: object, percent: int) -> bool:
    """True when the row with this key (statute id, paper id) is in the `percent`% sample."""
    return percent >= 100 or zlib.crc32(str(key).encode()) % 100 < percent


def _sample_keys(index_name: str, queryset: QuerySet[Any], percent: int) -> list[Any]:
    """Primary keys of the sampled rows, in the queryset's order."""
    key = "pk" if index_name == STATUTES else "paper__paper_id"
    return [pk for pk, k in queryset.values_list("pk", key) if in_sample(k, percent)]


@contextmanager
def sampled(index_name: str, percent: int) -> Iterator[None]:
    """Make the build's document source (and count) read only the `percent`% sample.

    Patches `documents.ordered_rows` with a twin that reads the sampled rows only, in the
    same batches, so a partial build does not pay for reading the whole table.
    """
    if percent >= 100:
        yield
        return

    def rows(queryset: QuerySet[Any], fields: tuple[str, ...]) -> Iterator[tuple[Any, ...]]:
        keys = _sample_keys(index_name, queryset, percent)
        for start in range(0, len(keys), documents_module.ITERATOR_CHUNK):
            batch = keys[start : start + documents_module.ITERATOR_CHUNK]
            found = {
                row[0]: row[1:]
                for row in queryset.model.objects.filter(pk__in=batch).values_list("pk", *fields)
            }
            yield from (found[key] for key in batch if key in found)

    def count(name: str) -> int:
        model = Section if name == STATUTES else Chunk
        return len(_sample_keys(name, model.objects.all(), percent))

    with (
        mock.patch.object(documents_module, "ordered_rows", rows),
        mock.patch.object(build_service, "document_count", count),
    ):
        yield


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


def measure(engine: str, index_name: str, target: Path, percent: int) -> BuildStat:
    """Build in this process: `target` is an index root (tantivy) or a database file (fts5)."""
    start_rss = _rss_mb()
    started = time.perf_counter()
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {ENGINES}, got {engine!r}")
    with sampled(index_name, percent):
        if engine == TANTIVY:
            with index_root(target):
                docs = build_service.build_index(index_name).doc_count
        elif engine == FTS5:
            target.unlink(missing_ok=True)
            docs = fts5.build(target, index_name, documents(index_name))
        else:
            docs = sum(1 for _ in documents(index_name))
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
