"""Where one page of rows sits in a search's order: the paging both searches answer with."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Paging:
    """One page's offset and rows shown, the next and previous offsets, and why rows end."""

    offset: int
    shown: int
    next_offset: int | None  # None: this page ends the rows
    previous_offset: int | None  # None: this is the first page
    held_back: int = 0  # matches ranked up to this page's end that a per-paper cap left out
    end_note: str | None = None  # said on the last page: why the rows end here

    @property
    def first(self) -> int:
        """1-based number of the first row shown (0 when none is)."""
        return self.offset + 1 if self.shown else 0

    @property
    def last(self) -> int:
        """1-based number of the last row shown."""
        return self.offset + self.shown


def previous_offset(offset: int, limit: int) -> int | None:
    """The offset of the page before one starting at `offset` (None: this is the first)."""
    return max(offset - limit, 0) if offset else None
