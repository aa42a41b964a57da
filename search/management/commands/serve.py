"""manage.py serve: gunicorn and the task worker (`portal_worker`), started and stopped together."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

POLL_SECONDS = 0.5
STOP_GRACE_SECONDS = 25
# A worker that dies more than this many times within the window is not restarted again.
WORKER_MAX_RESTARTS = 5
WORKER_RESTART_WINDOW = 60.0


class Command(BaseCommand):
    help = "Serve the portal with gunicorn and run the task worker beside it (Ctrl-C stops both)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--port",
            type=int,
            default=int(os.environ.get("PORT", "8000")),
            help="Port on 127.0.0.1.",
        )

    def handle(self, *args: object, **options: object) -> None:
        bin_dir = Path(sys.executable).parent
        env = {**os.environ, "PORT": str(options["port"])}
        config = str(settings.BASE_DIR / "portal" / "gunicorn.conf.py")
        web = subprocess.Popen([str(bin_dir / "gunicorn"), "-c", config], env=env)
        worker = self.start_worker(env)
        self.stdout.write(f"portal on http://127.0.0.1:{options['port']}/ (Ctrl-C stops it)")
        stopping = False
        restarts: list[float] = []

        def stop(signum: int, frame: FrameType | None) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        while not stopping and web.poll() is None:
            if worker.poll() is not None and not stopping:
                # Searches need only the web server: a dead worker is restarted, and on start
                # it marks the build it was running as failed.
                now = time.monotonic()
                restarts = [t for t in restarts if now - t < WORKER_RESTART_WINDOW] + [now]
                if len(restarts) > WORKER_MAX_RESTARTS:
                    self.stderr.write("the task worker keeps exiting; stopping the portal")
                    break
                self.stderr.write(
                    self.style.WARNING(
                        f"task worker exited with code {worker.returncode}; restarting it"
                    )
                )
                worker = self.start_worker(env)
            time.sleep(POLL_SECONDS)
        children = [web, worker]
        failed = [c for c in children if c.poll() not in (None, 0)]
        for child in children:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_GRACE_SECONDS
        for child in children:
            try:
                child.wait(timeout=max(deadline - time.monotonic(), 0.1))
            except subprocess.TimeoutExpired:
                child.kill()
        if failed and not stopping:
            raise CommandError(f"a portal process exited with code {failed[0].returncode}")
        self.stdout.write("portal stopped")

    def start_worker(self, env: dict[str, str]) -> subprocess.Popen[bytes]:
        """The background task worker (index rebuilds)."""
        return subprocess.Popen([sys.executable, "manage.py", "portal_worker"], env=env)
