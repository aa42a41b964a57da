"""Engine-neutral pieces every backend shares: the 503 error, filters, the index writer."""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

Document = dict[str, Any]


@dataclass(frozen=True)
class Terms:
    """Filter: the raw (untokenised) field holds one of `values`."""

    field: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class Either:
    """Filter: at least one of the `options` holds (e.g. statutes OR a default source)."""

    options: "tuple[Filter, ...]"


@dataclass(frozen=True)
class All:
    """Filter: every one of the `parts` holds (e.g. statutes AND these jurisdictions)."""

    parts: "tuple[Filter, ...]"


Filter = Terms | Either | All


class IndexUnavailable(Exception):
    """No live index can be opened (missing, unreadable or corrupt); the web layer answers 503."""

    def __init__(self, index_name: str, reason: str) -> None:
        super().__init__(f"The {index_name} index is not available: {reason}")
        self.index_name = index_name
        self.reason = reason


class IndexWriterBackend(Protocol):
    """Writes one index version into a fresh directory and reads its document count back."""

    def write(
        self,
        index_name: str,
        directory: Path,
        documents: Iterable[Document],
        on_batch: Callable[[int], None],
    ) -> None:
        """Write every document, committing at the end; call on_batch(n) as they go in."""
        ...

    def count(self, index_name: str, directory: Path) -> int:
        """Number of documents a reader sees in a finished version."""
        ...
