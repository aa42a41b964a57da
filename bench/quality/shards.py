"""The baselines' texts on disk: one FTS5 database and one tantivy index per shard, cached.

A shard is one jurisdiction's sections (statutes) or every paper's abstract, title and
authors (papers). It is written once into the cache folder under a name keyed by its rows'
stamp (count and last change), so a run after an ingest rebuilds only the shards whose rows
changed, and runs from several worktrees on the same database share the files.
"""

import fcntl
import hashlib
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import tantivy
from django.db import connection
from django.db.models import Max, QuerySet

from bench.quality.sets import PAPERS, STATUTES
from search.models import Paper, Section

# Bump when the baselines' tables or schemas change: older cached shards are then ignored.
LAYOUT = 1
TOKENIZER = "unicode61 remove_diacritics 0"
BATCH = 2000
WRITER_HEAP = 200_000_000
STATUTE_COLUMNS = ("id", "source", "corpus", "title", "body")
PAPER_COLUMNS = ("id", "text", "title", "authors")
Log = Callable[[str], None]


def default_cache() -> Path:
    """PORTAL_BENCH_CACHE, or a folder in the system's temp dir shared by every checkout."""
    given = os.environ.get("PORTAL_BENCH_CACHE")
    return Path(given) if given else Path(tempfile.gettempdir()) / "portal-bench-quality"


def _rows(kind: str, shard: str) -> QuerySet[Section] | QuerySet[Paper]:
    if kind == STATUTES:
        return Section.objects.filter(jurisdiction=shard).order_by("id")
    return Paper.objects.order_by("paper_id")


def stamp(kind: str, shard: str) -> str:
    """Count and last change of the shard's rows, hashed with the layout version."""
    rows = _rows(kind, shard)
    last = rows.aggregate(last=Max("updated_at"))["last"]
    text = f"{LAYOUT}:{kind}:{shard}:{rows.count()}:{last}"
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def records(kind: str, shard: str) -> Iterator[tuple[str, ...]]:
    """The shard's rows as STATUTE_COLUMNS or PAPER_COLUMNS tuples (authors one per line)."""
    if kind == STATUTES:
        yield from _rows(kind, shard).values_list(*STATUTE_COLUMNS).iterator(chunk_size=BATCH)
        return
    rows = _rows(kind, shard).values_list("paper_id", "abstract", "title", "authors")
    for paper_id, abstract, title, authors in rows.iterator(chunk_size=BATCH):
        yield paper_id, abstract, title, "\n".join(authors or ())


def columns(kind: str) -> tuple[str, ...]:
    return STATUTE_COLUMNS if kind == STATUTES else PAPER_COLUMNS


def searched(kind: str) -> tuple[str, ...]:
    """The full-text columns; the others are filters (statutes) or the key."""
    return ("body",) if kind == STATUTES else ("text", "title", "authors")


def tantivy_schema(kind: str) -> tantivy.Schema:
    """Keys and filters as raw strings, texts with tantivy's default tokenizer."""
    builder = tantivy.SchemaBuilder()
    text = set(searched(kind))
    for name in columns(kind):
        if name in text:
            builder.add_text_field(name, stored=False, tokenizer_name="default")
        else:
            builder.add_text_field(name, stored=name == "id", tokenizer_name="raw")
    return builder.build()


def _write(kind: str, shard: str, folder: Path) -> int:
    """Both engines' copies of the shard in `folder`; rows written."""
    names = columns(kind)
    text = searched(kind)
    spec = ", ".join(n if n in text else f"{n} UNINDEXED" for n in names)
    db = sqlite3.connect(folder / "fts5.sqlite3")
    db.execute(f"CREATE VIRTUAL TABLE docs USING fts5({spec}, tokenize = '{TOKENIZER}')")
    (folder / "tantivy").mkdir()
    index = tantivy.Index(tantivy_schema(kind), path=str(folder / "tantivy"))
    writer = index.writer(heap_size=WRITER_HEAP, num_threads=1)
    insert = f"INSERT INTO docs({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
    count = 0
    batch: list[tuple[str, ...]] = []
    with db:
        for row in records(kind, shard):
            row = tuple(value or "" for value in row)
            batch.append(row)
            writer.add_document(tantivy.Document(**dict(zip(names, row, strict=True))))
            if len(batch) == BATCH:
                db.executemany(insert, batch)
                count += len(batch)
                batch.clear()
        db.executemany(insert, batch)
        count += len(batch)
        db.execute("INSERT INTO docs(docs) VALUES ('optimize')")
    db.close()
    writer.commit()
    writer.wait_merging_threads()
    return count


def _database() -> str:
    """A short name of the database the rows come from (a test database never shares)."""
    name = str(connection.settings_dict["NAME"])
    return hashlib.sha256(f"{connection.vendor}:{name}".encode()).hexdigest()[:8]


def ensure(cache: Path, kind: str, shard: str, log: Log) -> Path:
    """The folder of the shard's current copy, written first when absent (under a lock)."""
    cache.mkdir(parents=True, exist_ok=True)
    prefix = f"{kind}-{shard}-{_database()}-"
    folder = cache / f"{prefix}{stamp(kind, shard)}"
    with open(cache / f"{prefix}lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not folder.exists():
            log(f"baselines: writing the {kind} shard {shard!r} (once per data change)")
            scratch = Path(tempfile.mkdtemp(prefix=f".{prefix}", dir=cache))
            try:
                count = _write(kind, shard, scratch)
                scratch.rename(folder)
            except BaseException:
                shutil.rmtree(scratch, ignore_errors=True)
                raise
            log(f"  {count:,} rows")
            for old in cache.glob(f"{prefix}*"):
                if old != folder and old.is_dir() and not old.name.startswith("."):
                    shutil.rmtree(old, ignore_errors=True)
    return folder


def shard_of(kind: str, jurisdiction: str) -> str:
    """Statutes are sharded by jurisdiction; papers are one shard."""
    return jurisdiction if kind == STATUTES else "all"


__all__ = ["PAPERS", "STATUTES", "default_cache", "ensure", "searched", "shard_of", "stamp"]
