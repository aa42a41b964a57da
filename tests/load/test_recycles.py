"""Worker recycles under load: one worker at a time, and no request fails.

Both workers get the same `max_requests` and no jitter, so under an even load they would
reach it together; the log shows each replacement warm before the next worker recycles.
"""

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.corpus import write_corpus
from tests.load.client import run_load
from tests.served import gunicorn, manage, portal_env

pytestmark = [pytest.mark.load, pytest.mark.slow]

MAX_REQUESTS = 40
PATHS = [
    "/api/statute_search?q=landlord+deposit&jurisdiction=wa",
    "/api/search_keyword?query=low-rank+adaptation",
    "/healthz",
]
EVENT = re.compile(
    r"\[(\d+)\] \[INFO\] (Autorestarting worker|warm-up:|recycle postponed|Booting worker)"
)


@pytest.fixture(scope="module")
def recycling_portal(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    root = tmp_path_factory.mktemp("recycles")
    env = portal_env(
        root, write_corpus(root / "data"), PORTAL_WEB_WORKERS="2", PORTAL_WEB_THREADS="4",
        PORTAL_WEB_MAX_REQUESTS=str(MAX_REQUESTS), PORTAL_WEB_MAX_REQUESTS_JITTER="0",
    )  # fmt: skip
    steps = (("migrate",), ("collectstatic", "--noinput"), ("ingest_statutes",),
             ("ingest_papers",), ("reindex", "all"))  # fmt: skip
    for step in steps:
        manage(env, *step)
    log = root / "gunicorn.log"
    with gunicorn(env, log) as base:
        yield base, log


def test_workers_recycle_one_at_a_time_and_no_request_fails(
    recycling_portal: tuple[str, Path],
) -> None:
    base, log = recycling_portal
    report = run_load(base, PATHS, clients=16, requests=3000, max_seconds=60)
    assert not report.errors, report.errors[:5]
    text = log.read_text()
    # "Booting worker with pid: N" is logged by the master: the worker's pid ends the line.
    text = re.sub(
        r"\[\d+\] \[INFO\] Booting worker with pid: (\d+)", r"[\1] [INFO] Booting worker", text
    )
    events = [(m.group(2), int(m.group(1))) for m in EVENT.finditer(text)]
    recycles = {pid for kind, pid in events if kind == "Autorestarting worker"}
    assert len(recycles) >= 3, events  # several rounds of recycling happened
    # Every recycle is followed by its replacement (a worker booted after it) warming up
    # before the next recycle.
    # gunicorn can log "Autorestarting" twice for one worker (two threads finish its last
    # requests together): one worker, one recycle.
    waiting, replacements, recycled = False, set(), set()
    for kind, pid in events:
        if kind == "Autorestarting worker" and pid not in recycled:
            assert not waiting, f"worker {pid} recycled while another was being replaced"
            waiting, replacements = True, set()
            recycled.add(pid)
        elif kind == "Booting worker" and waiting:
            replacements.add(pid)
        elif kind == "warm-up:" and pid in replacements:
            waiting = False
    assert any(kind == "recycle postponed" for kind, _ in events), "no recycle ever coincided"
