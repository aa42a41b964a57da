"""How far a build has got, as shown in the admin: phase, percent, rate, time left."""

from dataclasses import dataclass
from datetime import datetime

from search.models import IndexBuild
from search.ops.progress import human

# After this long without a heartbeat a running build is flagged as possibly stalled.
STALL_WARNING_SECONDS = 15
# A queued build waiting this long probably has no worker to run it.
QUEUE_WARNING_SECONDS = 10
# Where a succeeded build stands: its version is the live one, or a later one replaced it.
LIVE = "live"
SUPERSEDED = "superseded"


@dataclass(frozen=True)
class BuildProgress:
    """A snapshot of one build's progress, computed from its record."""

    status: str
    active: bool
    percent: float
    docs_done: int
    docs_total: int
    phase: str
    elapsed_seconds: float | None
    docs_per_second: float | None
    eta_seconds: float | None
    warning: str
    standing: str = ""  # LIVE or SUPERSEDED for a succeeded build

    @property
    def percent_text(self) -> str:
        """'42%' (whole percent; 100% only when every document is written)."""
        return f"{int(self.percent)}%"

    @property
    def done_text(self) -> str:
        """Documents written, with thousands separators."""
        return f"{self.docs_done:,}"

    @property
    def total_text(self) -> str:
        """Documents to write ('?' until counted)."""
        return f"{self.docs_total:,}" if self.docs_total else "?"

    @property
    def rate_text(self) -> str:
        """'12.3k docs/s', or a dash before the first report."""
        if self.docs_per_second is None:
            return "–"
        return f"{human(int(self.docs_per_second))} docs/s"

    @property
    def eta_text(self) -> str:
        """'about 25 s left' while writing documents, else a dash."""
        if self.eta_seconds is None:
            return "–"
        return f"about {duration_text(self.eta_seconds)} left"

    @property
    def elapsed_text(self) -> str:
        """Time since the build started."""
        return "–" if self.elapsed_seconds is None else duration_text(self.elapsed_seconds)


def build_standing(build: IndexBuild, live_version: str | None) -> str:
    """LIVE when the build's version is the live one, SUPERSEDED for another succeeded build
    (a later build, or a restore, replaced it), '' for a build that did not succeed."""
    if build.status != IndexBuild.Status.SUCCEEDED or not build.version:
        return ""
    return LIVE if build.version == live_version else SUPERSEDED


def build_progress(build: IndexBuild, now: datetime, live_version: str | None) -> BuildProgress:
    """Progress of `build` as of `now` (rates are measured up to the last report), and where
    it stands against the index's `live_version`."""
    standing = build_standing(build, live_version)
    done, total = build.docs_done, build.docs_total
    rate = _rate(build)
    writing = build.status == IndexBuild.Status.RUNNING and total and done < total
    eta = (total - done) / rate if writing and rate else None
    percent = 100.0 if build.status == IndexBuild.Status.SUCCEEDED else min(build.percent, 100.0)
    return BuildProgress(
        status=build.status,
        active=build.is_active,
        percent=percent,
        docs_done=done,
        docs_total=total,
        phase=_phase(build, standing, live_version),
        elapsed_seconds=build.duration_seconds(now),
        docs_per_second=rate,
        eta_seconds=eta,
        warning=_warning(build, now),
        standing=standing,
    )


def duration_text(seconds: float) -> str:
    """'45 s', '3 min 05 s', '1 h 02 min'."""
    whole = int(round(seconds))
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"


def _rate(build: IndexBuild) -> float | None:
    end = build.finished_at or build.heartbeat_at
    if build.started_at is None or end is None or not build.docs_done:
        return None
    seconds = (end - build.started_at).total_seconds()
    return build.docs_done / seconds if seconds > 0 else None


def _phase(build: IndexBuild, standing: str, live_version: str | None) -> str:
    status = build.status
    if status == IndexBuild.Status.QUEUED:
        return "Waiting for the background worker to pick it up"
    if status == IndexBuild.Status.RUNNING:
        if not build.docs_total:
            return "Starting: counting documents"
        if build.docs_done < build.docs_total:
            return "Writing documents into a new version (searches still use the live one)"
        return "Committing and checking the new version, then switching it live"
    if standing == LIVE:
        return f"Done: version {build.version} is live"
    if standing == SUPERSEDED:
        now_live = f"version {live_version} is live now" if live_version else "no version is live"
        return f"Superseded: version {build.version} was replaced; {now_live}"
    if status == IndexBuild.Status.CANCELLED:
        return "Cancelled: the live index was not changed"
    return "Failed: the live index was not changed"


def _warning(build: IndexBuild, now: datetime) -> str:
    if build.status == IndexBuild.Status.QUEUED:
        waited = (now - build.created_at).total_seconds()
        if waited > QUEUE_WARNING_SECONDS:
            return (
                f"Still waiting after {duration_text(waited)}. Is the task worker running "
                "(`manage.py portal_worker`, started by `make run`)? Another build may also be "
                "ahead of this one."
            )
    if build.status == IndexBuild.Status.RUNNING and build.heartbeat_at is not None:
        silent = (now - build.heartbeat_at).total_seconds()
        if silent > STALL_WARNING_SECONDS:
            return f"No progress reported for {duration_text(silent)}."
    return ""
