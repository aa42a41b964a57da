"""Citations of more than one section: a CFR part, a range, `et seq.`

`24 CFR part 982`, `24 C.F.R. pt. 966` and `24 CFR 982 subpart K` name a part (a part answers
like a chapter); `42 U.S.C. §§ 3601-3619` and `RCW 59.18.010 to 59.18.060` a range (both ends
included); `42 U.S.C. 3601 et seq.` a section and those after it in its chapter. A span may
be followed by words (`24 CFR part 982 inspections`): `words` keeps them. A plain hyphen
without `§§` (`42 U.S.C. 3601-3619`) may be one section's number (`2000e-17`), so such a
reading says `maybe_section`. Pure Python: no Django, no engine.
"""

import re
from dataclasses import dataclass

from search.statutes.citations.grammar import CitationGrammar
from search.statutes.citations.mentions import NUMBER

PART = "part"
RANGE = "range"
ET_SEQ = "et seq."

_PART_WORD = r"(?:parts?|pts?\.?)"
_SUBPART = r"(?:,?\s*subpart\s+(?P<{}>[A-Za-z]{{1,3}})\b)"
_SIGNS = r"(?P<signs>§§|§|secs?\.|sections?|ss\.)?"
_DASHES = "-–—"
_TO = r"(?:\s*[–—]\s*|\s+(?:to|through|thru)\s+|\s*-\s*(?=\S))"
_NUM = r"\d+[A-Za-z]*(?:[.:/][0-9A-Za-z]+)*"
_PART_FORM = (
    r"(?P<part_word>" + _PART_WORD + r")\s*(?P<part>\d+[A-Za-z]?)" + _SUBPART.format("sub") + "?"
)
_BARE_PART_FORM = r"(?P<bare_part>\d+[A-Za-z]?)" + _SUBPART.format("bare_sub")
_SECTIONS_FORM = (
    _SIGNS + r"\s*(?P<first>" + NUMBER + r")(?:(?P<to>" + _TO + r")(?P<last>" + NUMBER + r")"
    r"|(?P<etseq>\s+et\.?\s*seq\.?))?"
)
_SPANS = re.compile(
    r"\s*(?:" + "|".join((_PART_FORM, _BARE_PART_FORM, _SECTIONS_FORM)) + r")(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)
_TITLE = re.compile(r"^\s*(\d+[A-Za-z]?)\b")
_PLURAL_SIGNS = ("§§", "secs.", "sections", "ss.")


@dataclass(frozen=True)
class SpanReading:
    """A citation naming several sections: which `form`, its prefix and numbers, the rest.

    `title` is the number a prefix carries (`24` of `24 CFR`); `first` is the part number for
    a part; `last` the range's end. `words` is what follows the citation in the query.
    """

    form: str
    text: str
    prefix: str
    title: str
    first: str
    last: str = ""
    subpart: str = ""
    words: str = ""
    maybe_section: bool = False


def read_span(query: str, grammar: CitationGrammar) -> SpanReading | None:
    """The span a query starts with (after a recognised prefix), None when it starts with none."""
    head = grammar.prefix_pattern.match(query.strip())
    if head is None:
        return None
    prefix = head.group("prefix").strip()
    text = query.strip()
    found = _SPANS.match(text, head.end())
    if found is None:
        return None
    title_match = _TITLE.match(prefix)
    title = title_match.group(1) if title_match else ""
    rest = found.group("rest")
    words = rest.strip(" \t,;.")
    cited = text[: len(text) - len(rest)].strip()
    subpart = (found.group("sub") or found.group("bare_sub") or "").upper()
    part = found.group("part") or found.group("bare_part")
    if part:
        return SpanReading(PART, cited, prefix, title, part, subpart=subpart, words=words)
    first = found.group("first")
    if found.group("etseq"):
        return SpanReading(ET_SEQ, cited, prefix, title, first, words=words)
    signs = (found.group("signs") or "").lower()
    if found.group("last"):
        return SpanReading(RANGE, cited, prefix, title, first, found.group("last"), words=words)
    # `§§ 3601-3619`: the number held the range (a hyphen is also part of numbers).
    if signs in _PLURAL_SIGNS or any(d in first for d in _DASHES[1:]):
        split = split_range(first)
        if split is not None:
            return SpanReading(RANGE, cited, prefix, title, *split, words=words)
    if "-" in first and not words:
        split = split_range(first)
        if split is not None:
            return SpanReading(
                RANGE, cited, prefix, title, *split, words=words, maybe_section=True
            )  # fmt: skip
    return None


def split_range(number: str) -> tuple[str, str] | None:
    """Where a hyphenated number splits into a range's two ends: the first split whose ends
    start with as many digits (`2000e-2000e-17` -> `2000e`, `2000e-17`), else the middle."""
    places = [at for at, c in enumerate(number) if c in _DASHES]
    if not places:
        return None
    candidates = [(number[:at], number[at + 1 :]) for at in places]
    candidates = [(a, b) for a, b in candidates if a and b[:1].isdigit()]
    for first, last in candidates:
        if _lead_digits(first) == _lead_digits(last):
            return first, last
    return candidates[len(candidates) // 2] if candidates else None


def _lead_digits(number: str) -> int:
    found = re.match(r"\d+", number)
    return len(found.group()) if found else 0


def is_number(text: str) -> bool:
    """True when `text` is written like a section number."""
    return re.fullmatch(_NUM, text) is not None
