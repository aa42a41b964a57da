"""Charts per jurisdiction, laid out here and drawn by templates: the sources page's bar chart
of section counts, and the survey's tile map of matching sections.

Both are HTML boxes, not SVG drawings: the labels stay page text at the page's size on any
screen (an SVG scaled to a phone's width shrinks its labels to a few pixels) and screen
readers read them as a list.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from search.statutes.catalog import Catalog
from search.text.jurisdictions import FEDERAL, jurisdiction_name


@dataclass(frozen=True)
class Bar:
    """One jurisdiction's bar: its figures and each part's width in percent of the longest."""

    code: str
    name: str
    statutes: int
    regulations: int
    statute_percent: float
    regulation_percent: float

    @property
    def total(self) -> int:
        """Statute and regulation sections together."""
        return self.statutes + self.regulations


@dataclass(frozen=True)
class Chart:
    """Bars, largest first."""

    bars: tuple[Bar, ...]


def jurisdiction_chart(catalog: Catalog) -> Chart:
    """Section counts per jurisdiction, statutes and regulations stacked."""
    counts: dict[str, list[int]] = {}
    for source in catalog.sources:
        # A source listing several jurisdictions cannot be split; it counts for the first.
        code = source.jurisdictions[0] if source.jurisdictions else "?"
        slot = 1 if source.corpus == "regulation" else 0
        counts.setdefault(code, [0, 0])[slot] += source.section_count
    ordered = sorted(counts.items(), key=lambda item: (-sum(item[1]), item[0]))
    largest = max((sum(c) for _, c in ordered), default=0) or 1
    return Chart(
        tuple(
            Bar(
                code=code,
                name=jurisdiction_name(code),
                statutes=statutes,
                regulations=regulations,
                statute_percent=round(100 * statutes / largest, 2),
                regulation_percent=round(100 * regulations / largest, 2),
            )
            for code, (statutes, regulations) in ordered
        )
    )


# A tile grid of the states (row, column; 11 columns), the usual one of news graphics: each
# state one square, placed roughly where it lies. Puerto Rico sits off Florida; federal law
# and the other territories get a strip of their own below the grid.
TILE_GRID: dict[str, tuple[int, int]] = {
    "ak": (0, 0), "me": (0, 10),
    "vt": (1, 9), "nh": (1, 10),
    "wa": (2, 0), "id": (2, 1), "mt": (2, 2), "nd": (2, 3), "mn": (2, 4), "il": (2, 5),
    "wi": (2, 6), "mi": (2, 7), "ny": (2, 8), "ri": (2, 9), "ma": (2, 10),
    "or": (3, 0), "nv": (3, 1), "wy": (3, 2), "sd": (3, 3), "ia": (3, 4), "in": (3, 5),
    "oh": (3, 6), "pa": (3, 7), "nj": (3, 8), "ct": (3, 9),
    "ca": (4, 0), "ut": (4, 1), "co": (4, 2), "ne": (4, 3), "mo": (4, 4), "ky": (4, 5),
    "wv": (4, 6), "va": (4, 7), "md": (4, 8), "de": (4, 9),
    "az": (5, 1), "nm": (5, 2), "ks": (5, 3), "ar": (5, 4), "tn": (5, 5), "nc": (5, 6),
    "sc": (5, 7), "dc": (5, 8),
    "ok": (6, 3), "la": (6, 4), "ms": (6, 5), "al": (6, 6), "ga": (6, 7),
    "hi": (7, 0), "tx": (7, 3), "fl": (7, 8), "pr": (7, 10),
}  # fmt: skip
# Shades by matching sections: 1-9, 10-99, 100-999, 1,000 and more (a log scale, so a small
# code with a few matches still shows against a whole code with thousands).
SHADE_FLOORS = (1, 10, 100, 1_000)


@dataclass(frozen=True)
class Tile:
    """One jurisdiction on the survey's map: where it sits, what the search found there."""

    code: str
    name: str
    status: str
    total: int | None
    # 0: nothing matched or nothing searched; 1-4: SHADE_FLOORS.
    shade: int
    row: int | None = None
    column: int | None = None

    @property
    def searched(self) -> bool:
        """The words ran there (a count, maybe 0); not for places not loaded or not searched."""
        return self.total is not None

    @property
    def count_text(self) -> str:
        """The count in a tile's few characters (1.2k, 35k); '—' where nothing was searched."""
        if self.total is None:
            return "—"
        if self.total < 1_000:
            return str(self.total)
        if self.total < 10_000:
            return f"{self.total / 1_000:.1f}k".replace(".0k", "k")
        return f"{round(self.total / 1_000)}k"


@dataclass(frozen=True)
class TileMap:
    """The states on the grid, the rest (federal law, territories) in a strip."""

    grid: tuple[Tile, ...]
    strip: tuple[Tile, ...]


def shade(total: int | None) -> int:
    """The shade of a count (0 for none)."""
    return sum(1 for floor in SHADE_FLOORS if (total or 0) >= floor)


def survey_map(rows: Iterable[tuple[str, str, str, int | None]]) -> TileMap:
    """The map of (code, name, status, total) per jurisdiction, each list in name order."""
    tiles = sorted(
        (Tile(code, name, status, total, shade(total), *TILE_GRID.get(code, (None, None)))
         for code, name, status, total in rows),
        key=lambda t: (t.code != FEDERAL, t.name.casefold()),
    )  # fmt: skip
    return TileMap(
        tuple(t for t in tiles if t.row is not None), tuple(t for t in tiles if t.row is None)
    )
