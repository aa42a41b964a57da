"""The command-line progress bar: one redrawn line on a terminal, one line per step in logs."""

import io

from django.core.management.base import OutputWrapper

from search.ops.progress import ProgressBar, human


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _run(stream: io.StringIO, steps: int = 10) -> str:
    bar = ProgressBar(OutputWrapper(stream), 1000, "docs")
    for _ in range(steps):
        bar.advance(1000 // steps)
        bar.last_draw = 0.0  # redraw every step, as if time had passed
    bar.finish()
    return stream.getvalue()


def test_terminal_redraws_one_line_through_a_command_stdout() -> None:
    out = _run(FakeTerminal())
    assert out.count("\r") >= 10
    assert out.count("\n") == 1 and out.endswith("\n")
    assert "100%" in out.rsplit("\r", 1)[-1]


def test_logs_get_a_first_line_then_one_per_ten_percent() -> None:
    lines = _run(io.StringIO(), steps=20).splitlines()
    assert len(lines) == 11
    assert "100%" in lines[-1] and "\r" not in "".join(lines)


def test_human_numbers() -> None:
    assert (human(999), human(1234), human(2_500_000)) == ("999", "1.2k", "2.5M")
