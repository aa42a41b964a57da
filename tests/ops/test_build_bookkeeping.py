"""Build bookkeeping: a killed command-line build is settled by the next worker start and by
`reindex` (as the admin does) and never shown running by /healthz; an index folder that cannot
be written is a CommandError saying what and how to fix; a build whose LIVE switch fails
removes the version it made."""

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import timezone

from search.indexes.store import BUILDING_SUFFIX, LIVE_FILE, IndexStore
from search.ingest.papers import ingest_papers
from search.ingest.statutes import ingest_statutes
from search.models import IndexBuild
from search.ops.builds.build import BuildFailed, build_index
from tests.reindex_support import (
    BASE_DIR,
    add_filler_sections,
    build_status,
    run_worker_batch,
    stop,
    switch_to_file_database,
    wait_for,
    worker_env,
)

RUNNING = IndexBuild.Status.RUNNING
FAILED = IndexBuild.Status.FAILED


def dead_pid() -> int:
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def dead_build(index_name: str = "statutes") -> IndexBuild:
    """A build recorded as running by a process of this machine that has exited."""
    now = timezone.now()
    return IndexBuild.objects.create(
        index_name=index_name, status=RUNNING, started_at=now, heartbeat_at=now,
        worker_pid=dead_pid(), worker_host=socket.gethostname(),
    )  # fmt: skip


@pytest.mark.django_db
def test_reindex_settles_dead_builds_before_building(built_indexes: Path) -> None:
    dead = dead_build("papers")
    err = StringIO()
    call_command("reindex", "statutes", stdout=StringIO(), stderr=err)
    dead.refresh_from_db()
    assert dead.status == FAILED and "stopped during the build" in dead.error
    assert f"pid {dead.worker_pid}" in err.getvalue()


@pytest.mark.django_db
def test_healthz_never_shows_a_dead_build_as_running(client: Client, built_indexes: Path) -> None:
    dead = dead_build("statutes")
    health = client.get("/healthz").json()["indexes"]
    assert health["statutes"]["build"] is None  # dead: left out, not "running"
    assert build_status(dead.pk) == RUNNING  # a status answer reads, it does not settle
    alive = dead_build("papers")
    IndexBuild.objects.filter(pk=alive.pk).update(worker_pid=os.getpid())
    shown = client.get("/healthz").json()["indexes"]["papers"]["build"]
    assert shown == {"id": alive.pk, "status": "running", "docs_done": 0, "docs_total": 0}


@pytest.mark.django_db
def test_an_index_folder_that_cannot_be_written_is_a_command_error(
    loaded_corpus: Path, tmp_path: Path, settings: object
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    settings.PORTAL_INDEX_DIR = blocker / "indexes"  # type: ignore[attr-defined]
    with pytest.raises(CommandError) as raised:
        call_command("reindex", "statutes", stdout=StringIO())
    message = str(raised.value)
    assert "cannot write the index folder" in message and str(blocker) in message
    assert "make it writable" in message and "PORTAL_INDEX_DIR" in message
    assert "Traceback" not in message
    record = IndexBuild.objects.get(index_name="statutes")
    assert record.status == FAILED and record.error.startswith("cannot write the index folder")


@pytest.mark.django_db
def test_a_failed_live_switch_removes_the_new_version(built_indexes: Path) -> None:
    store = IndexStore("statutes")
    live = store.live_version()
    before = set(p.name for p in store.versions_dir.iterdir())
    # The switch writes LIVE through a temporary file named by the process: a folder there
    # makes the write fail, as a full or read-only disk would.
    (store.root / f"{LIVE_FILE}.{os.getpid()}.tmp").mkdir()
    with pytest.raises(BuildFailed, match="could not switch the live index") as raised:
        build_index("statutes")
    assert "that version was removed and the live index is unchanged" in str(raised.value)
    assert store.live_version() == live
    assert set(p.name for p in store.versions_dir.iterdir()) == before


# --- a real command-line build, killed ---------------------------------------------------------


@pytest.fixture
def shared_db(transactional_db: None, tmp_path: Path) -> Iterator[Path]:
    with switch_to_file_database(tmp_path / "shared.sqlite3") as path:
        yield path


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_killed_command_line_build_is_settled_by_the_next_worker_start(
    shared_db: Path, corpus_dir: Path, index_root: Path, tmp_path: Path, client: Client
) -> None:
    ingest_statutes(corpus_dir)
    ingest_papers(corpus_dir)
    live = build_index("statutes").version
    add_filler_sections(1500)
    env = worker_env(shared_db, index_root, batch_delay=30)
    log = tmp_path / "reindex.log"
    with log.open("wb") as out:
        command = subprocess.Popen(
            [sys.executable, "manage.py", "reindex", "statutes"],
            cwd=BASE_DIR, env=env, stdout=out, stderr=out,
        )  # fmt: skip
    try:
        wait_for(
            lambda: IndexBuild.objects.filter(status=RUNNING, docs_done__gt=0).exists(),
            "the command's build to report progress",
            log=log,
        )
        os.kill(command.pid, signal.SIGKILL)
        command.wait(timeout=10)
    finally:
        stop(command)  # type: ignore[arg-type]
    build = IndexBuild.objects.get(status=RUNNING)
    assert build.worker_pid == command.pid and build.task_id in ("", None)
    assert client.get("/healthz").json()["indexes"]["statutes"]["build"] is None

    run_worker_batch(worker_env(shared_db, index_root), tmp_path / "worker.log")
    build.refresh_from_db()
    assert build.status == FAILED and f"pid {command.pid}" in build.error
    store = IndexStore("statutes")
    assert store.live_version() == live
    assert any(p.name.endswith(BUILDING_SUFFIX) for p in store.versions_dir.iterdir())
