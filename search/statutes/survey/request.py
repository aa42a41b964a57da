"""A survey request: the words, the sources, sections per jurisdiction and the order (forms
import this module, never the service)."""

from dataclasses import dataclass, field

from search.statutes.scope import Scope
from search.text.query import ParsedQuery

PER_DEFAULT = 3
PER_MAX = 3
BY_NAME = "name"
BY_SCORE = "score"
SORTS = (BY_NAME, BY_SCORE)


@dataclass(frozen=True)
class StatuteSurveyRequest:
    """A validated survey: the words, the sources (`scope`: source, title, include; never
    jurisdictions) and how many sections per jurisdiction (`per`, capped at PER_MAX)."""

    q: str
    per: int | None = None
    sort: str = BY_NAME
    scope: Scope = Scope()
    stem: bool = False
    headings: bool = False
    expand: bool = True
    parsed: ParsedQuery | None = field(default=None, compare=False)
