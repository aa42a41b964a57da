"""Build records: run a build while keeping its IndexBuild row true (status, progress, error)."""

import os

from django.utils import timezone

from search.indexes.build import BuildFailed, BuildResult, ProgressFn, build_index
from search.indexes.store import BuildInProgress
from search.models import IndexBuild


def run_recorded_build(build: IndexBuild, progress: ProgressFn | None = None) -> BuildResult:
    """Run `build`, marking it running, then succeeded or failed with the error text."""
    build.status = IndexBuild.Status.RUNNING
    build.started_at = build.heartbeat_at = timezone.now()
    build.worker_pid = os.getpid()
    build.save(update_fields=["status", "started_at", "heartbeat_at", "worker_pid"])
    try:
        result = build_index(build.index_name, record=build, progress=progress)
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
