"""A statute search request and the parsing of its query: what forms build and services take
(forms import this module, never the service)."""

from dataclasses import dataclass, field
from typing import Any, Self

from django.conf import settings

from search.backends.registry import get_backend
from search.statutes.scope import Scope
from search.text.query import ParsedQuery, parse_query


@dataclass(frozen=True)
class StatuteSearchRequest:
    """A validated search: `scope` holds loaded codes only (`cfr`, `wa`, a chapter).

    `parsed` is the query as the form parsed it (`for_query` parses it for tests and the
    bench); the service runs it and never parses `q` again.
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
    parsed: ParsedQuery = field(compare=False, kw_only=True)

    @classmethod
    def for_query(cls, q: str, **options: Any) -> Self:
        """The request for `q` with its query parsed as the form parses it."""
        return cls(q=q, parsed=parse_statute_query(q), **options)


def parse_statute_query(q: str) -> ParsedQuery:
    """The query as the statutes index will run it."""
    return parse_query(
        q, get_backend().tokenize, max_terms=settings.PORTAL_MAX_QUERY_TERMS, question_words=True
    )
