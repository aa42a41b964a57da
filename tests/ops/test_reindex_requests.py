"""The rebuild service: refuse duplicates, enqueue on commit, run, cancel, recover dead builds."""

import json
import socket
import subprocess
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import call_command
from django.tasks import TaskResultStatus
from django.utils import timezone
from django_tasks_db.backend import DatabaseBackend
from django_tasks_db.models import DBTaskResult

from search.backends.tantivy.reader import live_index
from search.indexes.store import IndexStore
from search.models import IndexBuild, Section
from search.ops.builds.build import BuildCancelled, BuildFailed, build_index
from search.ops.builds.rebuild_requests import (
    RebuildRefused,
    cancel_build,
    recover_stale_builds,
    request_rebuild,
    request_rebuilds,
)
from search.ops.builds.records import run_requested_build

pytestmark = pytest.mark.django_db

RUNNING = IndexBuild.Status.RUNNING


def dead_pid() -> int:
    """The id of a process that has exited (and been reaped)."""
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def running_build(**fields: object) -> IndexBuild:
    """A build recorded as running in this process, with a fresh heartbeat."""
    now = timezone.now()
    values = {
        "index_name": "statutes",
        "status": RUNNING,
        "started_at": now,
        "heartbeat_at": now,
        "worker_pid": __import__("os").getpid(),
        "worker_host": socket.gethostname(),
        **fields,
    }
    return IndexBuild.objects.create(**values)


# --- requesting ---------------------------------------------------------------------------


def test_request_records_a_queued_build_for_the_user(
    index_root: Path, admin_user: object, django_capture_on_commit_callbacks: object
) -> None:
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        build = request_rebuild("statutes", admin_user)  # type: ignore[arg-type]
    build.refresh_from_db()
    assert build.status == IndexBuild.Status.QUEUED
    assert build.requested_by == admin_user
    assert build.task_id


def test_task_is_enqueued_only_when_the_transaction_commits(
    index_root: Path, admin_user: object, django_capture_on_commit_callbacks: object
) -> None:
    with django_capture_on_commit_callbacks() as callbacks:  # type: ignore[operator]
        build = request_rebuild("statutes", admin_user)  # type: ignore[arg-type]
        assert not DBTaskResult.objects.exists()
    assert not DBTaskResult.objects.exists(), "enqueued before commit"
    assert len(callbacks) == 1
    callbacks[0]()
    task = DBTaskResult.objects.get()
    assert task.task_path == "search.ops.tasks.rebuild_index_task"
    assert task.args_kwargs == {"args": [build.pk], "kwargs": {}}
    build.refresh_from_db()
    assert build.task_id == str(task.pk)


def test_a_second_request_while_one_is_queued_is_refused(
    index_root: Path, admin_user: object
) -> None:
    first = request_rebuild("statutes", admin_user)  # type: ignore[arg-type]
    with pytest.raises(RebuildRefused, match=rf"already queued \(build #{first.pk}, requested by"):
        request_rebuild("statutes", admin_user)  # type: ignore[arg-type]
    assert IndexBuild.objects.count() == 1


def test_a_request_while_one_runs_is_refused(index_root: Path) -> None:
    running = running_build()
    with pytest.raises(RebuildRefused, match=rf"already running \(build #{running.pk}"):
        request_rebuild("statutes", None)


def test_a_request_while_a_terminal_build_holds_the_lock_is_refused(index_root: Path) -> None:
    with (
        IndexStore("statutes").build_lock(),
        pytest.raises(RebuildRefused, match="another process"),
    ):
        request_rebuild("statutes", None)
    assert not IndexBuild.objects.exists()


def test_other_index_and_finished_builds_do_not_block(index_root: Path) -> None:
    running_build(index_name="papers")
    IndexBuild.objects.create(index_name="statutes", status=IndexBuild.Status.FAILED)
    assert request_rebuild("statutes", None).status == IndexBuild.Status.QUEUED


def test_unknown_index_is_refused(index_root: Path) -> None:
    with pytest.raises(RebuildRefused, match="no index called 'laws'"):
        request_rebuild("laws", None)


def test_rebuild_all_reports_each_index(index_root: Path) -> None:
    running_build(index_name="papers")
    outcomes = request_rebuilds(("statutes", "papers"), None)
    assert [(o.index_name, o.build is not None) for o in outcomes] == [
        ("statutes", True),
        ("papers", False),
    ]
    assert "already running" in (outcomes[1].refusal or "")


def test_a_failed_enqueue_fails_the_build_instead_of_blocking_the_index(
    index_root: Path, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: object
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("queue table missing")

    monkeypatch.setattr(DatabaseBackend, "enqueue", broken)
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        build = request_rebuild("statutes", None)
    build.refresh_from_db()
    assert build.status == IndexBuild.Status.FAILED
    assert "queue table missing" in build.error
    assert request_rebuild("statutes", None).pk != build.pk


# --- running ------------------------------------------------------------------------------


def test_task_runs_the_build_and_returns_a_json_summary(
    loaded_corpus: Path, index_root: Path
) -> None:
    build = request_rebuild("statutes", None)
    summary = run_requested_build(build.pk)
    json.dumps(summary)
    build.refresh_from_db()
    assert build.status == IndexBuild.Status.SUCCEEDED
    assert build.worker_host == socket.gethostname()
    assert summary["version"] == build.version == IndexStore("statutes").live_version()
    assert build.docs_done == build.docs_total == Section.objects.count()


def test_a_cancelled_build_is_skipped_by_the_task(loaded_corpus: Path, index_root: Path) -> None:
    build = request_rebuild("statutes", None)
    assert cancel_build(build.pk)
    summary = run_requested_build(build.pk)
    assert "skipped" in summary
    build.refresh_from_db()
    assert build.status == IndexBuild.Status.CANCELLED
    assert IndexStore("statutes").live_version() is None


class CancellingWriter:
    """Writes a little, then the build is cancelled from elsewhere before it reports."""

    def __init__(self, build_id: int) -> None:
        self.build_id = build_id

    def write(self, index_name: str, directory: Path, documents: object, on_batch: object) -> None:
        (directory / "partial").write_text("")
        cancel_build(self.build_id)
        on_batch(1)  # type: ignore[operator]

    def count(self, index_name: str, directory: Path) -> int:
        return 0


def test_a_running_build_stops_at_its_next_report_when_cancelled(
    loaded_corpus: Path, index_root: Path
) -> None:
    live = build_index("statutes").version
    build = running_build()
    with pytest.raises(BuildCancelled):
        build_index("statutes", record=build, writer=CancellingWriter(build.pk))
    build.refresh_from_db()
    assert build.status == IndexBuild.Status.CANCELLED
    store = IndexStore("statutes")
    assert store.live_version() == live
    assert [p.name for p in store.versions_dir.iterdir()] == [live]


def test_cancelling_a_finished_build_does_nothing(index_root: Path) -> None:
    build = IndexBuild.objects.create(index_name="statutes", status=IndexBuild.Status.SUCCEEDED)
    assert not cancel_build(build.pk)


def test_in_process_worker_command_runs_a_requested_build(
    loaded_corpus: Path, index_root: Path, django_capture_on_commit_callbacks: object
) -> None:
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        build = request_rebuild("statutes", None)
    call_command("portal_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    build.refresh_from_db()
    assert build.status == IndexBuild.Status.SUCCEEDED
    assert DBTaskResult.objects.get().status == TaskResultStatus.SUCCESSFUL
    assert live_index("statutes").version == build.version


# --- recovering dead builds ---------------------------------------------------------------


def test_running_build_whose_worker_died_is_failed(index_root: Path) -> None:
    build = running_build(worker_pid=dead_pid())
    assert recover_stale_builds() == [build]
    build.refresh_from_db()
    assert build.status == IndexBuild.Status.FAILED
    assert f"pid {build.worker_pid}" in build.error
    assert "live index was not changed" in build.error
    assert build.finished_at is not None


def test_running_build_on_another_host_fails_only_after_the_heartbeat_timeout(
    index_root: Path, settings: object
) -> None:
    settings.PORTAL_BUILD_HEARTBEAT_TIMEOUT = 60  # type: ignore[attr-defined]
    fresh = running_build(worker_host="elsewhere", worker_pid=dead_pid())
    silent = running_build(
        index_name="papers",
        worker_host="elsewhere",
        heartbeat_at=timezone.now() - timedelta(seconds=90),
    )
    assert recover_stale_builds() == [silent]
    silent.refresh_from_db()
    assert "No progress reported for 90 s (timeout 60 s)" in silent.error
    fresh.refresh_from_db()
    assert fresh.status == RUNNING


def test_a_live_build_is_left_alone(index_root: Path) -> None:
    build = running_build()
    assert recover_stale_builds() == []
    build.refresh_from_db()
    assert build.status == RUNNING


def test_recovery_also_fails_the_orphaned_task(index_root: Path) -> None:
    task = DBTaskResult.objects.create(
        args_kwargs={"args": [1], "kwargs": {}},
        task_path="search.ops.tasks.rebuild_index_task",
        backend_name="default",
        status=TaskResultStatus.RUNNING,
    )
    running_build(worker_pid=dead_pid(), task_id=str(task.pk))
    recover_stale_builds()
    task.refresh_from_db()
    assert task.status == TaskResultStatus.FAILED
    assert "stopped during the build" in task.traceback


def test_queued_build_whose_task_ended_is_failed(index_root: Path) -> None:
    task = DBTaskResult.objects.create(
        args_kwargs={"args": [1], "kwargs": {}},
        task_path="search.ops.tasks.rebuild_index_task",
        backend_name="default",
        status=TaskResultStatus.FAILED,
    )
    waiting = DBTaskResult.objects.create(
        args_kwargs={"args": [2], "kwargs": {}},
        task_path="search.ops.tasks.rebuild_index_task",
        backend_name="default",
    )
    ended = IndexBuild.objects.create(index_name="statutes", task_id=str(task.pk))
    queued = IndexBuild.objects.create(index_name="papers", task_id=str(waiting.pk))
    assert recover_stale_builds() == [ended]
    queued.refresh_from_db()
    assert queued.status == IndexBuild.Status.QUEUED


def test_a_request_first_recovers_a_dead_build_then_accepts(index_root: Path) -> None:
    dead = running_build(worker_pid=dead_pid())
    build = request_rebuild("statutes", None)
    dead.refresh_from_db()
    assert dead.status == IndexBuild.Status.FAILED
    assert build.status == IndexBuild.Status.QUEUED


def test_worker_command_recovers_dead_builds_when_it_starts(
    index_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dead = running_build(worker_pid=dead_pid())
    call_command("portal_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    dead.refresh_from_db()
    assert dead.status == IndexBuild.Status.FAILED
    assert "stopped during the build" in capsys.readouterr().err


def test_too_little_disk_space_fails_the_build_before_writing(
    loaded_corpus: Path, index_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil
    from collections import namedtuple

    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda path: usage(10**9, 10**9, 1024))
    build = request_rebuild("statutes", None)
    with pytest.raises(BuildFailed, match="not enough disk space"):
        run_requested_build(build.pk)
    build.refresh_from_db()
    assert build.status == IndexBuild.Status.FAILED
    assert build.error.startswith("not enough disk space: 1024 bytes free")
    assert IndexStore("statutes").live_version() is None
