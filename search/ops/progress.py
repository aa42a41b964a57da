"""A text progress bar for management commands: one redrawn line on a terminal, steps in logs.

Ours, not tqdm's or rich's: tqdm only redraws with carriage returns, so a log gets one line of
control characters (or nothing, with `disable=None`), and through a command's `self.stdout`,
which ends every write with a newline, even a terminal gets a new line per redraw; rich prints
only the final state when not on a terminal. Either would still need this module's two modes.
"""

import time
from collections.abc import Callable
from functools import partial
from typing import Protocol

BAR_WIDTH = 30
MIN_REDRAW_SECONDS = 0.25
NON_TTY_STEP_PERCENT = 10


class TextSink(Protocol):
    """Where the bar is drawn: a text stream or a management command's stdout wrapper."""

    def write(self, text: str, /) -> object: ...

    def flush(self) -> None: ...


class ProgressBar:
    """Draws `label [#####.....] 42% 1.2k/3.0k 350/s eta 5s` on one line, throttled."""

    def __init__(self, stream: TextSink, total: int, label: str, *, unit: str = "") -> None:
        self.stream = stream
        self.total = max(total, 0)
        self.label = label
        self.unit = unit
        self.done = 0
        self.started = time.monotonic()
        self.last_draw = 0.0
        self.last_step = -1
        self.is_tty = bool(getattr(stream, "isatty", lambda: False)())
        # A command's stdout wrapper ends every write with a newline unless told otherwise,
        # which would turn each carriage-return redraw into a new line.
        self._write: Callable[[str], object] = (
            partial(stream.write, ending="") if hasattr(stream, "ending") else stream.write  # type: ignore[call-arg]
        )

    def advance(self, amount: int = 1) -> None:
        """Add work done and redraw when due."""
        self.done += amount
        self._draw(final=False)

    def set_total(self, total: int) -> None:
        """Change the total once it is known."""
        self.total = total

    def finish(self) -> None:
        """Draw the final state and end the line."""
        self._draw(final=True)
        if self.is_tty:
            self._write("\n")
        self.stream.flush()

    def _draw(self, *, final: bool) -> None:
        now = time.monotonic()
        percent = int(100 * self.done / self.total) if self.total else 100
        if self.is_tty:
            if not final and now - self.last_draw < MIN_REDRAW_SECONDS:
                return
            self._write("\r" + self.render(now))
        else:
            # Logs and CI get one line per step instead of carriage-return redraws.
            step = percent // NON_TTY_STEP_PERCENT
            if step == self.last_step:
                return
            self.last_step = step
            self._write(self.render(now) + "\n")
        self.last_draw = now
        self.stream.flush()

    def render(self, now: float) -> str:
        """The bar as text."""
        fraction = min(self.done / self.total, 1.0) if self.total else 1.0
        filled = int(BAR_WIDTH * fraction)
        elapsed = max(now - self.started, 1e-9)
        rate = self.done / elapsed
        remaining = (self.total - self.done) / rate if rate > 0 and self.total else 0.0
        return (
            f"{self.label} [{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {fraction:4.0%} "
            f"{human(self.done)}/{human(self.total)}{self.unit} "
            f"{human(int(rate))}{self.unit}/s eta {remaining:.0f}s"
        )


def human(number: int) -> str:
    """1234567 -> '1.2M'."""
    for factor, suffix in ((1_000_000_000, "G"), (1_000_000, "M"), (1_000, "k")):
        if abs(number) >= factor:
            return f"{number / factor:.1f}{suffix}"
    return str(number)
