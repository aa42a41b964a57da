"""Load on loopback: gunicorn (the portal's own config) under mixed statute and paper searches.

Bounded by request count and duration, so it always stops by itself. `make test` runs a short
round; `make loadtest` a longer one (PORTAL_LOAD_REQUESTS, PORTAL_LOAD_SECONDS,
PORTAL_LOAD_CLIENTS) and prints the figures docs/operations.md quotes.
"""

import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.load.client import LoadReport, run_load
from tests.load.conftest import BASE_DIR, Served

pytestmark = [pytest.mark.load, pytest.mark.slow]

REQUESTS = int(os.environ.get("PORTAL_LOAD_REQUESTS", "600"))
SECONDS = float(os.environ.get("PORTAL_LOAD_SECONDS", "25"))
CLIENTS = int(os.environ.get("PORTAL_LOAD_CLIENTS", "8"))
# Generous: a loaded 2-core CI machine, with the test runner itself competing for the cores.
P95_LIMIT_MS = float(os.environ.get("PORTAL_LOAD_P95_LIMIT_MS", "3000"))
FIGURES = BASE_DIR / "var" / "loadtest-latest.json"


def api(path: str, **params: str) -> str:
    return f"{path}?{urlencode(params)}"


MIXED = [
    api("/api/statute_search", q="landlord security deposit return", jurisdiction="wa"),
    api("/api/search_keyword", query="low rank adaptation", facets="true"),
    api("/api/statute_search", q="tenant notice repair", jurisdiction="ca", limit="50"),
    api("/api/search_keyword", query="attention transformer", match="any_words", detail="full"),
    api("/statutes/", q="eviction notice thirty days", jurisdiction="id"),
    api("/papers/", query="fine tuning", categories="cs.CL", diversifyBy="contentType"),
    api("/api/statute_search", q='"written agreement" landlord'),
    api("/api/search_keyword", query="dataset benchmark results", match="phrase"),
    api("/api/search_keyword", query="model", entities="LoRA", dateFrom="2025-03-01"),
    api("/api/statute_search", q="rent late fee payment owner", jurisdiction="or"),
]


def record(name: str, report: LoadReport) -> None:
    """Print the figures and keep the latest in var/ for docs/operations.md."""
    line = f"load [{name}]: {report.summary()}"
    print("\n" + line)
    FIGURES.parent.mkdir(parents=True, exist_ok=True)
    figures = json.loads(FIGURES.read_text()) if FIGURES.is_file() else {}
    figures[name] = {
        "summary": report.summary(),
        "requests": report.sent,
        "p95_ms": round(report.percentile(95)),
        "clients": CLIENTS,
        "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    FIGURES.write_text(json.dumps(figures, indent=2) + "\n")


def test_mixed_searches_under_load_answer_without_errors(served: Served) -> None:
    report = run_load(
        served.base_url, MIXED, clients=CLIENTS, requests=REQUESTS, max_seconds=SECONDS
    )
    record("mixed", report)
    assert report.sent >= min(REQUESTS, 100), report.summary()
    assert not report.errors, report.errors[:10]
    assert report.percentile(95) < P95_LIMIT_MS, report.summary()


def live_versions(index_root: Path) -> dict[str, str]:
    return {
        name: (index_root / name / "LIVE").read_text().strip() for name in ("statutes", "papers")
    }


def test_searches_keep_answering_during_a_reindex_under_load(served: Served) -> None:
    before = live_versions(served.index_root)
    # Stretch the build so that it overlaps the load for several seconds.
    env = {**served.env, "PORTAL_BUILD_BATCH_DELAY": "1.0"}
    build = subprocess.Popen(
        [sys.executable, "manage.py", "reindex", "all", "-v", "0"],
        cwd=BASE_DIR,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    done = threading.Event()

    def watch() -> None:
        build.wait(timeout=300)
        done.set()

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    time.sleep(0.5)
    during = run_load(
        served.base_url, MIXED, clients=CLIENTS, requests=100_000, max_seconds=120, stop=done
    )
    watcher.join(timeout=300)
    output = build.stdout.read().decode() if build.stdout else ""
    assert build.returncode == 0, output
    record("during-reindex", during)
    assert during.sent >= 50, during.summary()
    assert not during.errors, during.errors[:10]
    after = live_versions(served.index_root)
    assert all(after[name] != before[name] for name in before), (before, after)
    # And the new versions answer.
    check = run_load(served.base_url, MIXED, clients=2, requests=20, max_seconds=30)
    assert not check.errors, check.errors[:10]


RAW_REQUESTS = [
    b"GET /api/statute_search?q=%FF%FE%00landlord HTTP/1.1",
    b"GET /api/search_keyword?query=\xff\xfe\xfd&limit=%ZZ HTTP/1.1",
    b"GET /statutes/?q=%E2%82&limit=-1 HTTP/1.1",
    b"GET /papers/%00/ HTTP/1.1",
    b"GET /statutes/\xc0\xaf/ HTTP/1.1",
    b"GET /api/statute_search?q=" + b"a" * 9000 + b" HTTP/1.1",  # over gunicorn's line limit
    b"GET /papers/?" + b"&".join([b"categories=cs.CL"] * 95) + b" HTTP/1.1",
]


def raw_status(served: Served, request_line: bytes) -> int:
    """Send one request line as raw bytes (no client library to clean it up); its status."""
    host, port = served.base_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(request_line + b"\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    return int(received.split(b" ", 2)[1])


def test_raw_invalid_bytes_through_gunicorn_are_never_a_server_error(served: Served) -> None:
    statuses = {line[:60]: raw_status(served, line) for line in RAW_REQUESTS}
    assert all(status < 500 for status in statuses.values()), statuses
