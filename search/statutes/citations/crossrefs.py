"""Cross-references: citations inside a section's text, resolved to loaded sections.

Resolved when an index version is built (`Resolver.links`), stored with each section as
`start:end:target id` values, and rendered by the section page without a query per link.
A section links citations of its own code (`RCW 59.18.310`), the US Code and the CFR
(`42 U.S.C. 3604`, `12 CFR 1024.17`), and its code's own references by number (`section
59.18.260`, `§ 83.49`, `s. 83.49`). A bare number without a separator (`section 8`) links
only when qualified (`of this title`, `of title 42`), since such numbers often cite an
act's own sections; one followed by `of the ... Act` never does. A citation that names
several loaded sections, or the section itself, is not linked.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from search.statutes.citations.grammar import CitationGrammar
from search.statutes.citations.mentions import OTHER, SAME, Mention, Scanner
from search.text.citation_keys import number_key

# Sources whose citations every section may link (federal law), besides its own code's.
SHARED_SOURCES = ("usc", "cfr")
# Jurisdictions whose codes cite their own sections as `s. 83.49` / `ss. 83.49`.
SHORT_MARKER_PLACES = ("fl",)
_SEPARATORS = set(".-:/")


@dataclass(frozen=True)
class CrossRef:
    """A citation at text[start:end] that names the loaded section `target`."""

    start: int
    end: int
    target: str

    def encode(self) -> str:
        return f"{self.start}:{self.end}:{self.target}"

    @classmethod
    def decode(cls, value: str) -> "CrossRef | None":
        """The link a stored value names (None for a malformed one)."""
        start, _, rest = value.partition(":")
        end, _, target = rest.partition(":")
        if not (start.isdigit() and end.isdigit() and target):
            return None
        return cls(int(start), int(end), target)


@dataclass(frozen=True)
class Target:
    """What resolving needs of one loaded section."""

    id: str
    source: str
    jurisdiction: str
    title: str
    section: str
    citation_key: str


class Resolver:
    """Resolves mentions against every loaded section (built once per index build)."""

    def __init__(self, targets: Iterable[Target], grammar: CitationGrammar) -> None:
        self.grammar = grammar
        self.by_citation: dict[str, list[str]] = {}
        self.by_number: dict[tuple[str, str], list[str]] = {}
        self.by_title: dict[tuple[str, str, str], list[str]] = {}
        self.places: dict[str, str] = {}
        for t in targets:
            key = number_key(t.section)
            self.by_citation.setdefault(t.citation_key, []).append(t.id)
            self.by_number.setdefault((t.source, key), []).append(t.id)
            self.by_title.setdefault((t.source, t.title, key), []).append(t.id)
            self.places[t.source] = t.jurisdiction
        self._scanners: dict[str, Scanner] = {}

    def scanner(self, source: str) -> Scanner:
        """The scanner for texts of one source: its own prefixes and the shared ones."""
        found = self._scanners.get(source)
        if found is None:
            sources = {source, *SHARED_SOURCES}
            templates = sorted(
                {f.template for f in self.grammar.forms if f.source in sources},
                key=lambda t: (-len(t), t),
            )
            short = self.places.get(source) in SHORT_MARKER_PLACES
            found = self._scanners[source] = Scanner(templates, short_markers=short)
        return found

    def links(self, section_id: str, source: str, title: str, text: str) -> list[CrossRef]:
        """The resolved cross-references of one section's text, in order."""
        found = []
        for mention in self.scanner(source).find(text):
            target = self.resolve(mention, source, title)
            if target is not None and target != section_id:
                found.append(CrossRef(mention.start, mention.end, target))
        return found

    def resolve(self, mention: Mention, source: str, title: str) -> str | None:
        """The one loaded section a mention names, or None (not loaded, or several)."""
        if not mention.marker:
            keys = self.grammar.keys(mention.prefix, mention.number)
            return _one(i for key in keys for i in self.by_citation.get(key, ()))
        if mention.qualifier == OTHER:
            return None
        key = number_key(mention.number)
        if mention.qualifier not in ("", SAME):
            return _one(self.by_title.get((source, mention.qualifier, key), ()))
        if not mention.qualifier and not _SEPARATORS.intersection(mention.number):
            return None
        return _one(self.by_title.get((source, title, key), ())) or _one(
            self.by_number.get((source, key), ())
        )


def _one(ids: Iterable[str]) -> str | None:
    found = list(dict.fromkeys(ids))
    return found[0] if len(found) == 1 else None


def decode_links(values: Iterable[str]) -> tuple[CrossRef, ...]:
    """Stored link values as cross-references in text order (malformed ones dropped)."""
    found = [ref for ref in (CrossRef.decode(v) for v in values) if ref is not None]
    return tuple(sorted(found, key=lambda r: r.start))
