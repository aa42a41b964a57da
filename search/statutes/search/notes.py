"""The words of `note` and `coverage_note`: how to read a statute search, and what it covered."""

from collections import Counter

from django.conf import settings

from search.indexes.freshness import rebuild_pending_note
from search.indexes.names import STATUTES
from search.statutes.catalog import REGULATION, STATE_REGULATION_SUFFIX, Catalog, SourceFacts
from search.statutes.chapters import Chapter
from search.statutes.citations.popular_names import OfferedName
from search.statutes.scope import Scope, loaded_examples
from search.statutes.shaping import (
    ACT_NAME_POINTS,
    CHAPTER_RAISE_WORDS,
    CHAPTER_WINDOW,
    DEFINITIONS_LOWERED,
    PART_NAME_POINTS,
)
from search.text.jurisdictions import FEDERAL, is_state_code, jurisdiction_name
from search.text.query import OVER_LIMIT, ParsedQuery
from search.text.query_notes import OR_WARNING as QUERY_OR_WARNING
from search.text.query_notes import UNCLOSED_QUOTE_WARNING, over_term_cap_warning

BODY_ONLY_NOTE = (
    "Keyword (BM25) search of section body text: a section matches by its body's words only; "
    "a searched word in its heading raises its rank ({share}), "
    "and a heading holding three or more of the query's ideas (a typed word with the words "
    "added for it) raises it by a point."
)
QUESTION_HEADING_SHARE = (
    "a fifth of what the word adds in the body; two fifths for a query typed as keywords, "
    "with no stop word or question word"
)
KEYWORD_HEADING_SHARE = (
    "two fifths of what the word adds in the body, since the query is typed as keywords, "
    "with no stop word or question word: a heading names a subject the same way"
)
HEADINGS_NOTE = (
    "Keyword (BM25) search of section text and headings (headings=true): a word in a "
    "section's heading counts, weighing half as much as the same word in its body."
)
NO_STEM_NOTE = (
    "No stemming: 'deposits' does not match 'deposit' (stem=true would match word forms)."
)
STEM_NOTE = (
    "Word forms on (stem=true): each word also matches its other forms ('deposits' matches "
    "'deposit', 'deposited'), by English stemming of the query and the text alike."
)
RANKING_NOTE = (
    "Rank is textual match strength only, not legal relevance. Loose words match any-of, so "
    "a top row may share a single word with the query; each row lists the searched terms it "
    'matched. Phrases in "double quotes" must appear; when a phrase is given, the other words '
    "only rank. Words that only shape a question ('how long', 'says', 'still') are dropped "
    "(question_word), and so is the name or postal code of a jurisdiction the search is "
    "confined to (place_name). A definitions section (headed 'Definitions') is lowered by "
    f"{DEFINITIONS_LOWERED:g} points, since it holds most of its chapter's words, unless a "
    "searched word asks about a definition or a meaning. Ties are broken by a stable key, so "
    "the same index gives the same order. A section not returned is a miss, not proof that no "
    "such law exists."
)
PART_NAMES_NOTE = (
    "A section of a federal regulation part whose name holds searched words gains "
    f"{PART_NAME_POINTS:g} points for each of them ('public housing lease': 24 CFR part 966, "
    "Public Housing Lease and Grievance Procedure); the matches are the same."
)
# Acts named in the note before "and N more".
ACTS_NAMED = 3
CHAPTER_RAISE_NOTE = (
    f"A query of {CHAPTER_RAISE_WORDS} words or more is re-ranked by chapter: among its first "
    f"{CHAPTER_WINDOW} matches, a section is raised by how many others of its own chapter are "
    "among them, so a chapter the question keeps meeting comes first; the matches and their "
    "count are the same."
)
WORDS_NOTE = "Add words=true to search these words as words instead."


def no_jurisdiction_warning(catalog: Catalog) -> str:
    """The mixing warning, its examples drawn from the loaded jurisdictions."""
    return (
        "No jurisdiction chosen: results mix states. On 6,852 housing-law questions run "
        "without a jurisdiction, the top-ranked section came from a state other than the "
        "asker's in 97.7% of them. Choose a jurisdiction (e.g. "
        f"{loaded_examples(catalog)}) whenever the user's state is known."
    )


ADDED_NOTE = (
    "Also searched, from a curated map of everyday words to the words codes use (each weighs "
    "half a typed word; expand=false turns this off): {terms}."
)
TRANSLATED_NOTE = (
    "The typed words those stand for weigh half as much as the others, unless the map gives "
    "them (or a form of them) as codes' words (terms_translated): {words}."
)
NOT_EXPANDED_NOTE = "expand=false: only the words typed were searched, no code words added."


def added_notes(parsed: ParsedQuery, *, expand: bool) -> list[str]:
    """What the everyday-words map added, and which typed words it translated (nothing to say
    when it added nothing)."""
    if not expand:
        return [NOT_EXPANDED_NOTE]
    if not parsed.added:
        return []
    by_source: dict[str, list[str]] = {}
    for term in parsed.added:
        by_source.setdefault(term.source, []).append(term.term)
    said = "; ".join(f"{', '.join(terms)} (for '{source}')" for source, terms in by_source.items())
    found = [ADDED_NOTE.format(terms=said)]
    if parsed.translated:
        found.append(TRANSLATED_NOTE.format(words=", ".join(f"'{w}'" for w in parsed.translated)))
    return found


def ranking_note(
    *,
    stem: bool = False,
    headings: bool = False,
    raised: bool = False,
    keywords: bool = False,
    parts: bool = False,
    acts: tuple[str, ...] = (),
) -> str:
    """How to read the ranking, for the word-forms and headings switches as they were set,
    whether the chapter raise re-ranked it, whether the query was typed as keywords (its
    heading words weigh more) and whether regulation parts or federal acts (`acts`, by name)
    named with its words were raised."""
    share = KEYWORD_HEADING_SHARE if keywords else QUESTION_HEADING_SHARE
    searched = HEADINGS_NOTE if headings else BODY_ONLY_NOTE.format(share=share)
    said = [searched, RANKING_NOTE, *([PART_NAMES_NOTE] if parts else [])]
    said += [act_names_note(acts)] if acts else []
    said += [CHAPTER_RAISE_NOTE] if raised else []
    return " ".join([*said, STEM_NOTE if stem else NO_STEM_NOTE])


def act_names_note(acts: tuple[str, ...]) -> str:
    """Which federal acts' sections gained points because their names hold searched words."""
    named = list(acts[:ACTS_NAMED])
    if len(acts) > ACTS_NAMED:
        more = len(acts) - ACTS_NAMED
        named.append(f"{more} more act{'s' if more != 1 else ''}")
    listed = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
    return (
        f"Sections of federal acts whose names hold searched words ({listed}) gain "
        f"{ACT_NAME_POINTS:g} points for each such word (their US Code sections, and their "
        "regulation parts when the CFR is searched); the matches are the same."
    )


def not_loaded_statement(catalog: Catalog, places: tuple[str, ...]) -> str:
    """Said before any row when a query names places whose law is not loaded."""
    names = " and ".join(jurisdiction_name(p) for p in places)
    codes = ", ".join(p.upper() for p in places)
    return (
        f"{names} ({codes}) law is not in this portal: no {names} statutes or regulations are "
        f"loaded, so no row here is {names} law. Loaded jurisdictions: "
        f"{', '.join(catalog.jurisdictions)}."
    )


def named_place_hint(catalog: Catalog, places: tuple[str, ...]) -> str:
    """Said when a query names loaded places but no jurisdiction was chosen."""
    codes = ",".join(places)
    names = ", ".join(catalog.jurisdiction_label(p) for p in places)
    return (
        f"The query names {names}: choose jurisdiction={codes} to search only "
        f"{'its' if len(places) == 1 else 'their'} law."
    )


def citation_note(
    text: str, total: int, chapter: Chapter | None, catalog: Catalog, form: str = ""
) -> str:
    """Said when a query was answered as a citation rather than searched as words."""
    if chapter is not None:
        facts = catalog.by_code.get(chapter.source)
        name = facts.name if facts else chapter.source
        noun = "part" if facts is not None and facts.corpus == REGULATION else "chapter"
        return (
            f"Read as a citation of a {noun}: '{text}' is {noun} {chapter.label} of the "
            f"{name} ({chapter.source}), {chapter.sections:,} loaded section"
            f"{'s' if chapter.sections != 1 else ''}, listed in code order; the words were not "
            f"searched. {WORDS_NOTE}"
        )
    if not total:
        return f"Read as a citation, so the words were not searched. {WORDS_NOTE}"
    what = {"range": "a range", "et seq.": "a section and those after it in its chapter"}
    kind = f" of {what[form]}" if form in what else ""
    return (
        f"Read as a citation{kind}: '{text}' names {total:,} loaded section"
        f"{'s' if total != 1 else ''}, listed in code order; the words were not searched. "
        f"{WORDS_NOTE}"
    )


def popular_names_note(offered: tuple[OfferedName, ...]) -> str:
    """Said when a query names acts: their citations are offered, the words still searched."""
    lines = []
    for named in offered:
        cited = " · ".join(
            c.citation + ("" if c.loaded else " (not loaded)") for c in named.citations
        )
        lines.append(f"{named.act.name} ({cited})")
    return (
        f"The query names {'; '.join(lines)}: "
        f"{'its' if len(offered) == 1 else 'their'} sections are offered above the rows; the "
        "words were searched as usual."
    )


def paging_end_note(total: int, cap: int) -> str:
    """Said on the last page that can be shown."""
    if total > cap:
        return (
            f"Paging stops at row {cap:,}: only the top {cap:,} of {total:,} matching sections "
            "are ranked for paging. Narrow the search (a jurisdiction, a phrase, more specific "
            "words) to see the rest."
        )
    return f"End of the list: all {total:,} matching sections have been shown."


OR_WARNING = f"{QUERY_OR_WARNING} Loose words already match any-of."
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


def query_warnings(parsed: ParsedQuery) -> list[str]:
    """What the query's own shape needs said: an unclosed quote, a typed 'or', words past the
    term cap (the same for a search and a survey)."""
    found = []
    if parsed.unclosed_quote:
        found.append(UNCLOSED_QUOTE_WARNING)
    if parsed.used_or:
        found.append(OR_WARNING)
    over = sum(1 for d in parsed.dropped if d.reason == OVER_LIMIT)
    if over:
        found.append(over_term_cap_warning(over, settings.PORTAL_MAX_QUERY_TERMS))
    return found


def coverage_note(
    catalog: Catalog,
    scope: Scope | None = None,
    *,
    jurisdiction: str | None = None,
    source: str | None = None,
    title: str | None = None,
    full: bool = False,
) -> str:
    """What a search with this scope covers, as of when, and what is missing (the keyword
    arguments are a one-jurisdiction or one-source scope; `full`: the sources page's whole
    statement, which explains a default source that is not loaded at length).

    It describes the live index version (its manifest), and says when the loaded data has
    moved on since that version was built.
    """
    if scope is None:
        places = (jurisdiction,) if jurisdiction else ()
        scope = Scope(jurisdictions=places, source=source, title=title)
    return _with_pending(catalog, _coverage(catalog, scope, full=full))


def _with_pending(catalog: Catalog, text: str) -> str:
    """The text, and the note that a rebuild is pending when the data moved on."""
    pending = rebuild_pending_note(STATUTES, catalog.version) if catalog.version else ""
    return f"{text} {pending}" if pending else text


def _coverage(catalog: Catalog, scope: Scope, *, full: bool = False) -> str:
    if not catalog.sources:
        return "No statute or regulation data is loaded, so no search can cover anything."
    if scope.chapter is not None:
        return _chapter_coverage(catalog, scope.chapter)
    if scope.source and scope.source in catalog.by_code:
        return _source_coverage(catalog.by_code[scope.source], scope.jurisdictions, scope.title)
    parts = []
    if scope.jurisdictions:
        for place in scope.jurisdictions:
            label = catalog.jurisdiction_label(place)
            found = catalog.scope(jurisdiction=place)
            if found:
                parts.append(f"Scope: {label}: " + "; ".join(s.describe() for s in found) + ".")
            else:
                parts.append(f"Scope: {label}: no statutes are loaded for it.")
    else:
        parts.append(_all_statutes(catalog, catalog.scope()))
    included = [catalog.by_code[c] for c in scope.include if c in catalog.by_code]
    if included:
        parts.append("Included beside the statutes, in full: "
                     + "; ".join(s.describe() for s in included) + ".")  # fmt: skip
    defaults = _default_regulations(catalog, scope, full=full)
    if defaults:
        parts.append(defaults)
    others = [c for c in catalog.regulation_codes if c not in scope.include]
    if others:
        codes = ", ".join(
            f"include={c} (beside the statutes) or source={c} (alone)" for c in others
        )
        parts.append(f"Other regulations are searched only when asked for: {codes}.")
    return " ".join(parts)


def cited_coverage(catalog: Catalog, sources: tuple[str, ...]) -> str:
    """What the sources a citation names cover."""
    found = [catalog.by_code[s] for s in sources if s in catalog.by_code]
    if not found:
        return coverage_note(catalog)
    return "Scope: the cited code only: " + "; ".join(s.describe() for s in found) + "."


def _source_coverage(facts: SourceFacts, places: tuple[str, ...], title: str | None) -> str:
    text = f"Scope: {facts.search_code or facts.code} alone: {facts.describe()}."
    if title:
        noun = "part" if facts.title_field == "chapter" else "title"
        text += f" Narrowed to {noun} {title}."
    if places:
        text += f" Jurisdiction {', '.join(p.upper() for p in places)}."
    return text


def _chapter_coverage(catalog: Catalog, chapter: Chapter) -> str:
    facts = catalog.by_code.get(chapter.source)
    where = facts.describe() if facts else chapter.source
    return (
        f"Scope: chapter {chapter.label} (title {chapter.title or '-'}) alone, "
        f"{chapter.sections:,} sections ({chapter.first} … {chapter.last}), of {where}."
    )


def _all_statutes(catalog: Catalog, scope: tuple[SourceFacts, ...]) -> str:
    statutes = [s for s in scope if s.corpus == "statute"]
    total = sum(s.section_count for s in statutes)
    places = sorted({j for s in statutes for j in s.jurisdictions}, key=lambda j: (j != FEDERAL, j))
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


def _default_regulations(catalog: Catalog, scope: Scope, *, full: bool) -> str:
    """The default regulation sources: those searched with the statutes, and those not loaded,
    said briefly where the search would have covered them (no jurisdiction, or theirs) and at
    length on the sources page."""
    loaded = ", ".join(s.describe() for s in catalog.default_loaded)
    missing = [c for c in catalog.default_missing if full or _would_cover(c, scope)]
    parts = []
    if loaded:
        parts.append(f"Default regulation sources searched with the statutes: {loaded}.")
    labels = ", ".join(_regulation_label(c) for c in missing)
    plural = "s" if len(missing) > 1 else ""
    if missing and full:
        parts.append(
            f"Default regulation source{plural} {labels} not loaded: a search without source= "
            "covers the statutes (and any default regulations that are loaded), so "
            f"{'these regulations are' if plural else 'this source is'} missing from it, not "
            "empty. Load the data, or name other defaults in PORTAL_DEFAULT_REGULATION_SOURCES."
        )
    elif missing:
        parts.append(f"Default regulations not loaded: {labels}.")
    if not catalog.default_regulation_sources:
        parts.append("No default regulation source is configured.")
    return " ".join(parts)


def _would_cover(code: str, scope: Scope) -> bool:
    """Whether a search of this scope would have searched a default regulation source."""
    state = code.removesuffix(STATE_REGULATION_SUFFIX)
    known = state != code and is_state_code(state)
    return not scope.jurisdictions or not known or state in scope.jurisdictions


def _regulation_label(code: str) -> str:
    """'ks-kar (Kansas administrative regulations)'."""
    state = code.removesuffix(STATE_REGULATION_SUFFIX)
    if state != code and is_state_code(state):
        return f"{code} ({jurisdiction_name(state)} administrative regulations)"
    return code


# --- The survey (`/statutes/survey/`): the same words in every jurisdiction --------------------


def survey_note(per: int, words: str) -> str:
    """How to read a survey (`words`: the typed words every counted section holds)."""
    best = "its best-matching section" if per == 1 else f"its {per} best-matching sections"
    return (
        f"Survey: the same words in each jurisdiction searched. Each jurisdiction's number (and "
        f"its shade on the map) counts its sections holding every searched word ({words}); "
        f"below it, {best}, ranked as the statute search ranks them, which may hold fewer of "
        "the words (the count of sections with any of them is given too). Ordering "
        "jurisdictions by score says whose text shares the most words with the query, not "
        "whose law answers it, and counts grow with the size of what is loaded. A "
        "jurisdiction where no section matched may still have such a law in other words (a "
        "wording difference: 'lessor' for 'landlord', 'security' for 'deposit'): a miss, not "
        "proof of absence; try other words, or stem=true for word forms."
    )


def every_word_text(parsed: ParsedQuery) -> str:
    """The typed words and phrases a survey's count requires, as the note lists them."""
    return ", ".join(parsed.terms_searched)


def survey_coverage_notes(
    housing_only: list[str], partial: dict[str, list[str]], not_loaded: list[str]
) -> list[str]:
    """Where a miss means less (only part of a code is loaded) and where nothing was searched."""
    found = []
    if housing_only:
        found.append(
            "Only the housing-related chapters are loaded for "
            f"{', '.join(p.upper() for p in housing_only)}: a miss there means less (the law may "
            "sit in a chapter that is not loaded)."
        )
    for statement, places in partial.items():
        found.append(
            f"Loaded only in part ({statement}) for {', '.join(p.upper() for p in places)}: a "
            "miss there means less."
        )
    if not_loaded:
        found.append(
            f"Not loaded, so not searched: {', '.join(p.upper() for p in not_loaded)} (no "
            "statutes of theirs are in this portal)."
        )
    return found


def survey_citation_warning(text: str) -> str:
    """Said when a survey's query reads as a citation: its words were searched."""
    return (
        f"'{text}' reads as a citation: the survey searched its words in every jurisdiction. "
        "To open the section it names, search it in the statute search."
    )


def per_capped_warning(requested: int, cap: int) -> str:
    """The note when `per` was above the cap."""
    return f"per={requested} is above the maximum; showing at most {cap} sections per jurisdiction."
