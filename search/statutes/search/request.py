"""A statute search request and the parsing of its query: what forms build and services take
(forms import this module, never the service)."""

from dataclasses import dataclass, field

from django.conf import settings

from search.backends.registry import get_backend
from search.statutes.scope import Scope
from search.text.query import ParsedQuery, parse_query


@dataclass(frozen=True)
class StatuteSearchRequest:
    """A validated search: `scope` holds loaded codes only (`cfr`, `wa`, a chapter).

    `parsed` is the query as the form parsed it; left out (tests, the bench), it is parsed here.
    `words`: search the query's words even when it reads as a citation.
    `expand`: add the code's words for everyday ones (the map in search.text.everyday_words).
    """

    q: str
    limit: int | None = None
    offset: int = 0
    scope: Scope = Scope()
    stem: bool = False
    headings: bool = False
    words: bool = False
    expand: bool = True
    parsed: ParsedQuery | None = field(default=None, compare=False)


def parse_statute_query(q: str) -> ParsedQuery:
    """The query as the statutes index will run it."""
    return parse_query(
        q, get_backend().tokenize, max_terms=settings.PORTAL_MAX_QUERY_TERMS, question_words=True
    )
