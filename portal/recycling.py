"""One gunicorn worker recycled at a time (its `max_requests`), so a recycle is never seen.

Each worker restarts after its share of requests; under load two workers reach it within the
same second however wide the jitter, and while both were importing Django and warming up
every request waited (about 2 s at 32 clients). A worker about to take its last request first
claims a flag file shared by the workers of one master; while another worker's replacement
is still warming up it takes more requests instead, and a replacement clears the flag once
it is warm (`post_worker_init`). A flag older than FLAG_MAX_SECONDS is ignored (a replacement
that never came up must not stop recycling for good).
"""

import fcntl
import os
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

# Requests a worker takes before it asks again while another is being replaced.
POSTPONE_REQUESTS = 50
FLAG_MAX_SECONDS = 60.0


def flag_path(folder: str | None, master_pid: int) -> Path:
    """The flag of this master's workers, in gunicorn's worker folder (tmpfs when it has one)."""
    return Path(folder or tempfile.gettempdir()) / f"portal-recycling-{master_pid}"


@contextmanager
def _locked(flag: Path) -> Iterator[None]:
    with flag.with_suffix(".lock").open("a") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _other_recycling(flag: Path, pid: int) -> bool:
    try:
        owner, _, since = flag.read_text().partition(" ")
        return int(owner) != pid and time.time() - float(since) < FLAG_MAX_SECONDS
    except (OSError, ValueError):
        return False


# The worker's threads run pre_request side by side.
_started_lock = threading.Lock()


def before_request(worker: Any, flag: Path) -> None:
    """gunicorn's pre_request: before a worker's last request, claim the recycle or wait for
    the worker being replaced (by taking POSTPONE_REQUESTS more requests).

    Requests *started* are counted here, not gunicorn's `nr` (requests finished): with several
    threads, a request starts while others still run, and two requests checking `nr` could
    both see "not the last" and the worker recycle without a claim.
    """
    with _started_lock:
        started = getattr(worker, "portal_started", 0) + 1
        worker.portal_started = started
        if started < worker.max_requests or getattr(worker, "recycle_claimed", False):
            return
        with _locked(flag):
            if _other_recycling(flag, worker.pid):
                worker.max_requests += POSTPONE_REQUESTS
                if not getattr(worker, "recycle_postponed", False):
                    worker.recycle_postponed = True
                    worker.log.info("recycle postponed: another worker is being replaced")
                return
            flag.write_text(f"{worker.pid} {time.time()}")
            worker.recycle_claimed = True


def born(worker: Any) -> None:
    """gunicorn's post_fork: note when this worker started (see `warm`)."""
    worker.portal_born = time.time()


def warm(worker: Any, flag: Path) -> None:
    """gunicorn's post_worker_init, after the warm-up: a replacement is ready, the next
    worker may recycle. Only a worker started after the claim clears it: a first-generation
    worker still warming up when another already recycles is no replacement."""
    with _locked(flag):
        try:
            since = float(flag.read_text().partition(" ")[2])
        except (OSError, ValueError):
            return
        if getattr(worker, "portal_born", 0.0) >= since:
            flag.unlink(missing_ok=True)


def forget(flag: Path) -> None:
    """Remove the flag and its lock file (the master is exiting)."""
    flag.unlink(missing_ok=True)
    flag.with_suffix(".lock").unlink(missing_ok=True)


def master_pid() -> int:
    """The pid of the master (the config file is read there, before workers fork)."""
    return os.getpid()
