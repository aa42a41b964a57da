"""Real Chromium (Debian's package) driven by Playwright against Django's live server."""

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.servers.basehttp import ThreadedWSGIServer
from pytest_django.live_server_helper import LiveServer

CHROMIUM = os.environ.get("PORTAL_CHROMIUM", "/usr/bin/chromium")
# Flags that keep Chromium from reaching for the network this machine does not have.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Playwright's sync API runs an event loop in this thread; Django's ORM refuses to run
# inside one unless told that this test process knows what it is doing.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(autouse=True)
def plain_static_storage(settings: object) -> None:
    """The live server serves static files by their source names, not the manifest's hashes."""
    settings.STORAGES = {  # type: ignore[attr-defined]
        **settings.STORAGES,  # type: ignore[attr-defined]
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Chromium for the session; skipped where Chromium is not installed."""
    if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
        pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield launched
        launched.close()


class JoinedWSGIServer(ThreadedWSGIServer):
    """Django's test server, but closing it waits for its request threads (daemons it would
    leave running)."""

    daemon_threads = False


@pytest.fixture
def live_server(transactional_db: None, browser: object) -> Iterator[LiveServer]:
    """A live server for this test alone, stopped at its end once its requests have finished.

    Not pytest-django's one-per-session server: a request a test left running (the search of a
    last keystroke, a poll, a favicon) would read the in-memory database while the next test
    loads or flushes it, and SQLite's shared cache fails such a write at once ("database table
    is locked").
    """
    server = LiveServer("localhost", start=False)
    server.thread.server_class = JoinedWSGIServer
    server.start()
    yield server
    # Stopping waits for every request thread, and a keep-alive connection holds one open.
    for context in list(browser.contexts):  # type: ignore[attr-defined]
        context.close()
    server.stop()


@pytest.fixture
def page(browser: object, live_server: LiveServer) -> Iterator[object]:
    """A fresh page in its own context (no shared cookies between tests), closed before the
    test's live server stops."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    yield tab
    context.close()
