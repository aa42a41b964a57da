"""Validation of the statute search parameters (page and API alike)."""

from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError

from search.answers.fields import CodeListField, TrueFalseField, bound_above, split_codes
from search.statutes.catalog import Catalog, SourceFacts
from search.statutes.chapters import ChapterTable, load_chapters
from search.statutes.scope import Scope
from search.statutes.search.request import StatuteSearchRequest
from search.statutes.search.words_form import StatuteWordsForm, rank_cap_message, rows_bound
from search.text.jurisdictions import NAMES, jurisdiction_name


class StatuteSearchForm(StatuteWordsForm):
    """The statute search parameters (SPEC sections 1 and 6) for the page and the API alike."""

    field_order = (
        "q", "jurisdiction", "source", "title", "include", "chapter", "limit", "offset", "stem",
        "headings", "expand", "words",
    )  # fmt: skip

    jurisdiction = CodeListField(
        label="Jurisdiction",
        required=False,
        help_text=(
            'Restrict to one jurisdiction, e.g. "wa" or "us" (sources lists those loaded), or '
            'several ("wa,us": a state with federal law). STRONGLY preferred when the user\'s '
            "state is known: without it results mix states (on 6,852 housing-law questions run "
            "unconfined, the top section came from another state 97.7% of the time)."
        ),
    )
    chapter = forms.CharField(
        label="Chapter",
        required=False,
        max_length=200,
        help_text=(
            "Search one chapter: the section field chapter (59-18) or as cited (59.18 for RCW "
            "chapter 59.18), within the other filters (a jurisdiction makes it unambiguous)."
        ),
    )
    limit = forms.IntegerField(
        label="Rows",
        required=False,
        min_value=1,
        error_messages={
            "invalid": "limit must be a whole number.",
            "min_value": "limit must be at least 1.",
        },
    )
    offset = forms.IntegerField(
        label="First row",
        required=False,
        min_value=0,
        error_messages={
            "invalid": "offset must be a whole number (0 for the first page).",
            "min_value": "offset must not be negative (0 for the first page).",
        },
        help_text=(
            "Rows to skip (0: the first page); pages never overlap or skip a row. Paging "
            "reaches the top PORTAL_STATUTE_RANK_CAP (1,000) rows of a keyword search."
        ),
    )
    words = TrueFalseField(
        required=False,
        label="Search a citation's words as words",
        error_messages={"invalid": "words must be true or false."},
        help_text="true: search a query that reads as a citation as words instead.",
    )

    def __init__(
        self,
        data: Any = None,
        *,
        catalog: Catalog,
        chapters: Callable[[], ChapterTable] = load_chapters,
        exports: bool = False,
    ) -> None:
        super().__init__(data, catalog=catalog, exports=exports)
        self.load_chapters = chapters

    @classmethod
    def field_settings(cls) -> tuple[Hashable, ...]:
        return (
            *super().field_settings(),
            settings.PORTAL_STATUTE_LIMIT_DEFAULT,
            settings.PORTAL_STATUTE_LIMIT_MAX,
            rows_bound(),
        )

    @classmethod
    def configure_own(cls, fields: dict[str, forms.Field]) -> None:
        fields["limit"].label = f"Rows (at most {settings.PORTAL_STATUTE_LIMIT_MAX})"
        fields["limit"].help_text = (
            f"Max results, default {settings.PORTAL_STATUTE_LIMIT_DEFAULT}, capped at "
            f"{settings.PORTAL_STATUTE_LIMIT_MAX} (a larger value is capped and the note says so; "
            f"above {rows_bound():,}, more than any answer ranks, it is an error)."
        )
        fields["limit"].widget.attrs.update(
            {"min": 1, "placeholder": settings.PORTAL_STATUTE_LIMIT_DEFAULT}
        )
        bound_above(fields["limit"], rows_bound(), rank_cap_message("limit"))

    def asked_jurisdictions(self) -> tuple[str, ...]:
        """The jurisdiction codes asked for, valid or not (for the page's controls)."""
        getlist = getattr(self.data, "getlist", None)
        raw = getlist("jurisdiction") if getlist else [(self.data or {}).get("jurisdiction", "")]
        return split_codes(raw)

    def known_jurisdictions(self) -> tuple[str, ...]:
        """The loaded jurisdictions asked for (valid or not, the rest of the form)."""
        return tuple(j for j in self.asked_jurisdictions() if j in self.catalog.jurisdictions)

    def scope(self) -> Scope:
        """The scope of the request's valid parameters (the default scope when none are)."""
        data = getattr(self, "cleaned_data", None)
        if data is None:
            return Scope(jurisdictions=self.known_jurisdictions())
        return replace(
            super().scope(),
            jurisdictions=data.get("jurisdiction") or (),
            chapter=data.get("chapter"),
        )

    def clean_offset(self) -> int:
        # A citation or chapter answer pages to its end, so no offset reaches the sections
        # loaded (a keyword search's offset is held below the rank cap by the service).
        offset: int = self.cleaned_data.get("offset") or 0
        loaded = sum(s.section_count for s in self.catalog.sources)
        if offset and offset >= loaded:
            raise ValidationError(
                f"offset={offset} is past the end: {loaded:,} sections are loaded in all, so "
                f"offset must be below {loaded:,} (0 for the first page)."
            )
        return offset

    def clean_jurisdiction(self) -> tuple[str, ...]:
        values: tuple[str, ...] = self.cleaned_data.get("jurisdiction") or ()
        loaded = self.catalog.jurisdictions
        unloaded = [v for v in values if v in NAMES and v not in loaded]
        unknown = [v for v in values if v not in NAMES]
        if not unloaded and not unknown:
            return values
        problems = []
        if unloaded:
            names = ", ".join(f"{jurisdiction_name(v)} ({v})" for v in unloaded)
            law = "its law is" if len(unloaded) == 1 else "their law is"
            problems.append(f"No sections are loaded for {names}: {law} not in this portal.")
        if unknown:
            problems.append(f"Unknown jurisdiction {', '.join(repr(v) for v in unknown)}.")
        raise ValidationError(" ".join([*problems, f"Loaded jurisdictions: {', '.join(loaded)}."]))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        source: SourceFacts | None = data.get("source")
        places = data.get("jurisdiction") or ()
        if source is not None:
            outside = [p for p in places if p not in source.jurisdictions]
            if outside:
                self.add_error(
                    "jurisdiction",
                    f"Source {source.search_code} covers {', '.join(source.jurisdictions)} "
                    f"only; jurisdiction={','.join(outside)} would match nothing in it.",
                )
        self._clean_chapter(data)
        return data

    def _clean_chapter(self, data: dict[str, Any]) -> None:
        """The chapter named, among the sources of the rest of the (valid) request."""
        value = str(data.get("chapter") or "").strip()
        data["chapter"] = None
        if not value or self.errors:
            return
        scope = self.scope()
        sources = [s.code for s in scope.sources(self.catalog)]
        found = self.load_chapters().find(value, sources)
        if len(found) == 1:
            data["chapter"] = found[0]
            return
        where = _scope_words(self.catalog, scope)
        if not found:
            self.add_error(
                "chapter",
                f"No chapter {value!r} is loaded in {where}. Chapters are written as the "
                "section field `chapter` or as cited (59.18 for RCW chapter 59.18); each "
                "source's chapters are listed at /sources/<source>/.",
            )
            return
        named = "; ".join(f"{c.label} of {c.source} (title {c.title or '-'})" for c in found[:8])
        more = f" and {len(found) - 8} more" if len(found) > 8 else ""
        self.add_error(
            "chapter",
            f"chapter={value} names {len(found)} chapters in {where}: {named}{more}. Choose "
            "a jurisdiction, or write the chapter with its title (e.g. 44-7).",
        )

    def to_request(self) -> StatuteSearchRequest:
        """The validated request for the service (call after is_valid())."""
        data = self.cleaned_data
        return StatuteSearchRequest(
            q=data["q"],
            limit=data.get("limit"),
            offset=data.get("offset") or 0,
            scope=self.scope(),
            stem=bool(data.get("stem")),
            headings=bool(data.get("headings")),
            expand=data.get("expand", True) is not False,
            words=bool(data.get("words")),
            parsed=self.valid_query(),
        )


def _scope_words(catalog: Catalog, scope: Scope) -> str:
    if scope.jurisdictions:
        return ", ".join(catalog.jurisdiction_label(j) for j in scope.jurisdictions)
    if scope.source:
        return scope.source
    return "any loaded source"
