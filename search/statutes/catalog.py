"""What the statutes index holds: sources, jurisdictions, `source=` codes, the default scope.

Read from the live index version's manifest (each build records the sources it indexed), so
forms validate against what a search really covers and coverage notes never claim a source
the index does not hold, even between an ingest and the next rebuild.
"""

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.conf import settings
from django.db.models import Count, Max

from search.indexes.cache import VersionCache
from search.indexes.names import STATUTES
from search.indexes.store import IndexStore
from search.ingest.coverage import COVERAGE_NOT_STATED, source_facts
from search.models import Source
from search.models.corpus import as_of_text
from search.statutes.citations.grammar import CitationGrammar, grammar_of
from search.text.jurisdictions import FEDERAL, NAMES, is_state_code, jurisdiction_name

STATUTE = "statute"
REGULATION = "regulation"
# `<st>-kar`: a state's administrative regulations (seed: `ks` = Kansas Administrative Regs).
STATE_REGULATION_SUFFIX = "-kar"
HOUSING_ONLY = "housing-related chapters only"
_STATE_PREFIX = re.compile(r"^([a-z]{2})-")
LIST_FORMS_UP_TO = 12


@dataclass(frozen=True)
class SourceFacts:
    """One loaded source as searches and notes need it."""

    code: str
    corpus: str
    jurisdictions: tuple[str, ...]
    code_names: tuple[str, ...]
    as_of: str
    as_of_values: tuple[str, ...]
    section_count: int
    title_forms: tuple[str, ...]
    # The data's own statement (MANIFEST.json), e.g. 'housing-related chapters only'.
    coverage: str
    # The `source=` value that selects it (regulations only), e.g. `cfr` or `ks`.
    search_code: str | None
    # Which stored field `title=` narrows: CFR parts are stored as chapters.
    title_field: str
    # How its citations are written ({"template", "example", "sections"}, most used first).
    citation_forms: tuple[dict[str, Any], ...] = field(default=(), compare=False)

    @property
    def name(self) -> str:
        """The code name(s), e.g. 'Revised Code of Washington'."""
        return "; ".join(self.code_names) or self.code

    @property
    def housing_only(self) -> bool:
        """The data says only the housing-related chapters are loaded."""
        return self.coverage == HOUSING_ONLY

    @property
    def scope(self) -> str:
        """What part of the code is loaded: the data's statement, with the titles when few."""
        if not self.title_forms or len(self.title_forms) > LIST_FORMS_UP_TO:
            return self.coverage
        noun = "part" if self.title_field == "chapter" else "title"
        plural = "s" if len(self.title_forms) > 1 else ""
        return f"{self.coverage} ({noun}{plural} {', '.join(self.title_forms)})"

    def describe(self) -> str:
        """One line: name, code, count, scope, as of."""
        places = ", ".join(j.upper() for j in self.jurisdictions)
        return (
            f"{self.name} ({self.code}, {places}): {self.section_count:,} sections, "
            f"{self.scope}, as of {self.as_of}"
        )


def search_code_for(source_code: str, corpus: str) -> str | None:
    """The `source=` value for a loaded source: `cfr`, `<st>` for `<st>-kar`, else None."""
    if corpus != REGULATION:
        return None
    match = _STATE_PREFIX.match(source_code)
    if match and is_state_code(match.group(1)):
        return match.group(1)
    return source_code


def source_code_for(search_code: str) -> str:
    """The source a `source=` value names (`ks` -> `ks-kar`), loaded or not."""
    code = search_code.strip().lower()
    return code + STATE_REGULATION_SUFFIX if is_state_code(code) else code


@dataclass(frozen=True)
class Catalog:
    """Every loaded source plus the configured default regulation sources."""

    sources: tuple[SourceFacts, ...]
    default_regulation_sources: tuple[str, ...]
    # The live index version whose manifest listed the sources (None: the database's list).
    version: str | None = None
    # The recorded source rows the facts came from (for the citation grammar).
    rows: tuple[dict[str, Any], ...] = field(default=(), compare=False)

    @cached_property
    def by_code(self) -> dict[str, SourceFacts]:
        """Sources by their code (`wa-stat`, `cfr`)."""
        return {s.code: s for s in self.sources}

    @cached_property
    def search_codes(self) -> dict[str, SourceFacts]:
        """Regulation sources by the `source=` value that selects them."""
        return {s.search_code: s for s in self.sources if s.search_code}

    @cached_property
    def jurisdictions(self) -> tuple[str, ...]:
        """Every loaded jurisdiction code, `us` first then states alphabetically."""
        found = {j for s in self.sources for j in s.jurisdictions}
        return tuple(sorted(found, key=lambda j: (j != FEDERAL, j)))

    @cached_property
    def grammar(self) -> CitationGrammar:
        """The citation forms of the loaded sources (and of places not loaded)."""
        return grammar_of(self.rows)

    @cached_property
    def regulation_codes(self) -> dict[str, SourceFacts]:
        """Regulation sources `include=` may add beside statutes (not searched by default)."""
        return {
            code: facts
            for code, facts in self.search_codes.items()
            if not self.in_default_scope(facts)
        }

    @property
    def not_loaded_jurisdictions(self) -> tuple[str, ...]:
        """Known state/territory codes with no section loaded at all."""
        return tuple(sorted(set(NAMES) - set(self.jurisdictions)))

    @property
    def default_loaded(self) -> tuple[SourceFacts, ...]:
        """Default regulation sources that are loaded (searched when source= is omitted)."""
        return tuple(self.by_code[c] for c in self.default_regulation_sources if c in self.by_code)

    @property
    def default_missing(self) -> tuple[str, ...]:
        """Default regulation sources that are configured but not loaded."""
        return tuple(c for c in self.default_regulation_sources if c not in self.by_code)

    def resolve_source(self, value: str) -> SourceFacts | None:
        """The loaded regulation source a `source=` value names (`cfr`, `ks`, `ks-kar`)."""
        code = value.strip().lower()
        facts = self.search_codes.get(code) or self.by_code.get(source_code_for(code))
        return facts if facts is not None and facts.search_code else None

    def in_default_scope(self, facts: SourceFacts) -> bool:
        """True when a source is searched with source= omitted (statutes, default regs)."""
        return facts.corpus == STATUTE or facts.code in self.default_regulation_sources

    def scope(
        self, jurisdiction: str | None = None, source: str | None = None
    ) -> tuple[SourceFacts, ...]:
        """The loaded sources a search with these filters runs over."""
        if source:
            chosen = [self.by_code[source]] if source in self.by_code else []
        else:
            chosen = [s for s in self.sources if self.in_default_scope(s)]
        if jurisdiction:
            chosen = [s for s in chosen if jurisdiction in s.jurisdictions]
        return tuple(chosen)

    def jurisdiction_label(self, code: str) -> str:
        """'Washington (WA)'."""
        return f"{jurisdiction_name(code)} ({code.upper()})"


_cache: VersionCache[tuple[object, ...], Catalog] = VersionCache()


def load_catalog() -> Catalog:
    """The sources the live statutes index holds, read from its manifest once per version.

    Without a live version (or with one written before versions recorded their sources)
    the database's Source table stands in, re-read only when an ingest changed it.
    """
    defaults = tuple(c.strip().lower() for c in settings.PORTAL_DEFAULT_REGULATION_SOURCES if c)
    store = IndexStore(STATUTES)
    version = store.live_version()
    key: tuple[object, ...] = (str(store.root), version, defaults)
    found = _cache.get(key) if version else None
    if found is not None:
        return found
    meta = store.version_meta(version) if version else None
    rows = (meta.contents.get("sources") if meta else None) if version else None
    listed_by = version if rows is not None else None
    if rows is None:
        stamp = Source.objects.aggregate(n=Count("code"), last=Max("refreshed_at"))
        key = (str(store.root), None, defaults, stamp["n"], stamp["last"])
        found = _cache.get(key)
        if found is not None:
            return found
        rows = source_facts()
    catalog = Catalog(tuple(_source(row) for row in rows), defaults, listed_by, tuple(rows))
    return _cache.put(key, catalog)


def forget_catalogs() -> None:
    """Drop cached catalogs (tests load other data under the same index root)."""
    _cache.clear()


def _source(row: dict[str, Any]) -> SourceFacts:
    """SourceFacts from one recorded source (`search.ingest.coverage.source_facts`)."""
    as_of_values = tuple(sorted(row["as_of_values"]))
    return SourceFacts(
        code=row["code"],
        corpus=row["corpus"],
        jurisdictions=tuple(row["jurisdictions"]),
        code_names=tuple(row["code_names"]),
        as_of=as_of_text(as_of_values),
        as_of_values=as_of_values,
        section_count=int(row["section_count"]),
        title_forms=tuple(row["title_forms"]),
        coverage=row.get("coverage") or COVERAGE_NOT_STATED,
        search_code=search_code_for(row["code"], row["corpus"]),
        title_field=row["title_field"],
        citation_forms=tuple(row.get("citation_forms") or ()),
    )
