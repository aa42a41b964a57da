"""The validated paper search request, its allowed values and its canonical query string."""

import re
from calendar import monthrange
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Self
from urllib.parse import urlencode

from django.conf import settings

from search.answers.csv_answers import CSV, JSON
from search.backends.paper_search import RELEVANCE, SORTS
from search.backends.registry import get_backend
from search.papers.arxiv_ids import split_arxiv_ids
from search.papers.diversify import DIVERSIFY_MODES, DOCUMENT
from search.text.query import ALL_WORDS, ANY_WORDS, ParsedQuery, parse_query

PHRASE = "phrase"
MATCH_MODES = (ALL_WORDS, ANY_WORDS, PHRASE)
MINIMAL = "minimal"
STANDARD = "standard"
FULL = "full"
DETAILS = (MINIMAL, STANDARD, FULL)
# What /api/search_keyword answers with: JSON, or a file of the same rows.
BIBTEX = "bibtex"
FORMATS = (JSON, CSV, BIBTEX)
# "At most one or two chunks per paper" (the seed): two unless the caller says otherwise.
DEFAULT_MAX_PER_DOCUMENT = 2
MAX_PER_DOCUMENT_LIMIT = 100

_YEAR = re.compile(r"\d{4}")
_MONTH = re.compile(r"(\d{4})-(\d{1,2})")


@dataclass(frozen=True)
class PaperSearchRequest:
    """One search, every value already validated (forms build it; tests may directly)."""

    query: str
    match: str = ALL_WORDS
    limit: int | None = None  # None: the default; above the maximum: capped with a note
    offset: int = 0  # rows of the diversified order skipped before this page
    sort: str = RELEVANCE
    date_from: date | None = None
    date_to: date | None = None
    categories: tuple[str, ...] = ()
    content_types: tuple[str, ...] = ()
    entities: tuple[str, ...] = ()
    authors: tuple[str, ...] = ()  # as given; the service folds them (papers.author_names)
    detail: str = STANDARD
    facets: bool = False
    diversify_by: str = DOCUMENT
    max_per_document: int | None = None
    run_id: int | None = None  # already checked to be the requesting user's run
    # Whether this request writes to the run's history: an API call with run_id, or a search
    # submitted on the page (POST); never the page's live, as-you-type GETs.
    record: bool = False
    format: str = JSON
    # Parameters the caller sent that this search does not know (reported in the note).
    ignored_params: tuple[str, ...] = ()
    # The query as the form parsed it, without its arXiv ids, and those ids (`for_query`
    # parses both for tests and the bench); the service never parses the query again.
    parsed: ParsedQuery = field(compare=False, kw_only=True)
    arxiv_ids: tuple[str, ...] = field(compare=False, kw_only=True)

    @classmethod
    def for_query(cls, query: str, **options: Any) -> Self:
        """The request for `query` with its words and arXiv ids parsed as the form parses them."""
        parsed, ids = parse_paper_query(query, options.get("match", ALL_WORDS))
        return cls(query=query, parsed=parsed, arxiv_ids=ids, **options)

    def __post_init__(self) -> None:
        for name, value, allowed in (
            ("match", self.match, MATCH_MODES),
            ("detail", self.detail, DETAILS),
            ("diversifyBy", self.diversify_by, DIVERSIFY_MODES),
            ("sort", self.sort, SORTS),
            ("format", self.format, FORMATS),
        ):
            if value not in allowed:
                raise ValueError(f"{name} must be one of {allowed}, got {value!r}")
        if self.offset < 0:
            raise ValueError(f"offset must not be negative, got {self.offset}")

    def params(self, **changes: object) -> list[tuple[str, str]]:
        """The request as (seed name, value) pairs; defaults left out, lists repeated."""
        values: dict[str, object] = {
            "query": self.query,
            "match": self.match if self.match != ALL_WORDS else None,
            "limit": self.limit,
            "offset": self.offset or None,
            "sort": self.sort if self.sort != RELEVANCE else None,
            "dateFrom": self.date_from.isoformat() if self.date_from else None,
            "dateTo": self.date_to.isoformat() if self.date_to else None,
            "categories": self.categories,
            "contentType": self.content_types,
            "entities": self.entities,
            "authors": self.authors,
            "detail": self.detail if self.detail != STANDARD else None,
            "facets": "true" if self.facets else None,
            "diversifyBy": self.diversify_by if self.diversify_by != DOCUMENT else None,
            "maxPerDocument": self.max_per_document,
            "run_id": self.run_id,
            "format": self.format if self.format != JSON else None,
        }
        values.update(changes)
        pairs: list[tuple[str, str]] = []
        for name, value in values.items():
            if value is None or value == "" or value == ():
                continue
            items = value if isinstance(value, tuple | list) else (value,)
            pairs.extend((name, str(item)) for item in items)
        return pairs

    def query_string(self, **changes: object) -> str:
        """`params()` URL-encoded: shareable, and what a run's history re-runs."""
        return urlencode(self.params(**changes))


def parse_day(text: str, *, end: bool) -> date:
    """An ISO date, or a year (`2025`) or month (`2025-06`) taken as its first or last day.

    `end` picks the last day, so `dateTo=2025` includes all of 2025. A full ISO timestamp
    is accepted for its date. Raises ValueError with a message for people.
    """
    value = text.strip()
    if _YEAR.fullmatch(value):
        year = int(value)
        return date(year, 12, 31) if end else date(year, 1, 1)
    month = _MONTH.fullmatch(value)
    if month:
        year, number = int(month.group(1)), int(month.group(2))
        if not 1 <= number <= 12:
            raise ValueError(f"{value!r} has no month {number}")
        return date(year, number, monthrange(year, number)[1] if end else 1)
    try:
        return date.fromisoformat(value)
    except ValueError:
        pass
    try:
        return datetime.fromisoformat(value).date()
    except ValueError:
        raise ValueError(f"{value!r} is not a date; use YYYY-MM-DD (or YYYY, or YYYY-MM)") from None


def parse_paper_query(text: str, match: str) -> tuple[ParsedQuery, tuple[str, ...]]:
    """The query's words, tokenised like the index, and the arXiv ids it names (cut out of the
    words first); `phrase` reads the remaining text as one phrase (stop words kept)."""
    ids, text = split_arxiv_ids(text)
    return _words(text, match), ids


def _words(text: str, match: str) -> ParsedQuery:
    max_terms = settings.PORTAL_MAX_QUERY_TERMS
    if match == PHRASE:
        words = text.replace('"', " ").replace("\u201c", " ").replace("\u201d", " ")
        return parse_query(f'"{words}"', get_backend().tokenize, max_terms=max_terms)
    return parse_query(text, get_backend().tokenize, max_terms=max_terms)
