"""The whole path with a real `manage.py portal_worker` process on the small test corpus.

The test database is copied to a file both processes open (see tests/reindex_support.py);
each worker test takes a few seconds.
"""

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from search.indexes.store import BUILDING_SUFFIX, IndexStore
from search.ingest.papers import ingest_papers
from search.ingest.statutes import ingest_statutes
from search.models import IndexBuild, Section
from search.ops.builds.build import build_index
from search.ops.builds.rebuild_requests import RebuildRefused, request_rebuild
from tests.reindex_support import (
    add_filler_sections,
    body_hits,
    build_status,
    run_worker_batch,
    start_worker,
    stop,
    switch_to_file_database,
    wait_for,
    worker_env,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

# Progress is reported per 1,000 documents and the test delay follows each report. Rows are
# read 2,000 at a time: 5,000 rows keep reads going after the first progress writes.
FILLER = 5000


@pytest.fixture
def shared_db(transactional_db: None, tmp_path: Path) -> Iterator[Path]:
    """This test's database as a file the worker process opens too."""
    with switch_to_file_database(tmp_path / "shared.sqlite3") as path:
        yield path


@pytest.fixture
def old_version(shared_db: Path, corpus_dir: Path, index_root: Path) -> str:
    """The corpus loaded into the shared database, and a statutes version built from it."""
    ingest_statutes(corpus_dir)
    ingest_papers(corpus_dir)
    return build_index("statutes").version


@pytest.fixture
def log(tmp_path: Path) -> Path:
    return tmp_path / "worker.log"


def test_worker_builds_switches_and_searches_see_the_new_data(
    old_version: str, shared_db: Path, index_root: Path, log: Path
) -> None:
    assert body_hits("fillerword") == (old_version, 0)
    add_filler_sections(5)
    build = request_rebuild("statutes", None)
    run_worker_batch(worker_env(shared_db, index_root), log)
    build.refresh_from_db()
    assert build.status == IndexBuild.Status.SUCCEEDED, build.error
    assert build.version != old_version
    assert build.docs_done == build.docs_total == Section.objects.count()
    assert build.worker_pid != os.getpid()
    assert DBTaskResult.objects.get(pk=build.task_id).status == TaskResultStatus.SUCCESSFUL
    assert IndexStore("statutes").live_version() == build.version
    assert body_hits("fillerword") == (build.version, 5)


def test_during_a_build_searches_answer_from_the_old_version_and_requests_are_refused(
    old_version: str, shared_db: Path, index_root: Path, log: Path
) -> None:
    add_filler_sections(FILLER)
    worker = start_worker(worker_env(shared_db, index_root, batch_delay=0.5), log, batch=False)
    try:
        build = request_rebuild("statutes", None)
        wait_for(
            lambda: IndexBuild.objects.filter(pk=build.pk, docs_done__gt=0).exists(),
            "the build to report progress",
            log=log,
        )
        assert build_status(build.pk) == IndexBuild.Status.RUNNING
        assert body_hits("fillerword") == (old_version, 0)
        assert body_hits("landlord")[1] > 0
        with pytest.raises(RebuildRefused, match="already running"):
            request_rebuild("statutes", None)
        # A write from another process mid-build must not break the build's progress writes.
        papers = request_rebuild("papers", None)
        wait_for(lambda: build_status(build.pk) != IndexBuild.Status.RUNNING, "the build", log=log)
        build.refresh_from_db()
        assert build.status == IndexBuild.Status.SUCCEEDED, build.error
        assert body_hits("fillerword") == (build.version, FILLER)
        wait_for(lambda: build_status(papers.pk) == IndexBuild.Status.SUCCEEDED, "papers", log=log)
    finally:
        stop(worker)


def test_sigkilled_worker_leaves_the_live_index_and_is_recovered_on_restart(
    old_version: str, shared_db: Path, index_root: Path, log: Path
) -> None:
    add_filler_sections(1500)
    store = IndexStore("statutes")
    worker = start_worker(worker_env(shared_db, index_root, batch_delay=30), log, batch=False)
    try:
        build = request_rebuild("statutes", None)
        wait_for(
            lambda: IndexBuild.objects.filter(pk=build.pk, docs_done__gt=0).exists(),
            "the build to report progress",
            log=log,
        )
        assert store.is_locked()
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait(timeout=10)
    finally:
        stop(worker)

    assert store.live_version() == old_version
    assert body_hits("landlord")[1] > 0
    assert not store.is_locked(), "the kernel releases a dead process's flock"
    assert any(p.name.endswith(BUILDING_SUFFIX) for p in store.versions_dir.iterdir())
    assert build_status(build.pk) == IndexBuild.Status.RUNNING  # nobody has noticed yet

    run_worker_batch(worker_env(shared_db, index_root), log)  # recovers, finds no task, exits
    build.refresh_from_db()
    assert build.status == IndexBuild.Status.FAILED
    assert f"pid {worker.pid}" in build.error and "live index was not changed" in build.error
    assert DBTaskResult.objects.get(pk=build.task_id).status == TaskResultStatus.FAILED

    retry = request_rebuild("statutes", None)
    run_worker_batch(worker_env(shared_db, index_root), log)
    retry.refresh_from_db()
    assert retry.status == IndexBuild.Status.SUCCEEDED, retry.error
    assert body_hits("fillerword") == (retry.version, 1500)
    assert not any(p.name.endswith(BUILDING_SUFFIX) for p in store.versions_dir.iterdir())
