"""Template filters shared by the search pages: `[hl]` marks to `<mark>`, safely."""

import re

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from search.text.marks import HL_CLOSE, HL_OPEN

register = template.Library()

_MARK = re.compile(re.escape(HL_OPEN) + "|" + re.escape(HL_CLOSE))
DROP_REASONS = {
    "stop_word": "common word",
    "duplicate": "repeated",
    "over_limit": "over the term limit",
    "question_word": "only shapes the question",
    "place_name": "the chosen jurisdiction",
}


@register.filter
def hl(text: object) -> SafeString:
    """Escape the text, then turn balanced [hl]...[/hl] marks into <mark> elements.

    Escaping comes first and the marks are matched in the escaped text, so nothing from the
    data or the query can open a tag; only the two fixed strings below are inserted.
    """
    out: list[str] = []
    open_ = False
    cursor = 0
    escaped = escape("" if text is None else str(text))
    for match in _MARK.finditer(escaped):
        out.append(escaped[cursor : match.start()])
        cursor = match.end()
        if match.group() == HL_OPEN and not open_:
            out.append("<mark>")
            open_ = True
        elif match.group() == HL_CLOSE and open_:
            out.append("</mark>")
            open_ = False
    out.append(escaped[cursor:])
    if open_:
        out.append("</mark>")
    return mark_safe("".join(out))  # noqa: S308 - built from escaped text and fixed tags only


@register.filter
def drop_reason(reason: str) -> str:
    """Plain words for a `terms_dropped` reason code."""
    return DROP_REASONS.get(reason, reason)
