"""Rebuilds requested from the admin: refuse duplicates, record, enqueue, run, recover the dead.

The web process calls `request_rebuild`; the worker runs `records.run_requested_build`
through the task `search.ops.tasks.rebuild_index_task`; `recover_stale_builds` runs when the
worker starts, before every request, and while the admin watches a build.
"""

import logging
import os
import socket
from dataclasses import dataclass
from datetime import datetime
from functools import partial

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import connection, transaction
from django.tasks import TaskResultStatus
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from search.indexes.names import INDEX_NAMES
from search.indexes.store import IndexStore
from search.models import IndexBuild

logger = logging.getLogger(__name__)

DEAD_TASK_STATUSES = (TaskResultStatus.SUCCESSFUL, TaskResultStatus.FAILED)


class RebuildRefused(Exception):
    """A rebuild was not queued; the message says why, for the person who asked."""


@dataclass(frozen=True)
class RebuildOutcome:
    """What one requested rebuild came to: a queued build, or the refusal."""

    index_name: str
    build: IndexBuild | None
    refusal: str | None


def request_rebuild(index_name: str, user: User | AnonymousUser | None) -> IndexBuild:
    """Record a queued build of `index_name` and enqueue its task once the record is committed.

    Raises RebuildRefused when a build of that index is queued or running (in the database, or
    holding the index's build lock, e.g. `manage.py reindex` from a terminal).
    """
    if index_name not in INDEX_NAMES:
        raise RebuildRefused(f"There is no index called {index_name!r}.")
    recover_stale_builds()
    with transaction.atomic():
        _serialize_requests(index_name)
        active = (
            IndexBuild.objects.filter(index_name=index_name, status__in=IndexBuild.ACTIVE_STATUSES)
            .select_related("requested_by")
            .first()
        )
        if active is not None:
            raise RebuildRefused(_already_active_message(active))
        if IndexStore(index_name).is_locked():
            raise RebuildRefused(
                f"The {index_name} index is being built by another process right now "
                "(probably `manage.py reindex` from a terminal). Try again when it has finished."
            )
        build = IndexBuild.objects.create(
            index_name=index_name,
            requested_by=user if user is not None and user.is_authenticated else None,
        )
        # The worker must never see a task whose build row is not committed yet.
        transaction.on_commit(partial(_enqueue, build.pk))
    return build


def request_rebuilds(
    index_names: tuple[str, ...], user: User | AnonymousUser | None
) -> list[RebuildOutcome]:
    """`request_rebuild` for each index; one refusal does not stop the others."""
    outcomes = []
    for name in index_names:
        try:
            outcomes.append(RebuildOutcome(name, request_rebuild(name, user), None))
        except RebuildRefused as exc:
            outcomes.append(RebuildOutcome(name, None, str(exc)))
    return outcomes


def cancel_build(build_id: int) -> bool:
    """Cancel a queued or running build; a running one stops at its next progress report.

    Returns False when the build had already ended.
    """
    now = timezone.now()
    queued = IndexBuild.objects.filter(pk=build_id, status=IndexBuild.Status.QUEUED).update(
        status=IndexBuild.Status.CANCELLED,
        error="Cancelled before it started.",
        finished_at=now,
    )
    running = IndexBuild.objects.filter(pk=build_id, status=IndexBuild.Status.RUNNING).update(
        status=IndexBuild.Status.CANCELLED,
        error="Cancelled while running; the live index was not changed.",
        finished_at=now,
    )
    return bool(queued or running)


def recover_stale_builds() -> list[IndexBuild]:
    """Mark builds whose worker died as failed (the live index was never touched by them).

    Running: dead when its worker process is gone (same machine) or its heartbeat is older
    than PORTAL_BUILD_HEARTBEAT_TIMEOUT. Queued: dead when its task ended without running it.
    """
    now = timezone.now()
    recovered = []
    for build in IndexBuild.objects.filter(status__in=IndexBuild.ACTIVE_STATUSES):
        reason = dead_reason(build, now)
        if reason is None:
            continue
        # Conditional on the row being unchanged, so a build that just reported is not failed.
        # It ended at its last sign of life, not when the death was noticed.
        failed = IndexBuild.objects.filter(
            pk=build.pk, status=build.status, heartbeat_at=build.heartbeat_at
        ).update(
            status=IndexBuild.Status.FAILED,
            error=reason,
            finished_at=build.heartbeat_at or build.started_at or now,
        )
        if failed:
            _fail_task(build.task_id, reason)
            logger.warning("index build #%s marked failed: %s", build.pk, reason)
            build.refresh_from_db()
            recovered.append(build)
    return recovered


def dead_reason(build: IndexBuild, now: datetime | None = None) -> str | None:
    """Why an active build is dead (its process gone, silent, or never run); None: alive.
    Reads only, so a status answer can leave a dead build out without settling it."""
    now = now or timezone.now()
    if build.status == IndexBuild.Status.RUNNING:
        return _running_dead_reason(build, now)
    return _queued_dead_reason(build, now)


def pid_alive(pid: int) -> bool:
    """True when a process with this id exists on this machine and is not a zombie."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as handle:
            # The state letter follows the parenthesised command name.
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def _running_dead_reason(build: IndexBuild, now: datetime) -> str | None:
    same_host = build.worker_host == socket.gethostname()
    if build.worker_pid and same_host and not pid_alive(build.worker_pid):
        return (
            f"The worker process (pid {build.worker_pid} on {build.worker_host}) stopped "
            "during the build (killed or crashed). The live index was not changed."
        )
    timeout = settings.PORTAL_BUILD_HEARTBEAT_TIMEOUT
    last = build.heartbeat_at or build.started_at or build.created_at
    silent = (now - last).total_seconds()
    if silent > timeout:
        return (
            f"No progress reported for {silent:.0f} s (timeout {timeout} s): the worker "
            "probably stopped. The live index was not changed."
        )
    return None


def _queued_dead_reason(build: IndexBuild, now: datetime) -> str | None:
    if not build.task_id:
        waited = (now - build.created_at).total_seconds()
        if waited > settings.PORTAL_BUILD_HEARTBEAT_TIMEOUT:
            return "The build was never handed to the task queue."
        return None
    task = DBTaskResult.objects.filter(pk=build.task_id).only("status", "started_at").first()
    if task is None or task.status in DEAD_TASK_STATUSES:
        return "The background task ended without running the build (see its task result)."
    # A worker claims the build the moment it starts the task; still queued means it died.
    claimed_for = (now - task.started_at).total_seconds() if task.started_at else 0.0
    if (
        task.status == TaskResultStatus.RUNNING
        and claimed_for > settings.PORTAL_BUILD_HEARTBEAT_TIMEOUT
    ):
        return "The worker took the task but stopped before starting the build."
    return None


def _fail_task(task_id: str, reason: str) -> None:
    """A task whose worker was killed stays `running` in the queue table; say it failed."""
    if task_id:
        DBTaskResult.objects.filter(pk=task_id, status=TaskResultStatus.RUNNING).update(
            status=TaskResultStatus.FAILED,
            finished_at=timezone.now(),
            exception_class_path="search.ops.builds.rebuild_requests.WorkerLost",
            traceback=reason,
        )


def _enqueue(build_id: int) -> None:
    from search.ops.tasks import rebuild_index_task

    try:
        result = rebuild_index_task.enqueue(build_id)
    except Exception as exc:
        logger.exception("could not enqueue index build #%s", build_id)
        IndexBuild.objects.filter(pk=build_id, status=IndexBuild.Status.QUEUED).update(
            status=IndexBuild.Status.FAILED,
            error=f"Could not hand the build to the task queue: {exc}",
            finished_at=timezone.now(),
        )
        return
    IndexBuild.objects.filter(pk=build_id).update(task_id=str(result.id))


def _serialize_requests(index_name: str) -> None:
    """Make concurrent requests for one index take turns until their transaction ends.

    SQLite runs with transaction_mode IMMEDIATE, so each atomic block already holds the write
    lock; PostgreSQL needs an advisory lock, since a row that does not exist yet cannot be locked.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [f"rebuild:{index_name}"])


def _already_active_message(active: IndexBuild) -> str:
    who = f" by {active.requested_by}" if active.requested_by else ""
    when = timezone.localtime(active.created_at).strftime("%Y-%m-%d %H:%M:%S %Z")
    return (
        f"A rebuild of the {active.index_name} index is already {active.status} "
        f"(build #{active.pk}, requested{who} at {when}). Wait for it to finish, or cancel it."
    )
