"""In real Chromium: a staff user logs in, clicks "Rebuild statutes index", confirms, and
watches the progress bar, fed by a real worker process, reach 100%."""

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_django.live_server_helper import LiveServer

from search.ingest.statutes import ingest_statutes
from search.models import IndexBuild
from search.ops.builds.build import build_index
from tests.reindex_support import (
    add_filler_sections,
    start_worker,
    stop,
    switch_to_file_database,
    worker_env,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PASSWORD = "browser-test-pass"


@pytest.fixture
def shared_db(transactional_db: None, tmp_path: Path) -> Iterator[Path]:
    """The database as a file shared by this process, its live server and the worker."""
    with switch_to_file_database(tmp_path / "shared.sqlite3") as path:
        yield path


@pytest.fixture
def live_server(shared_db: Path, live_server: LiveServer) -> LiveServer:
    """This test's live server, started on the file database (so each request thread opens the
    file) and stopped, its requests finished, before the switch back."""
    assert not live_server.thread.connections_override, "the server must not share a connection"
    return live_server


def test_staff_clicks_rebuild_and_watches_progress_reach_100(
    shared_db: Path,
    corpus_dir: Path,
    index_root: Path,
    django_user_model: object,
    live_server: LiveServer,
    page: object,
    tmp_path: Path,
) -> None:
    ingest_statutes(corpus_dir)
    old = build_index("statutes").version
    add_filler_sections(3000)
    django_user_model.objects.create_superuser("staff", password=PASSWORD)  # type: ignore[attr-defined]
    log = tmp_path / "worker.log"
    worker = start_worker(worker_env(shared_db, index_root, batch_delay=0.5), log, batch=False)
    url = live_server.url
    try:
        page.goto(f"{url}/admin/login/?next=/admin/search/indexbuild/")  # type: ignore[attr-defined]
        page.fill("#id_username", "staff")  # type: ignore[attr-defined]
        page.fill("#id_password", PASSWORD)  # type: ignore[attr-defined]
        page.click("input[type=submit]")  # type: ignore[attr-defined]
        page.click("text=Rebuild statutes index…")  # type: ignore[attr-defined]
        # A confirmation page first, saying what is live; nothing is queued before the answer.
        page.wait_for_selector("text=Rebuild the statutes index?")  # type: ignore[attr-defined]
        assert old in page.inner_text("#content-main")  # type: ignore[attr-defined]
        assert not IndexBuild.objects.exists()
        page.click("text=Yes, rebuild the statutes index")  # type: ignore[attr-defined]

        page.wait_for_selector(".messagelist .success")  # type: ignore[attr-defined]
        assert "Rebuild of the statutes index queued as build #" in page.inner_text(".messagelist")  # type: ignore[attr-defined]
        seen = watch_progress(page, timeout=40, log=log)
        assert seen[-1] == ("Succeeded", "100%"), seen
        assert any(status in ("Queued", "Running") for status, _ in seen), seen
        # Polling stops once the build has ended.
        assert page.get_attribute("#build-live", "hx-trigger") is None  # type: ignore[attr-defined]
        live_text = page.inner_text("#build-live")  # type: ignore[attr-defined]
        assert "It is the live version" in live_text and "LIVE" in live_text
        assert "Started\tnot yet" not in live_text  # the facts below the bar refresh too
        page.screenshot(path=str(tmp_path / "admin-reindex.png"), full_page=True)  # type: ignore[attr-defined]

        build = IndexBuild.objects.get()
        assert build.status == IndexBuild.Status.SUCCEEDED and build.version != old
        page.goto(f"{url}/healthz")  # type: ignore[attr-defined]
        health = json.loads(page.inner_text("body"))  # type: ignore[attr-defined]
        assert health["indexes"]["statutes"]["version"] == build.version
    finally:
        stop(worker)


def watch_progress(page: object, *, timeout: float, log: Path) -> list[tuple[str, str]]:
    """(status, percent) each time the polled progress region changes, until the build ends."""
    seen: list[tuple[str, str]] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = (
            page.inner_text("[data-testid=status]").strip(),  # type: ignore[attr-defined]
            page.inner_text("[data-testid=percent]").strip(),  # type: ignore[attr-defined]
        )
        if not seen or seen[-1] != state:
            seen.append(state)
        if state[0] in ("Succeeded", "Failed", "Cancelled"):
            return seen
        time.sleep(0.1)
    raise AssertionError(f"build did not end in {timeout}s; saw {seen}\n{log.read_text()}")
