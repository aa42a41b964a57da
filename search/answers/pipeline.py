"""One search request from form to outcome, shared by its page and its API.

Every search passes through `run_search`: idle (no query yet, pages only), invalid (the
form's errors, or a parameter the search itself `Rejected`), unavailable (no readable index:
a 503, never zero matches), missing or ambiguous (a look-up's name fits no loaded thing, or
several: a 404, a 400) or done. This is the only place a search's or look-up's
`IndexUnavailable` becomes a 503 state; the page renders the outcome, the API turns it into
JSON with `json_answers.outcome_response`.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from search.backends.protocol import IndexUnavailable
from search.text.query import ParsedQuery

IDLE = "idle"
INVALID = "invalid"
MISSING = "missing"
AMBIGUOUS = "ambiguous"
UNAVAILABLE = "unavailable"
DONE = "done"
STATUS_CODES = {IDLE: 200, INVALID: 400, MISSING: 404, AMBIGUOUS: 400, UNAVAILABLE: 503, DONE: 200}
BAD_REQUEST_NOTE = "Bad request, nothing was searched."


class NotFound(Exception):
    """A look-up found nothing loaded under the name asked for; `note` says so (a 404)."""

    def __init__(self, note: str) -> None:
        super().__init__(note)
        self.note = note


class Ambiguous(Exception):
    """A look-up's name fits several loaded things: `note` says so, `matches` lists them (a 400)."""

    def __init__(self, note: str, matches: tuple[Any, ...]) -> None:
        super().__init__(note)
        self.note = note
        self.matches = matches


class Rejected(Exception):
    """A parameter the form could not judge alone, refused by the search itself (a 400).

    Example: an offset past the last row, which only the ranked results can tell.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class SearchResult(Protocol):
    """What every search result carries for its answer's two notes."""

    @property
    def note(self) -> str: ...

    @property
    def coverage_note(self) -> str: ...


class SearchForm[Req](Protocol):
    """A search's form: validates once, parses the query once, builds the service request."""

    @property
    def is_idle(self) -> bool: ...

    @property
    def parsed(self) -> ParsedQuery | None: ...

    @property
    def errors(self) -> object: ...

    def is_valid(self) -> bool: ...

    def to_request(self) -> Req: ...

    def coverage_note(self) -> str:
        """What the (valid part of the) request would cover; for answers without a result."""
        ...


@dataclass(frozen=True)
class Outcome[R: SearchResult]:
    """The state of one search request and what its page or API answer shows."""

    state: str
    note: str
    coverage_note: str
    result: R | None = None
    errors: dict[str, list[str]] = field(default_factory=dict)
    reason: str = ""  # why the index is unavailable
    parsed: ParsedQuery | None = None  # the query as parsed, also when nothing ran
    matches: tuple[Any, ...] = ()  # what an ambiguous look-up's name fits

    @property
    def status(self) -> int:
        """HTTP status: 400 for bad input, 503 when the index cannot be read."""
        return STATUS_CODES[self.state]


def form_errors(form: object) -> dict[str, list[str]]:
    """Form errors keyed by parameter name (`__all__` becomes `request`)."""
    errors: dict[str, list[object]] = getattr(form, "errors", {})
    return {
        ("request" if name == "__all__" else name): [str(m) for m in messages]
        for name, messages in errors.items()
    }


def bad_request_note(errors: dict[str, list[str]]) -> str:
    """One sentence per invalid parameter."""
    parts = [
        " ".join(msgs) if name == "request" else f"{name}: {' '.join(msgs)}"
        for name, msgs in errors.items()
    ]
    return " ".join([BAD_REQUEST_NOTE, *parts])


def run_search[Req, R: SearchResult](
    form: SearchForm[Req],
    search: Callable[[Req], R],
    *,
    unavailable_note: str,
    idle_ok: bool,
) -> Outcome[R]:
    """Validate, run, and say how it went; `idle_ok`: an empty query is no error (pages)."""
    if idle_ok and form.is_idle:
        return Outcome(IDLE, "", form.coverage_note())
    if not form.is_valid():
        errors = form_errors(form)
        return Outcome(
            INVALID, bad_request_note(errors), form.coverage_note(), errors=errors,
            parsed=form.parsed,
        )  # fmt: skip
    try:
        result = search(form.to_request())
    except Rejected as exc:
        errors = {exc.field: [exc.message]}
        return Outcome(
            INVALID, bad_request_note(errors), form.coverage_note(), errors=errors,
            parsed=form.parsed,
        )  # fmt: skip
    except NotFound as exc:
        return Outcome(MISSING, exc.note, form.coverage_note(), parsed=form.parsed)
    except Ambiguous as exc:
        return Outcome(
            AMBIGUOUS, exc.note, form.coverage_note(), matches=exc.matches, parsed=form.parsed
        )
    except IndexUnavailable as exc:
        return Outcome(
            UNAVAILABLE, f"{unavailable_note} ({exc.reason})", form.coverage_note(),
            reason=exc.reason, parsed=form.parsed,
        )  # fmt: skip
    return Outcome(DONE, result.note, result.coverage_note, result=result, parsed=form.parsed)
