"""A bar chart of section counts per jurisdiction, laid out here and drawn as SVG by a template."""

from dataclasses import dataclass

from search.jurisdictions import jurisdiction_name
from search.statutes.catalog import Catalog

BAR_HEIGHT = 16
BAR_GAP = 4
LABEL_WIDTH = 48
BAR_AREA = 560
VALUE_WIDTH = 110


@dataclass(frozen=True)
class Bar:
    """One jurisdiction's bar: geometry in SVG user units, and its figures."""

    code: str
    name: str
    statutes: int
    regulations: int
    y: int
    statute_width: float
    regulation_width: float

    @property
    def total(self) -> int:
        """Statute and regulation sections together."""
        return self.statutes + self.regulations

    @property
    def regulation_x(self) -> float:
        """Where the regulation part of the bar starts."""
        return round(LABEL_WIDTH + self.statute_width, 1)

    @property
    def text_y(self) -> int:
        """Baseline of the bar's labels."""
        return self.y + BAR_HEIGHT - 4


@dataclass(frozen=True)
class Chart:
    """Bars largest first, with the SVG canvas size."""

    bars: tuple[Bar, ...]
    width: int
    height: int
    label_width: int = LABEL_WIDTH
    bar_height: int = BAR_HEIGHT

    @property
    def label_x(self) -> int:
        """Right edge of the jurisdiction labels."""
        return LABEL_WIDTH - 6

    @property
    def value_x(self) -> int:
        """Where the count labels start (right of the longest bar)."""
        return LABEL_WIDTH + BAR_AREA + 6


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
    bars = []
    for i, (code, (statutes, regulations)) in enumerate(ordered):
        bars.append(
            Bar(
                code=code,
                name=jurisdiction_name(code),
                statutes=statutes,
                regulations=regulations,
                y=i * (BAR_HEIGHT + BAR_GAP),
                statute_width=round(BAR_AREA * statutes / largest, 1),
                regulation_width=round(BAR_AREA * regulations / largest, 1),
            )
        )
    height = max(len(bars) * (BAR_HEIGHT + BAR_GAP), BAR_HEIGHT)
    return Chart(tuple(bars), LABEL_WIDTH + BAR_AREA + VALUE_WIDTH, height)
