"""The recycle claim (portal/recycling.py) with a worker's threads starting requests side by side.

gunicorn counts a request in `nr` only when it is done, so with four threads the last requests
before `max_requests` start while `nr` is still short of it; the claim must count starts.
"""

import logging
import os
import threading
from pathlib import Path
from types import SimpleNamespace

from portal import recycling


def _worker(max_requests: int, pid: int | None = None) -> SimpleNamespace:
    return SimpleNamespace(
        nr=0, max_requests=max_requests, pid=pid or os.getpid(), log=logging.getLogger("t")
    )


def test_overlapping_last_requests_postpone_while_another_is_replaced(tmp_path: Path) -> None:
    flag = recycling.flag_path(str(tmp_path), 1)
    other = _worker(40, pid=os.getpid() + 1)
    other.portal_started = 39
    recycling.before_request(other, flag)  # the other worker claims its recycle
    assert flag.exists()
    worker = _worker(40)
    worker.nr = 37
    # 38 requests done or running, then two start before either is done: `nr` stays 37.
    worker.portal_started = 38
    recycling.before_request(worker, flag)
    recycling.before_request(worker, flag)
    assert worker.max_requests == 40 + recycling.POSTPONE_REQUESTS
    assert worker.recycle_postponed
    assert flag.read_text().split()[0] == str(other.pid)


def test_the_last_start_claims_once_and_a_replacement_clears_it(tmp_path: Path) -> None:
    flag = recycling.flag_path(str(tmp_path), 1)
    worker = _worker(10)
    recycling.born(worker)
    starts = [threading.Thread(target=recycling.before_request, args=(worker, flag))
              for _ in range(10)]  # fmt: skip
    for thread in starts:
        thread.start()
    for thread in starts:
        thread.join()
    assert worker.portal_started == 10
    assert worker.recycle_claimed and worker.max_requests == 10
    claimed = flag.read_text()
    recycling.before_request(worker, flag)  # a request still running after the claim
    assert flag.read_text() == claimed
    recycling.warm(worker, flag)  # this worker is older than the claim: no replacement
    assert flag.exists()
    replacement = _worker(10, pid=os.getpid() + 2)
    recycling.born(replacement)
    recycling.warm(replacement, flag)
    assert not flag.exists()
