"""Citations written inside a text: `RCW 59.18.310`, `section 59.18.260`, `42 U.S.C. 3604`.

A `Scanner` finds `Mention`s: a recognised prefix (or a marker such as `section`, `§`, `s.`,
meaning "this code's section") followed by a section number, and the numbers a list goes on
with (`sections 59.18.260 and 59.18.270`). Section texts are long and many, so the scanner
does not run a big regular expression over whole texts: it finds literal anchors with
`str.find` (C speed) and matches only in a small window around each. Pure Python.
"""

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from search.text.citation_keys import NUMBER_SLOT

# A section number: digits, then letters, separators and more parts (`59.18.280`, `1437f`,
# `19-1A-11`, `25/6`, `18.2-322.1`); a trailing period (end of sentence) is not part of it.
NUMBER = r"\d+[A-Za-z]*(?:[.\-:/][0-9A-Za-z]+)*"


# How far after an anchor a mention may end, and before it a prefix may start beyond the
# anchor's place in its template (a title number: `42 ` before `U.S.C.`).
TRAIL = 96
LEAD_SLACK = 12
_MARKER = r"(?:§§?|[Ss]ections?|[Ss]ecs?\.|ss?\.)"
# What may stand between a prefix and its number: `42 U.S.C. § 3604`, `Sec. 3604`, `section`.
SECTION_SIGN = r"(?:§§?|[Ss][Ee][Cc][Ss]?\.|[Ss]ections?\b)"
# Each marker anchor, and where its marker starts relative to it (`ection` is `section`'s,
# `ec.` is `sec.`'s): few anchors, since each costs a pass over the text.
MARKER_ANCHORS = {"§": 0, "ection": -1, "ec.": -1, "ecs.": -1}
SHORT_MARKER_ANCHORS = {" s. ": 1, " ss. ": 1}
# A list goes on with bare numbers; a number followed by an abbreviation (`12 C.F.R.`) or a
# section sign starts the next citation instead.
_CONTINUATION = re.compile(
    r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|through|to)\s+)(?:§§?\s*)?(?P<num>(?>"
    + NUMBER
    + "))"
    r"(?!\s*(?:[A-Z]\.?\s?){2}|\s+[A-Z][a-z]+\.|\s*§)"
)
# What may follow an in-code reference: its own title or code, another title, or a law
# that is not this code (`section 8 of the Fair Housing Act`: not this code's section 8).
_QUALIFIER = re.compile(
    r"\s+of\s+(?:(?P<same>this\s+(?:title|chapter|part|subchapter|article|code))\b"
    r"|title\s+(?P<title>\d+[A-Za-z]?)\b"
    r"|(?P<other>(?:the|that|said|such|this)\s+(?:[\w.'-]+\s+){0,8}?(?:Act|act|Law|law)\b"
    r"|Public\s+Law|P\.\s?L\.))"
)
SAME = "same"
OTHER = "other"


@dataclass(frozen=True)
class Mention:
    """One citation in a text: where it is, its prefix (empty for a marker) and number.

    `qualifier`: SAME (`of this title`), a title number (`of title 42`), OTHER (`of the ...
    Act`: not a section of this code) or empty.
    """

    start: int
    end: int
    prefix: str
    number: str
    marker: bool
    qualifier: str = ""


class Scanner:
    """Finds mentions of a set of written prefixes (and, with `markers`, in-code references)."""

    def __init__(
        self,
        prefixes: Sequence[str],
        *,
        markers: bool = True,
        short_markers: bool = False,
        ignore_case: bool = False,
    ) -> None:
        self.flags = re.IGNORECASE if ignore_case else 0
        self.ignore_case = ignore_case
        by_anchor: dict[str, list[str]] = {}
        for prefix in prefixes:
            for anchor in anchors_of(prefix):
                by_anchor.setdefault(anchor, []).append(prefix)
        # Per anchor, only the prefixes that contain it, and how far before it they start.
        self.groups = [
            (anchor, self._compile(group), _lead(anchor, group))
            for anchor, group in sorted(by_anchor.items())
        ]
        self.markers: dict[str, int] = {}
        if markers:
            self.markers = {**MARKER_ANCHORS, **(SHORT_MARKER_ANCHORS if short_markers else {})}
        self.marker_pattern = re.compile(
            r"(?<![\w.])(?P<prefix>" + _MARKER + r")\s*(?P<num>" + NUMBER + ")"
        )
        self.pattern = self._compile(prefixes)

    def _compile(self, prefixes: Sequence[str]) -> re.Pattern[str]:
        body = "|".join(f"(?:{flexible(p)})" for p in prefixes) or r"(?!)"
        return re.compile(
            r"(?<![\w.])(?P<prefix>"
            + body
            + r")\s*(?:"
            + SECTION_SIGN
            + r"\s*)?(?P<num>"
            + NUMBER
            + ")",
            self.flags,
        )

    def find(self, text: str) -> list[Mention]:
        """Every mention in `text`, in order, none overlapping another."""
        found: dict[int, tuple[re.Match[str], bool]] = {}
        haystack = text.lower() if self.ignore_case else text
        for anchor, pattern, lead in self.groups:
            needle = anchor.lower() if self.ignore_case else anchor
            at = haystack.find(needle)
            while at != -1:
                stop = min(len(text), at + len(needle) + TRAIL)
                for near in pattern.finditer(text, max(0, at - lead), stop):
                    if near.start() <= at < near.end():
                        # Matched again without the window's end, which may cut a number.
                        _keep(found, pattern.match(text, near.start()) or near, marker=False)
                at = haystack.find(needle, at + len(needle))
        for anchor, shift in self.markers.items():
            at = text.find(anchor)
            while at != -1:
                match = self.marker_pattern.match(text, at + shift) if at + shift >= 0 else None
                if match is not None:
                    _keep(found, match, marker=True)
                at = text.find(anchor, at + len(anchor))
        return list(self._expand(text, _non_overlapping(found.values())))

    def _expand(
        self, text: str, matches: Iterable[tuple[re.Match[str], bool]]
    ) -> Iterable[Mention]:
        for match, marker in matches:
            prefix = match.group("prefix")
            spans = [(match.start(), match.end(), match.group("num"))]
            end = match.end()
            while (more := _CONTINUATION.match(text, end)) is not None:
                spans.append((more.start("num"), more.end(), more.group("num")))
                end = more.end()
            qualifier = _qualifier(text, end) if marker else ""
            for start, stop, number in spans:
                yield Mention(start, stop, "" if marker else prefix.strip(), number, marker,
                              qualifier)  # fmt: skip


def _keep(
    found: dict[int, tuple[re.Match[str], bool]], match: re.Match[str], *, marker: bool
) -> None:
    """Keep the longest match starting at each place."""
    known = found.get(match.start())
    if known is None or known[0].end() < match.end():
        found[match.start()] = (match, marker)


def _lead(anchor: str, prefixes: Sequence[str]) -> int:
    """How far before `anchor` a match of one of `prefixes` may start."""
    places = [p.find(anchor) for p in prefixes]
    return max([0, *(at for at in places if at > 0)]) * 2 + LEAD_SLACK


def flexible(template: str) -> str:
    """A regex for a written prefix: periods optional, spaces free, `#` any title number."""
    tokens = []
    for token in template.split():
        parts = token.split(".")
        pattern = r"\.?\s?".join(_part(p) for p in parts if p)
        tokens.append(pattern + (r"\.?" if not token.endswith(",") else ""))
    return r"\s*".join(tokens)


def _part(part: str) -> str:
    escaped = re.escape(part).replace(re.escape(NUMBER_SLOT), r"\d+[A-Za-z]?")
    escaped = escaped.replace(NUMBER_SLOT, r"\d+[A-Za-z]?").replace(",", ",?")
    # All-capital abbreviations are also written with periods: CFR, C.F.R., U.S.C., USC.
    if part.isalpha() and part.isupper() and 1 < len(part) <= 4:
        return r"\.?\s?".join(part)
    return escaped


def anchors_of(template: str) -> tuple[str, ...]:
    """Literals every written form of a prefix contains (the dotted and plain forms of an
    abbreviation such as `U.S.C.`/`USC`, else the prefix's longest word)."""
    words = [w.strip(",") for w in template.replace("#", " ").split() if w.strip(",.")]
    if not words:
        return ()
    for word in words:
        letters = word.replace(".", "")
        if letters.isalpha() and letters.isupper() and 1 < len(letters) <= 5:
            return (letters, ".".join(letters))
    parts = [p for w in words for p in w.split(".") if p]
    return (max(parts, key=len),)


def _qualifier(text: str, at: int) -> str:
    found = _QUALIFIER.match(text, at)
    if found is None:
        return ""
    if found.group("same"):
        return SAME
    if found.group("title"):
        return found.group("title")
    return OTHER


def _non_overlapping(
    matches: Iterable[tuple[re.Match[str], bool]],
) -> list[tuple[re.Match[str], bool]]:
    """Earliest first; a match starting inside the one before it is dropped."""
    kept: list[tuple[re.Match[str], bool]] = []
    for match, marker in sorted(matches, key=lambda m: (m[0].start(), -m[0].end())):
        if kept and match.start() < kept[-1][0].end():
            continue
        kept.append((match, marker))
    return kept
