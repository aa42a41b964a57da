"""The MCP tools: the seeds' names and descriptions, each answered by the API's own form,
outcome and payload, so the pages, the JSON API and MCP give one answer to one request.

A tool's arguments become the same parameters the API reads from its query string
(`arguments_query`), its input schema is generated from that form (`search.mcp.schema`), and
its result is the API's JSON body, `note` and `coverage_note` included
(`search.answers.json_answers`).
"""

import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.http import QueryDict

from search.answers.json_answers import (
    DATABASE_UNAVAILABLE_NOTE,
    NOTHING_SEARCHED_COVERAGE_NOTE,
    SERVER_ERROR_NOTE,
    UNAVAILABLE_ERRORS,
    Answer,
    error_answer,
    outcome_answer,
)
from search.mcp.schema import form_schema
from search.papers import payloads as paper_payloads
from search.papers.catalog import load_catalog as paper_catalog
from search.papers.forms import PaperLookupForm, PaperSearchForm
from search.papers.outcome import lookup_outcome, paper_outcome
from search.statutes import payloads as statute_payloads
from search.statutes.browse.forms import SourcesForm
from search.statutes.catalog import load_catalog as statute_catalog
from search.statutes.outcome import statute_outcome, survey_outcome
from search.statutes.search.forms import StatuteSearchForm
from search.statutes.sections.forms import SectionLookupForm
from search.statutes.sections.lookup_answers import section_answer, sources_answer
from search.statutes.survey.forms import StatuteSurveyForm

Principal = User | AnonymousUser

logger = logging.getLogger(__name__)

STATUTE_SEARCH = "statute_search"
STATUTE_SURVEY = "statute_survey"
STATUTE = "statute"
SOURCES = "sources"
SEARCH_KEYWORD = "search_keyword"
FIND_BY_ID = "find_by_id"
SERVER_ERROR = "server_error"
DATABASE_UNAVAILABLE = "database_unavailable"

# Said by both search tools: what a search that finds almost nothing offers.
DID_YOU_MEAN = (
    "A search that finds at most 5 rows, with a word the index holds rarely or not at all, "
    "lists in suggestions the index's own spelling of that word (term, suggestion, distance, "
    "documents, term_documents) and in suggested_query the query with them in place: call "
    "again with it to use them; the query is never changed by itself."
)
STATUTE_SEARCH_DESCRIPTION = (
    "Keyword (BM25) search over the body text of statute sections (many US states and federal "
    "law) and, in the default scope, the default regulation sources (Kansas administrative "
    "regulations unless the portal is configured otherwise), in the same snapshot as the "
    "statute tool; source= searches one regulation source alone. Without jurisdiction=, "
    "results mix states: on 6,852 benchmark housing-law questions run unconfined, the "
    "top-ranked section came from a state other than the asker's in 97.7% of them. Each row "
    "carries its jurisdiction, corpus and as_of; statute and regulation rows can appear "
    "together. Rank is textual match strength only. Keyword, not concept, with no stemming: "
    "very common words are dropped, duplicates collapse, at most 40 words run, matched any-of, "
    "so a top hit may share one word with the query; terms_searched and terms_dropped report "
    'what ran, each row\'s matched_terms which of them it contains, and "double quotes" require '
    "a phrase. Only the body is searched, not the heading. Ranking is deterministic: the same "
    "index and query give the same order, ties broken by a stable key. Returns metadata, a "
    "snippet with [hl]...[/hl] marks and a rank; the statute tool returns the full section. A "
    "section not returned is a miss, not an absence. ends_at_colon is true when the section "
    "text ends at a colon: the list it introduces is not in that section. A missing keyword "
    "index is a tool error saying so, never zero matches. Every result, errors included, "
    'carries "note" and "coverage_note". The sources tool returns this tool\'s full coverage '
    "statement and, per source code, its coverage and counts. Beyond the seed (all off by "
    "default): jurisdiction may list several (wa,us) in one ranked list, include= adds "
    "regulation sources beside the statutes, chapter= searches one chapter, stem=true matches "
    "word forms, headings=true searches headings too, offset= pages; a query that is a "
    "citation (RCW 59.18.280, 42 USC 3604, RCW 59.18, 24 CFR part 982, 42 U.S.C. §§ "
    "3601-3619, 42 U.S.C. 3601 et seq.) is answered with the sections it names in code order "
    '(read_as "citation" or "chapter"), not searched as words. An act named in the query '
    '("Fair Housing Act", "Section 8", "FDCPA") is offered in popular_names with its US Code '
    "sections and CFR parts as citations to search; its words are still searched. " + DID_YOU_MEAN
)
STATUTE_SURVEY_DESCRIPTION = (
    "The same keyword (BM25) search as statute_search, run in every loaded jurisdiction at "
    "once: for each jurisdiction the portal knows, by_jurisdiction gives its status (matched; "
    "no_match: no section matched these words, a miss and not proof of absence; not_loaded; "
    "not_searched: outside source=), how many of its sections match (total) and its best "
    "per= sections (1-3, default 3) as statute_search rows (snippet with [hl]...[/hl] marks, "
    "matched_terms, score). Use it to compare states on one question (security deposit "
    "return, notice before entry) instead of one unconfined search, whose top rows mix "
    "states. Rank is textual match strength only; sort=score orders jurisdictions by their "
    "best section's score, sort=name (default) alphabetically with federal law first. "
    "housing_only marks jurisdictions of which only housing-related chapters are loaded: a "
    "miss there means less. stem=true matches word forms, headings=true searches headings, "
    "include=cfr adds federal regulations to the federal row. Every result carries note and "
    "coverage_note."
)
STATUTE_DESCRIPTION = (
    "One whole statute or regulation section, by id (as statute_search rows give it) or by "
    "citation: its full text and metadata (jurisdiction, corpus, source, as_of, url), "
    "ends_at_colon (the text ends at a colon: the list it introduces is not in this section), "
    "and the previous and next sections of its chapter. A citation several loaded sections "
    "carry is an error listing them (ask again by id); a section not loaded is an error "
    "saying so: it may still exist in law. Every result carries note and coverage_note."
)
SOURCES_DESCRIPTION = (
    "The statute_search tool's full coverage statement and, per source code, its "
    "jurisdictions, corpus, as_of, section count, coverage (as the data states it) and the "
    "title forms title= accepts together with source=; also the loaded jurisdictions and "
    "the default regulation sources. Every result carries note and coverage_note."
)
SEARCH_KEYWORD_DESCRIPTION = (
    "Pure keyword (BM25) search over arXiv papers at chunk (passage) level: fastest and best "
    'for exact terms: method names (e.g. "LoRA", "RLHF"), datasets, metrics, distinctive '
    "phrases. Does NOT use semantic vectors (this portal has no semantic search): use it when "
    "you know the specific term you are looking for; for a paper by arXiv id or title use "
    "find_by_id. Ranking and diversification work over a pool of at most {pool_cap} matching "
    "chunks: a COMMON term (or any_words over several) overflows it, and then "
    "pool.keyword.truncated=true. The pool is the top-scoring matches over ALL of them (not the "
    "earliest stored), so the first rows are still the best matches, but diversification chose "
    "among the pool only; narrow the query for a full ranking. This keeps an answer under a few "
    "seconds. Pass run_id when working inside one of your research runs (it needs an API "
    "token). Every result, errors included, carries note and coverage_note. " + DID_YOU_MEAN
)
FIND_BY_ID_DESCRIPTION = (
    "Canonical look-up of one arXiv paper. By arxiv_id (version suffix optional) or paper_id: "
    "the whole paper, its metadata, licence and its chunks in reading order. By title: up to "
    "10 candidates without their text, exact title matches first (exact_title=true). Prefer "
    "this to search_keyword for finding a paper by its name. A paper not loaded is an error "
    "saying so: it may exist but not be in this corpus. Every result carries note and "
    "coverage_note."
)


@dataclass(frozen=True)
class ToolSpec:
    """One tool: the form that validates its arguments, and the answer a call gives."""

    name: str
    title: str
    description: Callable[[], str]
    form: Callable[[Any, Principal], forms.Form]  # data None: unbound, for the schema
    answer: Callable[[QueryDict, Principal], Answer]
    read_only: bool = True  # search_keyword with run_id records the search in the run


def _statute_search_form(data: Any, user: Principal) -> StatuteSearchForm:
    return StatuteSearchForm(data, catalog=statute_catalog())


def _statute_search(data: QueryDict, user: Principal) -> Answer:
    outcome = statute_outcome(_statute_search_form(data, user), idle_ok=False)
    return outcome_answer(outcome, statute_payloads.search_payload)


def _statute_survey_form(data: Any, user: Principal) -> StatuteSurveyForm:
    return StatuteSurveyForm(data, catalog=statute_catalog())


def _statute_survey(data: QueryDict, user: Principal) -> Answer:
    outcome = survey_outcome(_statute_survey_form(data, user), idle_ok=False)
    return outcome_answer(outcome, statute_payloads.survey_payload)


def _paper_search_form(data: Any, user: Principal) -> PaperSearchForm:
    # A tool call with run_id is recorded (the caller is identified by its API token).
    return PaperSearchForm(data, catalog=paper_catalog(), user=user, record=True)


def _search_keyword(data: QueryDict, user: Principal) -> Answer:
    outcome = paper_outcome(_paper_search_form(data, user), idle_ok=False)
    return outcome_answer(outcome, paper_payloads.search_payload)


def _lookup_form(data: Any, user: Principal) -> PaperLookupForm:
    return PaperLookupForm(data, catalog=paper_catalog())


def _find_by_id(data: QueryDict, user: Principal) -> Answer:
    outcome = lookup_outcome(_lookup_form(data, user))
    return outcome_answer(outcome, paper_payloads.lookup_payload, with_terms=False)


def _search_keyword_description() -> str:
    return SEARCH_KEYWORD_DESCRIPTION.format(pool_cap=f"{settings.PORTAL_PAPER_POOL_CAP:,}")


TOOLS: dict[str, ToolSpec] = {
    spec.name: spec
    for spec in (
        ToolSpec(
            STATUTE_SEARCH, "Keyword search over statute text",
            lambda: STATUTE_SEARCH_DESCRIPTION, _statute_search_form, _statute_search,
        ),
        ToolSpec(
            STATUTE_SURVEY, "One question in every jurisdiction, side by side",
            lambda: STATUTE_SURVEY_DESCRIPTION, _statute_survey_form, _statute_survey,
        ),
        ToolSpec(
            STATUTE, "One whole statute section",
            lambda: STATUTE_DESCRIPTION,
            lambda data, user: SectionLookupForm(data, catalog=statute_catalog()),
            lambda data, user: section_answer(data),
        ),
        ToolSpec(
            SOURCES, "What the statute search covers",
            lambda: SOURCES_DESCRIPTION,
            lambda data, user: SourcesForm(data, catalog=statute_catalog()),
            lambda data, user: sources_answer(data),
        ),
        ToolSpec(
            SEARCH_KEYWORD, "Keyword search over arXiv paper passages",
            _search_keyword_description, _paper_search_form, _search_keyword, read_only=False,
        ),
        ToolSpec(
            FIND_BY_ID, "A paper by arXiv id or title",
            lambda: FIND_BY_ID_DESCRIPTION, _lookup_form, _find_by_id,
        ),
    )
}  # fmt: skip


def input_schema(spec: ToolSpec, user: Principal) -> dict[str, Any]:
    """The tool's input schema, from its form's fields."""
    return form_schema(spec.form(None, user))


def arguments_query(arguments: Mapping[str, Any]) -> QueryDict:
    """Tool arguments as the query string the API would read: lists repeat, booleans are
    true/false, null is left out, and anything else is text (the form rejects what it must)."""
    data = QueryDict(mutable=True)
    for name, value in arguments.items():
        values = value if isinstance(value, list | tuple) else [value]
        data.setlist(str(name), [_text(v) for v in values if v is not None])
    return data


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, int | float):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


def call_tool(spec: ToolSpec, arguments: Mapping[str, Any], user: Principal) -> Answer:
    """Run one tool call; an unexpected failure is an error answer, never a traceback."""
    try:
        return spec.answer(arguments_query(arguments), user)
    except UNAVAILABLE_ERRORS:
        logger.exception("database unavailable in MCP tool %s", spec.name)
        return error_answer(
            503, DATABASE_UNAVAILABLE, note=DATABASE_UNAVAILABLE_NOTE,
            coverage_note=NOTHING_SEARCHED_COVERAGE_NOTE,
        )  # fmt: skip
    except Exception:
        logger.exception("MCP tool %s failed", spec.name)
        return error_answer(
            500, SERVER_ERROR, note=SERVER_ERROR_NOTE, coverage_note=NOTHING_SEARCHED_COVERAGE_NOTE
        )
