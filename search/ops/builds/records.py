"""Build records: run a build while keeping its IndexBuild row true (status, progress, error)."""

import logging
import os
import socket

from django.utils import timezone

from search.indexes.store import BuildInProgress
from search.models import IndexBuild
from search.ops.builds.build import (
    BuildCancelled,
    BuildFailed,
    BuildResult,
    ProgressFn,
    build_index,
)

logger = logging.getLogger(__name__)


class BuildNotQueued(BuildFailed):
    """The build was cancelled or finished before a worker got to it; nothing was run."""


def run_recorded_build(build: IndexBuild, progress: ProgressFn | None = None) -> BuildResult:
    """Run a queued `build`, marking it running, then succeeded, failed or cancelled."""
    now = timezone.now()
    # A conditional update claims the build, so a cancel that lands first is never overwritten.
    claimed = IndexBuild.objects.filter(pk=build.pk, status=IndexBuild.Status.QUEUED).update(
        status=IndexBuild.Status.RUNNING,
        started_at=now,
        heartbeat_at=now,
        worker_pid=os.getpid(),
        worker_host=socket.gethostname(),
    )
    build.refresh_from_db()
    if not claimed:
        raise BuildNotQueued(f"build #{build.pk} is {build.status}, not queued: not run")
    try:
        result = build_index(build.index_name, record=build, progress=progress)
    except BuildCancelled:
        # Whoever stopped it (a cancel, stale-build recovery) already wrote status and error.
        IndexBuild.objects.filter(pk=build.pk, finished_at__isnull=True).update(
            finished_at=timezone.now()
        )
        build.refresh_from_db()
        raise
    except (BuildFailed, BuildInProgress) as exc:
        _finish(build, IndexBuild.Status.FAILED, error=str(exc))
        raise
    except BaseException as exc:
        _finish(build, IndexBuild.Status.FAILED, error=f"interrupted: {type(exc).__name__}")
        raise
    build.docs_done = result.doc_count
    build.version = result.version
    _finish(build, IndexBuild.Status.SUCCEEDED)
    return result


def _finish(build: IndexBuild, status: str, *, error: str = "") -> None:
    build.status = status
    build.error = error
    build.finished_at = timezone.now()
    build.save(update_fields=["status", "error", "finished_at", "docs_done", "version"])


def run_requested_build(build_id: int) -> dict[str, object]:
    """The task body: run a queued build recorded by `request_rebuild`; JSON-safe summary."""
    build = IndexBuild.objects.get(pk=build_id)
    try:
        result = run_recorded_build(build)
    except BuildNotQueued as exc:
        logger.info("%s", exc)
        return {"build_id": build_id, "skipped": str(exc)}
    return {"build_id": build_id, "version": result.version, "doc_count": result.doc_count}
