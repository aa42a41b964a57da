"""Where one page of rows sits in an order: the paging both searches and the chapter page
answer with, and the links `templates/_paging.html` shows for it."""

from collections.abc import Callable
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


@dataclass(frozen=True)
class PagingLinks:
    """What `templates/_paging.html` shows for one page: where it sits among `total` rows,
    its neighbours' URLs (every parameter kept but `offset`) and the page size they name."""

    paging: Paging
    total: int
    size: int  # rows a page holds, named on the links ("Next 20")
    previous_url: str | None
    next_url: str | None
    target: str = ""  # the region an htmx request swaps ("#results"); empty: plain links

    @property
    def end_note(self) -> str | None:
        """Why the rows end here, on the page without a next one."""
        return None if self.next_url else self.paging.end_note


def paging_links(
    paging: Paging, *, total: int, size: int, url: Callable[[int | None], str], target: str = ""
) -> PagingLinks:
    """The links of one page: `url(offset)` is the page at that offset (None: the first)."""
    previous, following = paging.previous_offset, paging.next_offset
    return PagingLinks(
        paging, total, size,
        previous_url=None if previous is None else url(previous or None),
        next_url=None if following is None else url(following),
        target=target,
    )  # fmt: skip
