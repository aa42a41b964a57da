"""The load test's server: gunicorn with the portal's own config over a generated corpus."""

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.load.corpus import write_load_corpus

BASE_DIR = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60
STEP_TIMEOUT = 600


@dataclass(frozen=True)
class Served:
    """A running portal: its address, environment (for manage.py) and index root."""

    base_url: str
    env: dict[str, str]
    index_root: Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def manage(env: dict[str, str], *args: str) -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", *args, "-v", "0"],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=STEP_TIMEOUT,
    )
    assert result.returncode == 0, f"manage.py {' '.join(args)}: {result.stderr[-2000:]}"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """Migrate, ingest and index the load corpus, then serve it with gunicorn on loopback."""
    root = tmp_path_factory.mktemp("load")
    port = free_port()
    drop = ("DATABASE_URL", "PORTAL_API_RATE_LIMIT", "DJANGO_ALLOW_ASYNC_UNSAFE")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(
        DJANGO_SETTINGS_MODULE="portal.settings",
        PORTAL_SQLITE_PATH=str(root / "portal.sqlite3"),
        PORTAL_INDEX_DIR=str(root / "indexes"),
        PORTAL_STATIC_ROOT=str(root / "static"),
        PORTAL_DATA_DIR=str(write_load_corpus(root / "data")),
        PORTAL_API_RATE_LIMIT="0",
        PORTAL_INDEX_WRITER_HEAP_MB="64",
        PORTAL_INDEX_WRITER_THREADS="1",
        PORT=str(port),
        PORTAL_WEB_WORKERS=os.environ.get("PORTAL_LOAD_WORKERS", "2"),
        PORTAL_WEB_THREADS="4",
        PYTHONUNBUFFERED="1",
    )
    steps = (
        ("migrate",),
        ("createcachetable",),
        ("collectstatic", "--noinput"),  # its own copy: pages need the manifest, as in production
        ("ingest_statutes",),
        ("ingest_papers",),
    )
    for step in steps:
        manage(env, *step)
    manage(env, "reindex", "all")
    log = (root / "gunicorn.log").open("wb")
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    server = subprocess.Popen(
        [gunicorn, "-c", "portal/gunicorn.conf.py", "--access-logfile", "/dev/null"],
        cwd=BASE_DIR,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            assert server.poll() is None, (root / "gunicorn.log").read_text()[-2000:]
            assert time.monotonic() < deadline, "gunicorn did not come up"
            time.sleep(0.2)
        yield Served(base, env, root / "indexes")
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()
        server_log = (root / "gunicorn.log").read_text(errors="replace")
        if "Traceback" in server_log:  # a server error: show it with the failure
            print(f"\n--- gunicorn log (server errors) ---\n{server_log[-6000:]}")
        shutil.rmtree(root, ignore_errors=True)
