"""What one statute search runs over: jurisdictions, included regulations, one source or chapter.

`Scope` is engine-neutral and knows nothing of HTTP: a validated form builds it, the search
service turns it into index filters, the notes describe it. A survey across jurisdictions can
reuse it one jurisdiction at a time (`Scope.narrowed`).

Meaning (SPEC section 6; every single-value request of the seed keeps its meaning):
- no `source`: statutes plus the default regulation sources, narrowed to `jurisdictions`
  when given (several allowed), plus every `include`d regulation source in full (it was
  named, so a `jurisdiction` does not narrow it: `wa` with `include=cfr` is Washington law
  and the CFR).
- `source`: that regulation source alone (and its `title`), narrowed to `jurisdictions`.
- `chapter`: that chapter of its source alone.
"""

import re
from dataclasses import dataclass, replace

from search.backends.filters import All, Either, Filter, Terms
from search.statutes.catalog import STATUTE, Catalog, SourceFacts
from search.statutes.chapters import Chapter
from search.text.jurisdictions import FEDERAL, NAMES

_WORDS = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class Scope:
    """The sources, jurisdictions and chapter of one search (see the module docstring)."""

    jurisdictions: tuple[str, ...] = ()
    source: str | None = None
    title: str | None = None
    include: tuple[str, ...] = ()
    chapter: Chapter | None = None

    def narrowed(self, jurisdiction: str) -> "Scope":
        """The same scope for one jurisdiction only (a survey's row)."""
        return replace(self, jurisdictions=(jurisdiction,))

    def filters(self, catalog: Catalog) -> tuple[Filter, ...]:
        """Index filters selecting exactly this scope."""
        if self.chapter is not None:
            return (Terms("chapter_ref", (self.chapter.ref,)),)
        places = (Terms("jurisdiction", self.jurisdictions),) if self.jurisdictions else ()
        if self.source:
            found: list[Filter] = [Terms("source", (self.source,)), *places]
            if self.title:
                facts = catalog.by_code[self.source]
                found.append(Terms(facts.title_field, (self.title,)))
            return tuple(found)
        statutes: Filter = Terms("corpus", (STATUTE,))
        defaults = tuple(s.code for s in catalog.default_loaded)
        if defaults:
            statutes = Either((statutes, Terms("source", defaults)))
        base: Filter = All((statutes, *places)) if places else statutes
        if self.include:
            base = Either((base, Terms("source", self.include)))
        return (base,)

    def sources(self, catalog: Catalog) -> tuple[SourceFacts, ...]:
        """The loaded sources this scope searches (included regulation sources last)."""
        if self.chapter is not None:
            found = catalog.by_code.get(self.chapter.source)
            return (found,) if found else ()
        if self.source:
            chosen = [catalog.by_code[self.source]] if self.source in catalog.by_code else []
        else:
            chosen = [s for s in catalog.sources if catalog.in_default_scope(s)]
        if self.jurisdictions:
            wanted = set(self.jurisdictions)
            chosen = [s for s in chosen if wanted.intersection(s.jurisdictions)]
        chosen += [catalog.by_code[c] for c in self.include if c in catalog.by_code]
        return tuple(dict.fromkeys(chosen))

    def mixes_states(self, catalog: Catalog) -> bool:
        """True when no jurisdiction or chapter was chosen and the sources span several."""
        if self.jurisdictions or self.chapter is not None:
            return False
        return len({j for s in self.sources(catalog) for j in s.jurisdictions}) > 1


def named_places(text: str) -> tuple[str, ...]:
    """Jurisdiction codes whose names the text spells out (`Kansas`, `New York`), in order."""
    joined = " " + " ".join(_WORDS.findall(text.lower())) + " "
    spans = []
    for code, needle in _PLACE_NEEDLES:
        at = joined.find(needle)
        while at != -1:
            spans.append((at, at + len(needle), code))
            at = joined.find(needle, at + 1)
    # `West Virginia` names West Virginia, not Virginia too.
    kept = [s for s in spans if not any(o != s and o[0] <= s[0] and s[1] <= o[1] for o in spans)]
    return tuple(dict.fromkeys(code for _, _, code in sorted(kept)))


# Each place's name as `named_places` looks for it (its words between spaces); not the United
# States, whose name no question uses to mean federal law.
_PLACE_NEEDLES = tuple(
    (code, " " + " ".join(_WORDS.findall(name.lower())) + " ")
    for code, name in NAMES.items()
    if code != FEDERAL
)


def loaded_examples(catalog: Catalog) -> str:
    """Example `jurisdiction=` values among the loaded ones (`jurisdiction=al, or
    jurisdiction=al,us for the state with federal law`)."""
    states = [j for j in catalog.jurisdictions if j != FEDERAL]
    if not states:
        return " or ".join(f"jurisdiction={j}" for j in catalog.jurisdictions[:2])
    first = states[0]
    if FEDERAL in catalog.jurisdictions:
        return f"jurisdiction={first}, or jurisdiction={first},us for the state with federal law"
    return " or ".join(f"jurisdiction={j}" for j in states[:2])
