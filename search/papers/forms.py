"""Validation of paper search, paper look-up and research-run parameters (page and API alike);
the search's fields are declared in `search_fields`."""

from datetime import date
from functools import partial
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import ValidationError

from search.answers.fields import bound_above, shared_fields
from search.backends.paper_search import RELEVANCE
from search.enrichment import CONTENT_TYPES
from search.papers.author_names import fold_name
from search.papers.catalog import PaperCatalog
from search.papers.diversify import DOCUMENT
from search.papers.lookup import PaperLookup
from search.papers.request import (
    DEFAULT_MAX_PER_DOCUMENT,
    JSON,
    STANDARD,
    PaperSearchRequest,
    parse_day,
    parse_paper_query,
)
from search.papers.runs import RunRejected, own_run
from search.papers.search_fields import PaperSearchFields, category_choices
from search.text.query import ALL_WORDS, ParsedQuery
from search.text.query_notes import nothing_to_search_error


class PaperSearchForm(PaperSearchFields):
    """The seed's search_keyword parameters, validated, for the page, the API and MCP."""

    def __init__(
        self,
        data: Any = None,
        *,
        catalog: PaperCatalog,
        user: User | AnonymousUser | None = None,
        record: bool = False,
        exports: bool = False,
    ) -> None:
        """`record`: a valid run_id writes to the run's history (API calls with a token or
        our own origin's proof, MCP calls, page submits); `exports`: `format` is read (the
        JSON API)."""
        # The fields as the catalog, `exports` and the settings configure them, shared.
        limits = (
            settings.PORTAL_PAPER_LIMIT_DEFAULT,
            settings.PORTAL_PAPER_LIMIT_MAX,
            settings.PORTAL_PAPER_POOL_CAP,
        )
        configure = partial(configure_fields, catalog=catalog, exports=exports)
        shared = shared_fields(type(self), (exports, limits), configure, same=(catalog,))
        super().__init__(data, shared=shared)
        self.catalog = catalog
        self.user = user or AnonymousUser()
        self.record = record
        # The query as the index runs it, parsed once in clean_query (also when rejected),
        # and the arXiv ids it names.
        self.parsed: ParsedQuery | None = None
        self.arxiv_ids: tuple[str, ...] = ()

    @property
    def is_idle(self) -> bool:
        """True when no query was typed yet: the page shows the form, not an error."""
        return not self.is_bound or not str(self.data.get("query") or "").strip()

    def coverage_note(self) -> str:
        """What the papers index covers (the same for every request)."""
        return self.catalog.coverage_note()

    def ignored_params(self) -> tuple[str, ...]:
        """Parameters sent that this search does not know (reported, not rejected)."""
        # The form's own fields (`format` only where exports are read), and the CSRF token the
        # page's form posts with the search.
        known = self.fields.keys() | {"csrfmiddlewaretoken"}
        return tuple(sorted(k for k in (self.data or {}) if k not in known))

    def clean_query(self) -> str:
        query: str = self.cleaned_data["query"]
        match = self.data.get("match") or ALL_WORDS
        parsed, self.arxiv_ids = parse_paper_query(query, match)
        self.parsed = parsed
        if parsed.is_empty and not self.arxiv_ids:
            raise ValidationError(nothing_to_search_error(parsed))
        return query

    def clean_dateFrom(self) -> date | None:  # noqa: N802 - the seed's parameter name
        return self._day("dateFrom", end=False)

    def clean_dateTo(self) -> date | None:  # noqa: N802 - the seed's parameter name
        return self._day("dateTo", end=True)

    def _day(self, name: str, *, end: bool) -> date | None:
        value = self.cleaned_data.get(name) or ""
        if not value.strip():
            return None
        try:
            return parse_day(value, end=end)
        except ValueError as exc:
            raise ValidationError(str(exc)) from None

    def clean_offset(self) -> int:
        offset: int = self.cleaned_data.get("offset") or 0
        cap = settings.PORTAL_PAPER_POOL_CAP
        if offset >= cap:
            raise ValidationError(
                f"offset={offset:,} is past the end of what is ranked: at most {cap:,} matching "
                "chunks are ranked per search (the pool cap). Narrow the query instead."
            )
        return offset

    def clean_authors(self) -> tuple[str, ...]:
        values: tuple[str, ...] = self.cleaned_data["authors"]
        empty = [v for v in values if not fold_name(v)]
        if empty:
            shown = ", ".join(repr(v) for v in empty)
            raise ValidationError(
                f"An author name needs letters or digits: {shown}. Give names as 'First Last' "
                "or 'Last' (commas separate names)."
            )
        return values

    def clean_categories(self) -> tuple[str, ...]:
        values: tuple[str, ...] = self.cleaned_data["categories"]
        if not self.catalog.categories:
            return values  # no index to check against: the search answers 503 anyway
        known = [(v, self.catalog.category(v)) for v in values]
        unknown = [v for v, found in known if found is None]
        if unknown:
            examples = ", ".join(name for name, _ in self.catalog.arxiv_categories[:12])
            raise ValidationError(
                f"Unknown categor{'y' if len(unknown) == 1 else 'ies'}: {', '.join(unknown)}. "
                f"No loaded paper has it. Categories are arXiv names such as {examples} "
                "(the coverage note counts them)."
            )
        return tuple(dict.fromkeys(found for _, found in known if found))

    def clean_contentType(self) -> tuple[str, ...]:  # noqa: N802 - the seed's parameter name
        values = tuple(v.lower() for v in self.cleaned_data["contentType"])
        unknown = [v for v in values if v not in CONTENT_TYPES]
        if unknown:
            raise ValidationError(
                f"Unknown content type: {', '.join(unknown)}. Valid: {', '.join(CONTENT_TYPES)}."
            )
        return tuple(dict.fromkeys(values))

    def clean_run_id(self) -> int | None:
        value = (self.cleaned_data.get("run_id") or "").strip()
        if not value:
            return None
        try:
            run = own_run(self.user, value)
        except RunRejected as exc:
            raise ValidationError(str(exc)) from None
        return int(run.pk)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("dateFrom"), data.get("dateTo")
        if start and end and start > end:
            self.add_error("dateTo", f"dateTo ({end}) is before dateFrom ({start}).")
        return data

    def to_request(self) -> PaperSearchRequest:
        """The validated request; call after is_valid()."""
        data = self.cleaned_data
        if self.parsed is None:
            raise ValueError("the query is parsed by is_valid(); call it first")
        return PaperSearchRequest(
            query=data["query"],
            match=data.get("match") or ALL_WORDS,
            limit=data.get("limit"),
            offset=data.get("offset") or 0,
            sort=data.get("sort") or RELEVANCE,
            date_from=data.get("dateFrom"),
            date_to=data.get("dateTo"),
            categories=data.get("categories") or (),
            content_types=data.get("contentType") or (),
            entities=data.get("entities") or (),
            authors=data.get("authors") or (),
            detail=data.get("detail") or STANDARD,
            facets=bool(data.get("facets")),
            diversify_by=data.get("diversifyBy") or DOCUMENT,
            max_per_document=data.get("maxPerDocument"),
            run_id=data.get("run_id"),
            record=self.record and data.get("run_id") is not None,
            format=data.get("format") or JSON,
            ignored_params=self.ignored_params(),
            parsed=self.parsed,
            arxiv_ids=self.arxiv_ids,
        )


def configure_fields(
    fields: dict[str, forms.Field], *, catalog: PaperCatalog, exports: bool
) -> None:
    """Set up the search's fields for a catalog and the settings (`exports`: with `format`)."""
    if not exports:
        del fields["format"]
    # A callable: Django lists the ~150 choices only when the page renders the checklist,
    # not on every API request.
    fields["categories"].widget.choices = partial(category_choices, catalog)
    fields["contentType"].widget.choices = [(c, c) for c in CONTENT_TYPES]
    fields["limit"].help_text = (
        f"Max results to return, default {settings.PORTAL_PAPER_LIMIT_DEFAULT}, capped at "
        f"{settings.PORTAL_PAPER_LIMIT_MAX} (above the pool cap, more than any search "
        "ranks, it is an error)."
    )
    # The page's labels and placeholders say the configured limits and defaults.
    fields["limit"].label = f"Rows (at most {settings.PORTAL_PAPER_LIMIT_MAX})"
    fields["limit"].widget.attrs["placeholder"] = settings.PORTAL_PAPER_LIMIT_DEFAULT
    fields["maxPerDocument"].widget.attrs["placeholder"] = DEFAULT_MAX_PER_DOCUMENT
    most = max(settings.PORTAL_PAPER_POOL_CAP, settings.PORTAL_PAPER_LIMIT_MAX)
    bound_above(
        fields["limit"], most,
        f"limit=%(value)s is more rows than any search ranks (at most {most:,} chunks, the "
        f"pool cap); give at most {most:,} (above {settings.PORTAL_PAPER_LIMIT_MAX} it is "
        "capped, and the note says so).",
    )  # fmt: skip


class PaperLookupForm(forms.Form):
    """`/api/paper`: exactly one of arxiv_id, paper_id or title."""

    arxiv_id = forms.CharField(
        required=False,
        max_length=200,
        help_text=(
            "An arXiv id, with or without its version suffix (2106.09685 or 2106.09685v2). "
            "Give exactly one of arxiv_id, paper_id and title."
        ),
    )
    paper_id = forms.CharField(
        required=False, max_length=200, help_text="The paper_id that search results give."
    )
    title = forms.CharField(
        required=False,
        max_length=1000,
        help_text=(
            "A paper title: exact matches (ignoring case, accents and punctuation) first, then "
            "papers whose title contains every word; ask again by arxiv_id for the whole paper."
        ),
    )
    is_idle = False
    parsed = None

    def __init__(self, data: Any = None, *, catalog: PaperCatalog) -> None:
        super().__init__(data)
        self.catalog = catalog

    def coverage_note(self) -> str:
        """What the papers index covers."""
        return self.catalog.coverage_note()

    def to_request(self) -> PaperLookup:
        """The one look-up asked for; call after is_valid()."""
        data = self.cleaned_data
        name = next(n for n in ("arxiv_id", "paper_id", "title") if (data[n] or "").strip())
        return PaperLookup(name, data[name])

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        given = [
            name for name in ("arxiv_id", "paper_id", "title") if (data.get(name) or "").strip()
        ]
        if len(given) != 1:
            raise ValidationError(
                "Give exactly one of arxiv_id (e.g. 2106.09685 or 2106.09685v2), paper_id, "
                "or title."
            )
        return data


class RunForm(forms.Form):
    """A new research run."""

    name = forms.CharField(
        label="Run name",
        max_length=200,
        strip=True,
        error_messages={"required": "Give the run a name."},
    )
