"""Validation of the browse pages' and the sources statement's parameters."""

from collections.abc import Mapping
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from search.answers.fields import bound_above
from search.statutes.catalog import Catalog, SourceFacts, source_code_for
from search.statutes.chapters import ChapterTable, chapter_ref
from search.text.jurisdictions import is_state_code, jurisdiction_name

STATUTE_SEARCH_TOOL = "statute_search"


class SourcesForm(forms.Form):
    """`/api/sources`: `tool` (statute_search) and an optional `source` code."""

    tool = forms.CharField(
        required=False,
        initial=STATUTE_SEARCH_TOOL,
        help_text="The tool whose coverage to state: statute_search.",
    )
    source = forms.CharField(
        required=False,
        help_text=(
            "One source to describe alone: a search code (cfr, or a state code such as ks for "
            "its administrative regulations) or a statute source code (e.g. wa-stat). Omit for "
            "every source."
        ),
    )

    def __init__(self, data: Any = None, *, catalog: Catalog) -> None:
        super().__init__(data)
        self.catalog = catalog

    def clean_tool(self) -> str:
        value = str(self.cleaned_data.get("tool") or "").strip() or STATUTE_SEARCH_TOOL
        if value != STATUTE_SEARCH_TOOL:
            raise ValidationError(f"Unknown tool {value!r}. Valid values: {STATUTE_SEARCH_TOOL}.")
        return value

    def clean_source(self) -> SourceFacts | None:
        value = str(self.cleaned_data.get("source") or "").strip().lower()
        if not value:
            return None
        facts = self.catalog.resolve_source(value) or self.catalog.by_code.get(value)
        if facts is not None:
            return facts
        codes = ", ".join(s.search_code or s.code for s in self.catalog.sources)
        if is_state_code(value):
            raise ValidationError(
                f"{jurisdiction_name(value)} administrative regulations "
                f"({source_code_for(value)}) are not loaded. Valid values: {codes}."
            )
        raise ValidationError(f"Unknown source {value!r}. Valid values: {codes}.")


class ChapterPageForm(forms.Form):
    """A chapter page's parameters: the title and chapter named, and `offset`, which must
    fall inside that chapter (a chapter not loaded is the view's 404, not an error here)."""

    title = forms.CharField(required=False, max_length=200)
    chapter = forms.CharField(required=False, max_length=200)
    offset = forms.IntegerField(
        required=False,
        min_value=0,
        error_messages={
            "invalid": "offset must be a whole number (0 for the first page).",
            "min_value": "offset must not be negative (0 for the first page).",
        },
    )

    def __init__(self, data: Mapping[str, Any], *, table: ChapterTable, source: str) -> None:
        super().__init__(data)
        self.table = table
        title, chapter = str(data.get("title") or ""), str(data.get("chapter") or "")
        self.found = table.by_ref.get(chapter_ref(source, title, chapter))
        if self.found is not None:
            sections = max(self.found.sections, 1)
            bound_above(
                self.fields["offset"], sections - 1,
                f"offset=%(value)s is past the end: chapter {self.found.label} has "
                f"{self.found.sections:,} loaded section{'s' if sections != 1 else ''}, so "
                f"offset must be below {sections:,} (0 for the first page).",
            )  # fmt: skip

    def first_row(self) -> int:
        """The first row asked for (0 when the form is not valid: the page shows its error)."""
        return int(self.cleaned_data.get("offset") or 0) if self.is_valid() else 0
