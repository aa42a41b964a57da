"""Every bench command starts in a fresh process (an import that needs Django before the
command sets it up fails here, not on someone's first `python -m bench.quality`)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = ("bench", "bench.quality", "bench.baseline", "bench.did_you_mean", "bench.weights")


@pytest.mark.parametrize("module", COMMANDS)
def test_the_command_answers_help_in_a_fresh_process(module: str) -> None:
    environ = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, "-m", module, "--help"],
        cwd=ROOT, env=environ, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage:" in done.stdout
