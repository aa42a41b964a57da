"""The words of `note` and `coverage_note`: how to read a statute search, and what it covered."""

from collections import Counter

from search.indexes.freshness import rebuild_pending_note
from search.indexes.names import STATUTES
from search.jurisdictions import is_state_code, jurisdiction_name
from search.statutes.catalog import STATE_REGULATION_SUFFIX, Catalog, SourceFacts

RANKING_NOTE = (
    "Keyword (BM25) search of section body text only, not headings. Rank is textual match "
    "strength only, not legal relevance. No stemming: 'deposits' does not match 'deposit'. "
    "Loose words match any-of, so a top row may share a single word with the query; each row "
    'lists the searched terms it matched. Phrases in "double quotes" must appear; when a '
    "phrase is given, the other words only rank. Ties are broken by a stable key, so the same "
    "index gives the same order. A section not returned is a miss, not proof that no such law "
    "exists."
)
NO_JURISDICTION_WARNING = (
    "No jurisdiction chosen: results mix states. On 6,852 housing-law questions run without "
    "a jurisdiction, the top-ranked section came from a state other than the asker's in 97.7% "
    "of them. Choose a jurisdiction (e.g. ks, us) whenever the user's state is known."
)
UNCLOSED_QUOTE_WARNING = (
    'Unclosed quote: the text after the last " was searched as loose words, not as a phrase. '
    "Close the quote to require the phrase."
)
OR_WARNING = (
    "'or' is not an operator here: it is dropped as a common word. Loose words already match "
    "any-of."
)
INDEX_UNAVAILABLE_NOTE = (
    "The statute search index is not available, so nothing was searched. This is not a "
    "result of zero matches. Ask an administrator to rebuild the statutes index."
)
ENDS_AT_COLON_NOTE = (
    "ends_at_colon: the section text ends with a colon, so the list it introduces is not part "
    "of this section (it was cut in the source data)."
)


def limit_capped_warning(requested: int, cap: int) -> str:
    """The note when `limit` was above the cap."""
    return f"limit={requested} is above the maximum; showing at most {cap} rows."


def over_term_cap_warning(dropped: int, cap: int) -> str:
    """The note when words beyond the term cap were dropped."""
    return f"Only the first {cap} distinct terms run; {dropped} more were dropped (over_limit)."


def coverage_note(
    catalog: Catalog,
    *,
    jurisdiction: str | None = None,
    source: str | None = None,
    title: str | None = None,
) -> str:
    """What a search with these filters covers, as of when, and what is missing.

    It describes the live index version (its manifest), and says when the loaded data has
    moved on since that version was built.
    """
    text = _coverage(catalog, jurisdiction=jurisdiction, source=source, title=title)
    pending = rebuild_pending_note(STATUTES, catalog.version) if catalog.version else ""
    return f"{text} {pending}" if pending else text


def _coverage(
    catalog: Catalog, *, jurisdiction: str | None, source: str | None, title: str | None
) -> str:
    if not catalog.sources:
        return "No statute or regulation data is loaded, so no search can cover anything."
    if source and source in catalog.by_code:
        return _source_coverage(catalog.by_code[source], jurisdiction, title)
    scope = catalog.scope(jurisdiction=jurisdiction)
    parts = []
    if jurisdiction:
        label = catalog.jurisdiction_label(jurisdiction)
        if scope:
            parts.append(f"Scope: {label}: " + "; ".join(s.describe() for s in scope) + ".")
        else:
            parts.append(f"Scope: {label}: no statutes are loaded for it.")
    else:
        parts.append(_all_statutes(catalog, scope))
    parts.append(_default_regulations(catalog))
    others = [
        s.search_code for s in catalog.sources if s.search_code and not catalog.in_default_scope(s)
    ]
    if others:
        codes = ", ".join(f"source={c}" for c in others)
        parts.append(f"Other regulations are searched only when asked for: {codes}.")
    return " ".join(parts)


def _source_coverage(facts: SourceFacts, jurisdiction: str | None, title: str | None) -> str:
    text = f"Scope: {facts.search_code or facts.code} alone: {facts.describe()}."
    if title:
        noun = "part" if facts.title_field == "chapter" else "title"
        text += f" Narrowed to {noun} {title}."
    if jurisdiction:
        text += f" Jurisdiction {jurisdiction.upper()}."
    return text


def _all_statutes(catalog: Catalog, scope: tuple[SourceFacts, ...]) -> str:
    statutes = [s for s in scope if s.corpus == "statute"]
    total = sum(s.section_count for s in statutes)
    places = sorted({j for s in statutes for j in s.jurisdictions}, key=lambda j: (j != "us", j))
    as_of = Counter(s.as_of for s in statutes)
    dates = "; ".join(
        f"{value} ({n} source{'s' if n > 1 else ''})" for value, n in as_of.most_common()
    )
    # The data's own coverage statements, each with the jurisdictions it applies to.
    covered: dict[str, set[str]] = {}
    for s in statutes:
        covered.setdefault(s.coverage, set()).update(s.jurisdictions)
    text = (
        f"Scope: the statutes of {len(places)} jurisdictions "
        f"({', '.join(j.upper() for j in places)}): {total:,} sections, as of {dates}."
    )
    if covered:
        text += " Coverage: " + "; ".join(
            f"{statement} ({', '.join(sorted(j.upper() for j in found))})"
            for statement, found in covered.items()
        )
        text += "."
    missing = catalog.not_loaded_jurisdictions
    if missing:
        text += f" No statutes loaded for {', '.join(j.upper() for j in missing)}."
    return text


def _default_regulations(catalog: Catalog) -> str:
    loaded = ", ".join(s.describe() for s in catalog.default_loaded)
    missing = catalog.default_missing
    parts = []
    if loaded:
        parts.append(f"Default regulation sources searched with the statutes: {loaded}.")
    if missing:
        parts.append(
            f"Default regulation source{'s' if len(missing) > 1 else ''} "
            f"{', '.join(_regulation_label(c) for c in missing)} not loaded: missing from "
            "this search, not empty."
        )
    if not catalog.default_regulation_sources:
        parts.append("No default regulation source is configured.")
    return " ".join(parts)


def _regulation_label(code: str) -> str:
    """'ks-kar (Kansas administrative regulations)'."""
    state = code.removesuffix(STATE_REGULATION_SUFFIX)
    if state != code and is_state_code(state):
        return f"{code} ({jurisdiction_name(state)} administrative regulations)"
    return code
