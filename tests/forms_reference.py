"""The search forms as they were built before their fields were shared: Django's deep copy of
every declared field per form, then configured on that copy (kept to compare with).

Each class takes the same arguments as the form it stands for; everything but the
construction is the form's own."""

from collections.abc import Callable
from functools import partial
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User

from search.answers.fields import bound_above
from search.enrichment import CONTENT_TYPES
from search.papers.catalog import PaperCatalog
from search.papers.forms import PaperSearchForm
from search.papers.request import DEFAULT_MAX_PER_DOCUMENT
from search.papers.search_fields import category_choices
from search.statutes.catalog import Catalog
from search.statutes.chapters import ChapterTable, load_chapters
from search.statutes.search.forms import StatuteSearchForm
from search.statutes.search.words_form import StatuteWordsForm, rank_cap_message, rows_bound
from search.statutes.survey.forms import StatuteSurveyForm
from search.text.query import ParsedQuery


class ReferencePaperSearchForm(PaperSearchForm):
    """PaperSearchForm built per form, as before."""

    def __init__(
        self,
        data: Any = None,
        *,
        catalog: PaperCatalog,
        user: User | AnonymousUser | None = None,
        record: bool = False,
        exports: bool = False,
    ) -> None:
        forms.Form.__init__(self, data)
        self.catalog = catalog
        self.user = user or AnonymousUser()
        self.record = record
        if not exports:
            del self.fields["format"]
        self.parsed: ParsedQuery | None = None
        self.arxiv_ids: tuple[str, ...] = ()
        self.fields["categories"].widget.choices = partial(category_choices, catalog)
        self.fields["contentType"].widget.choices = [(c, c) for c in CONTENT_TYPES]
        self.fields["limit"].help_text = (
            f"Max results to return, default {settings.PORTAL_PAPER_LIMIT_DEFAULT}, capped at "
            f"{settings.PORTAL_PAPER_LIMIT_MAX} (above the pool cap, more than any search "
            "ranks, it is an error)."
        )
        self.fields["limit"].label = f"Rows (at most {settings.PORTAL_PAPER_LIMIT_MAX})"
        self.fields["limit"].widget.attrs["placeholder"] = settings.PORTAL_PAPER_LIMIT_DEFAULT
        self.fields["maxPerDocument"].widget.attrs["placeholder"] = DEFAULT_MAX_PER_DOCUMENT
        most = max(settings.PORTAL_PAPER_POOL_CAP, settings.PORTAL_PAPER_LIMIT_MAX)
        bound_above(
            self.fields["limit"], most,
            f"limit=%(value)s is more rows than any search ranks (at most {most:,} chunks, the "
            f"pool cap); give at most {most:,} (above {settings.PORTAL_PAPER_LIMIT_MAX} it is "
            "capped, and the note says so).",
        )  # fmt: skip


def _words_init(form: StatuteWordsForm, data: Any, catalog: Catalog, exports: bool) -> None:
    """StatuteWordsForm.__init__ as before."""
    forms.Form.__init__(form, data)
    form.catalog = catalog
    if not exports:
        del form.fields["format"]
    form.parsed = None
    form.fields["source"].widget.choices = [
        ("", "Statutes + default regulations"),
        *((code, f"{facts.name} ({code})") for code, facts in catalog.search_codes.items()),
    ]
    chosen = catalog.resolve_source(str((data or {}).get("source") or ""))
    forms_ = chosen.title_forms if chosen else ()
    form.fields["title"].widget.choices = [("", "Any" if chosen else "Choose a source first")]
    form.fields["title"].widget.choices += [(t, t) for t in forms_]
    if not chosen:
        form.fields["title"].widget.attrs["disabled"] = True


class ReferenceStatuteSearchForm(StatuteSearchForm):
    """StatuteSearchForm built per form, as before."""

    def __init__(
        self,
        data: Any = None,
        *,
        catalog: Catalog,
        chapters: Callable[[], ChapterTable] = load_chapters,
        exports: bool = False,
    ) -> None:
        _words_init(self, data, catalog, exports)
        self.load_chapters = chapters
        self.fields["limit"].label = f"Rows (at most {settings.PORTAL_STATUTE_LIMIT_MAX})"
        self.fields["limit"].help_text = (
            f"Max results, default {settings.PORTAL_STATUTE_LIMIT_DEFAULT}, capped at "
            f"{settings.PORTAL_STATUTE_LIMIT_MAX} (a larger value is capped and the note says so; "
            f"above {rows_bound():,}, more than any answer ranks, it is an error)."
        )
        self.fields["limit"].widget.attrs.update(
            {"min": 1, "placeholder": settings.PORTAL_STATUTE_LIMIT_DEFAULT}
        )
        bound_above(self.fields["limit"], rows_bound(), rank_cap_message("limit"))


class ReferenceStatuteSurveyForm(StatuteSurveyForm):
    """StatuteSurveyForm built per form, as before."""

    def __init__(self, data: Any = None, *, catalog: Catalog, exports: bool = False) -> None:
        _words_init(self, data, catalog, exports)
        bound_above(self.fields["per"], rows_bound(), rank_cap_message("per"))
