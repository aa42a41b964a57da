"""Latency samples, percentiles and ratios."""

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field


def percentile(values: list[float], pct: float) -> float:
    """The `pct` percentile by linear interpolation (p50 is the median); NaN when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = (len(ordered) - 1) * pct / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


@dataclass
class Samples:
    """Wall-clock seconds of one operation over many queries."""

    seconds: list[float] = field(default_factory=list)

    def add(self, value: float) -> None:
        self.seconds.append(value)

    @property
    def n(self) -> int:
        return len(self.seconds)

    @property
    def p50(self) -> float:
        return percentile(self.seconds, 50)

    @property
    def p95(self) -> float:
        return percentile(self.seconds, 95)

    @property
    def p99(self) -> float:
        return percentile(self.seconds, 99)

    @property
    def longest(self) -> float:
        """The longest wait (NaN when empty)."""
        return max(self.seconds) if self.seconds else float("nan")

    @property
    def mean(self) -> float:
        return statistics.fmean(self.seconds) if self.seconds else float("nan")


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    """Seconds `fn()` took, and its result."""
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def ratio(numerator: float, denominator: float) -> float:
    """numerator / denominator, NaN when either is missing or the denominator is zero."""
    if not denominator or denominator != denominator or numerator != numerator:
        return float("nan")
    return numerator / denominator


def ms(seconds: float) -> str:
    """Milliseconds for tables: 3 significant digits, '-' when missing."""
    if seconds != seconds:
        return "-"
    value = seconds * 1000
    return f"{value:.3g}" if value < 100 else f"{value:.0f}"


def times(value: float) -> str:
    """A ratio for tables: '1.23x', '-' when missing."""
    return "-" if value != value else f"{value:.2f}x"
