"""A survey request: the words, the sources, sections per jurisdiction and the order (forms
import this module, never the service)."""

from dataclasses import dataclass, field
from typing import Any, Self

from search.statutes.scope import Scope
from search.statutes.search.request import parse_statute_query
from search.text.query import ParsedQuery

PER_DEFAULT = 3
PER_MAX = 3
BY_NAME = "name"
BY_SCORE = "score"
SORTS = (BY_NAME, BY_SCORE)


@dataclass(frozen=True)
class StatuteSurveyRequest:
    """A validated survey: the words, the sources (`scope`: source, title, include; never
    jurisdictions) and how many sections per jurisdiction (`per`, capped at PER_MAX); `parsed`
    is the query as the form parsed it (`for_query` parses it for tests and the bench)."""

    q: str
    per: int | None = None
    sort: str = BY_NAME
    scope: Scope = Scope()
    stem: bool = False
    headings: bool = False
    expand: bool = True
    parsed: ParsedQuery = field(compare=False, kw_only=True)

    @classmethod
    def for_query(cls, q: str, **options: Any) -> Self:
        """The survey of `q` with its query parsed as the form parses it."""
        return cls(q=q, parsed=parse_statute_query(q), **options)
