"""Helpers for reindex tests: a file database a worker process can share, the worker itself.

pytest-django's SQLite test database lives in memory, which another process cannot open. For
tests that run the real `manage.py portal_worker`, `switch_to_file_database` copies the test
database (schema and all) into a file and points this process's connection at it; the worker
subprocess gets the same file and index root through the environment. A live server for such a
test must be started inside the switch and stopped before it ends (see the admin browser test).
"""

import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections

from search.models import IndexBuild, Section

BASE_DIR = Path(__file__).resolve().parents[1]
POLL_SECONDS = 0.05


@contextmanager
def switch_to_file_database(path: Path) -> Iterator[Path]:
    """Run the enclosed code against a file copy of the in-memory test database.

    This thread gets a connection object of its own on the file, and connections first opened
    meanwhile (a test's own live server threads) open the file too. The in-memory connection
    objects are left alone: the session's live server may share this thread's, and a request
    of its in flight across the switch must not carry it over to the file.
    """
    alias = DEFAULT_DB_ALIAS
    in_memory = connections[alias]
    assert in_memory.vendor == "sqlite", "worker-process tests need SQLite"
    in_memory.ensure_connection()
    target = sqlite3.connect(path)
    in_memory.connection.backup(target)
    target.close()
    original = connections.settings[alias]
    connections.settings[alias] = {**original, "NAME": str(path)}
    on_file = connections.create_connection(alias)
    connections[alias] = on_file
    try:
        yield path
    finally:
        connections[alias] = in_memory
        connections.settings[alias] = original
        on_file.close()


def worker_env(database: Path, index_root: Path, *, batch_delay: float = 0.0) -> dict[str, str]:
    """Environment for a subprocess that shares this test's database and index root."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(
        DJANGO_SETTINGS_MODULE="portal.settings",
        PORTAL_SQLITE_PATH=str(database),
        PORTAL_INDEX_DIR=str(index_root),
        PORTAL_BUILD_BATCH_DELAY=str(batch_delay),
        PORTAL_INDEX_WRITER_HEAP_MB="32",
        PORTAL_INDEX_WRITER_THREADS="1",
        PYTHONUNBUFFERED="1",
    )
    return env


def start_worker(env: dict[str, str], log: Path, *, batch: bool) -> subprocess.Popen[bytes]:
    """`manage.py portal_worker` as a child process; with batch it exits once the queue is empty."""
    command = [
        sys.executable, "manage.py", "portal_worker",
        "--no-startup-delay", "--no-reload", "--interval", "0.1",
    ]  # fmt: skip
    if batch:
        command.append("--batch")
    with log.open("ab") as out:
        return subprocess.Popen(command, cwd=BASE_DIR, env=env, stdout=out, stderr=out)


def run_worker_batch(env: dict[str, str], log: Path, timeout: float = 60) -> None:
    """Run a batch worker until the queue is empty; fail with its log if it does not exit 0."""
    worker = start_worker(env, log, batch=True)
    try:
        code = worker.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait()
        raise AssertionError(f"worker did not finish in {timeout}s:\n{log.read_text()}") from None
    assert code == 0, f"worker exited {code}:\n{log.read_text()}"


def stop(worker: subprocess.Popen[bytes]) -> None:
    """Kill a worker left running by a failed test, and reap it."""
    if worker.poll() is None:
        worker.send_signal(signal.SIGKILL)
    worker.wait(timeout=10)


def wait_for(
    condition: Callable[[], bool], what: str, timeout: float = 30, log: Path | None = None
) -> None:
    """Poll until `condition()` holds; fail naming `what` (and the worker log) after timeout."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(POLL_SECONDS)
    detail = f"\nworker log:\n{log.read_text()}" if log and log.exists() else ""
    raise AssertionError(f"timed out after {timeout}s waiting for {what}{detail}")


def build_status(build_id: int) -> str:
    """The build's status as stored right now."""
    return IndexBuild.objects.values_list("status", flat=True).get(pk=build_id)


def add_filler_sections(count: int, word: str = "fillerword") -> None:
    """Extra statute rows, so a build has several progress batches (one per 1,000 documents)."""
    Section.objects.bulk_create(
        Section(
            id=f"zz:statute:{n}",
            jurisdiction="zz",
            corpus="statute",
            source="zz-stat",
            section=str(n),
            citation=f"ZZ {n}",
            citation_key=f"zz{n}",
            body=f"Filler section {n} about the {word} registry.",
            as_of="2024",
            source_file="filler.jsonl",
            ordinal=n,
            content_hash=str(n),
        )
        for n in range(count)
    )


def index_root() -> Path:
    """The index root this process is configured with."""
    return Path(settings.PORTAL_INDEX_DIR)


def body_hits(word: str) -> tuple[str, int]:
    """(live version, number of statute sections whose body has `word`) as a reader sees it."""
    import tantivy

    from search.backends.tantivy.reader import live_index

    live = live_index("statutes")
    query = tantivy.Query.term_query(live.index.schema, "body", word)
    return live.version, live.searcher().search(query, 1, count=True).count
