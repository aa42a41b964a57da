"""A section's text as HTML: its cross-references as links, the search's words marked.

The text is escaped piece by piece; the only markup added is `<a>` around a resolved
cross-reference (to that section's page) and `<mark>` around a match, so nothing from the
data can open a tag.
"""

from collections.abc import Callable

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from search.statutes.citations.crossrefs import CrossRef
from search.statutes.sections.lookup import SectionRef
from search.text.marks import HL_CLOSE, HL_OPEN


def marked_spans(text: str, marked: str | None) -> list[tuple[int, int]]:
    """Where `marked` (the text with `[hl]` marks) marks the text, as text offsets."""
    if not marked:
        return []
    spans: list[tuple[int, int]] = []
    at = 0  # offset in the plain text
    cursor = 0  # offset in the marked text
    start = None
    while cursor < len(marked):
        if marked.startswith(HL_OPEN, cursor):
            start, cursor = at, cursor + len(HL_OPEN)
        elif marked.startswith(HL_CLOSE, cursor):
            if start is not None:
                spans.append((start, at))
            start, cursor = None, cursor + len(HL_CLOSE)
        else:
            at, cursor = at + 1, cursor + 1
    return spans


def section_html(
    text: str,
    links: tuple[CrossRef, ...],
    targets: dict[str, SectionRef],
    url_for: Callable[[str], str],
    marked: str | None = None,
) -> SafeString:
    """The text with links around cross-references and marks around matches."""
    highlights = marked_spans(text, marked)
    cuts = {0, len(text)}
    usable = [r for r in links if 0 <= r.start < r.end <= len(text)]
    for start, end in [*highlights, *((r.start, r.end) for r in usable)]:
        cuts.update((start, end))
    points = sorted(cuts)
    out: list[str] = []
    link_open: CrossRef | None = None
    mark_open = False
    for start, end in zip(points, points[1:], strict=False):
        link = next((r for r in usable if r.start <= start and end <= r.end), None)
        lit = any(s <= start and end <= e for s, e in highlights)
        if link is not link_open:
            if mark_open:
                out.append("</mark>")
                mark_open = False
            if link_open is not None:
                out.append("</a>")
            if link is not None:
                out.append(_anchor(link, targets.get(link.target), url_for))
            link_open = link
        if lit != mark_open:
            out.append("<mark>" if lit else "</mark>")
            mark_open = lit
        out.append(escape(text[start:end]))
    if mark_open:
        out.append("</mark>")
    if link_open is not None:
        out.append("</a>")
    return mark_safe("".join(out))  # noqa: S308 - escaped text and fixed tags only


def _anchor(link: CrossRef, target: SectionRef | None, url_for: Callable[[str], str]) -> str:
    title = target.citation if target else link.target
    if target and target.heading:
        title += f" — {target.heading}"
    return str(format_html('<a class="xref" href="{}" title="{}">', url_for(link.target), title))
