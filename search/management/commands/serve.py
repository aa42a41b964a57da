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
        children = [
            subprocess.Popen([str(bin_dir / "gunicorn"), "-c", config], env=env),
            subprocess.Popen([sys.executable, "manage.py", "portal_worker"], env=env),
        ]
        self.stdout.write(f"portal on http://127.0.0.1:{options['port']}/ (Ctrl-C stops it)")
        stopping = False

        def stop(signum: int, frame: FrameType | None) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        while not stopping and all(c.poll() is None for c in children):
            time.sleep(POLL_SECONDS)
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
