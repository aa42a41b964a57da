"""What the build page says about progress: pure computations on a build record."""

from datetime import UTC, datetime, timedelta

import pytest

from search.models import IndexBuild
from search.ops.builds.build_progress import build_progress, duration_text

NOW = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def build(**fields: object) -> IndexBuild:
    """An unsaved record (no database needed)."""
    return IndexBuild(index_name="statutes", created_at=NOW - timedelta(seconds=3), **fields)


def running(done: int, total: int, seconds: float, silent: float = 0.0) -> IndexBuild:
    start = NOW - timedelta(seconds=seconds)
    return build(
        status=IndexBuild.Status.RUNNING,
        docs_done=done,
        docs_total=total,
        started_at=start,
        heartbeat_at=NOW - timedelta(seconds=silent),
    )


def test_rate_and_time_left_come_from_the_last_report() -> None:
    progress = build_progress(running(50_000, 200_000, seconds=10), NOW, None)
    assert progress.percent_text == "25%"
    assert progress.rate_text == "5.0k docs/s"
    assert progress.eta_text == "about 30 s left"
    assert progress.done_text == "50,000" and progress.total_text == "200,000"
    assert progress.active and not progress.warning


def test_writing_done_means_committing_and_checking() -> None:
    progress = build_progress(running(1000, 1000, seconds=5), NOW, None)
    assert progress.phase.startswith("Committing and checking")
    assert progress.eta_text == "–"


def test_before_the_first_report_there_is_no_rate() -> None:
    progress = build_progress(running(0, 0, seconds=1), NOW, None)
    assert progress.phase == "Starting: counting documents"
    assert progress.rate_text == "–" and progress.total_text == "?"


def test_a_silent_running_build_is_flagged() -> None:
    progress = build_progress(running(10, 100, seconds=60, silent=40), NOW, None)
    assert progress.warning == "No progress reported for 40 s."


def test_a_long_queued_build_asks_whether_the_worker_runs() -> None:
    waiting = IndexBuild(index_name="statutes", created_at=NOW - timedelta(seconds=30))
    progress = build_progress(waiting, NOW, None)
    assert "Waiting for the background worker" in progress.phase
    assert "Is the task worker running" in progress.warning


def test_finished_builds_are_not_active_and_report_duration() -> None:
    done = build(
        status=IndexBuild.Status.SUCCEEDED,
        docs_done=900,
        docs_total=1000,  # a build's own count wins: succeeded is 100%
        version="v1",
        started_at=NOW - timedelta(seconds=75),
        finished_at=NOW,
    )
    progress = build_progress(done, NOW, "v1")
    assert not progress.active
    assert progress.percent_text == "100%"
    assert progress.elapsed_text == "1 min 15 s"
    assert progress.phase == "Done: version v1 is live" and progress.standing == "live"
    superseded = build_progress(done, NOW, "v2")
    assert superseded.standing == "superseded"
    assert superseded.phase == "Superseded: version v1 was replaced; version v2 is live now"
    failed = build_progress(build(status=IndexBuild.Status.FAILED), NOW, None)
    assert failed.phase == "Failed: the live index was not changed"


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0.4, "0 s"), (59.6, "1 min 00 s"), (125, "2 min 05 s"), (3720, "1 h 02 min")],
)
def test_duration_text(seconds: float, text: str) -> None:
    assert duration_text(seconds) == text
