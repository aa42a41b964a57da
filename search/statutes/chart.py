"""A bar chart of section counts per jurisdiction, laid out here and drawn by a template.

Bars are HTML boxes sized in percent of the largest, not an SVG drawing: the labels stay
page text at the page's size on any screen (an SVG scaled to a phone's width shrinks its
labels to a few pixels) and screen readers read them as a list.
"""

from dataclasses import dataclass

from search.jurisdictions import jurisdiction_name
from search.statutes.catalog import Catalog


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
