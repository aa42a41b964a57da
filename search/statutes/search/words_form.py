"""What every keyword search of statutes validates: the words, the regulation sources and
their titles, the word-forms and headings switches (the search and the survey extend it)."""

from collections.abc import Hashable
from functools import partial
from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError

from search.answers.csv_answers import CSV, JSON, FormatField
from search.answers.fields import (
    CodeListField,
    SharedFieldsForm,
    ToolHelpBoundField,
    TrueFalseField,
    shared_fields,
)
from search.statutes.catalog import Catalog, SourceFacts, source_code_for
from search.statutes.scope import Scope
from search.statutes.search import notes
from search.statutes.search.request import parse_statute_query
from search.text.jurisdictions import is_state_code, jurisdiction_name
from search.text.query import MAX_QUERY_CHARS, ParsedQuery
from search.text.query_notes import nothing_to_search_error

# How many valid values an error message lists before pointing at the sources endpoint.
LIST_VALUES_UP_TO = 30
_TITLE_PREFIXES = ("part ", "title ", "chapter ", "ch. ", "§ ")
FORMAT_CHOICES = [(JSON, "JSON"), (CSV, "CSV")]


def _listing(values: list[str] | tuple[str, ...]) -> str:
    shown = ", ".join(values[:LIST_VALUES_UP_TO])
    more = len(values) - LIST_VALUES_UP_TO
    return f"{shown} and {more} more" if more > 0 else shown


def rows_bound() -> int:
    """The largest row count (`limit`, `per`) taken: what any answer ranks, or a page shows
    (between the shown maximum and this, a count is capped and the note says so)."""
    return max(settings.PORTAL_STATUTE_RANK_CAP, settings.PORTAL_STATUTE_LIMIT_MAX)


def rank_cap_message(name: str) -> str:
    """The error of a row count past `rows_bound`."""
    most = rows_bound()
    return (
        f"{name}=%(value)s is more rows than any answer ranks (at most {most:,}); give at "
        f"most {most:,} (a value above the maximum shown is capped, and the note says so)."
    )


class StatuteWordsForm(SharedFieldsForm):
    """What every keyword search of statutes takes: the words, the regulation sources, the
    word-forms and headings switches (the search and the survey add their own fields).

    Help texts are the seed's parameter descriptions and, for the parameters issues 12 and 13
    added, ours (the MCP tools' input schemas carry them).
    """

    bound_field_class = ToolHelpBoundField

    q = forms.CharField(
        label="Words to find in the section text, or a citation",
        max_length=MAX_QUERY_CHARS,
        error_messages={"required": "Enter words to search for (q is required)."},
        widget=forms.TextInput(
            attrs={"type": "search", "data-search-box": "", "autocomplete": "off"}
        ),
        help_text=(
            "Words to match in the statute section text (the body, not the heading). A full "
            "natural-language question is fine: very common words are dropped, duplicates "
            "collapse, at most 40 terms run, matched ANY-OF, so more words widen the search "
            'rather than narrowing it. "double quotes" for a phrase that must appear together. '
            "A query that is a citation (RCW 59.18.280, 42 USC 3604, RCW 59.18 for a chapter) "
            "is answered with the section(s) it names (read_as=citation)."
        ),
    )
    source = forms.CharField(
        label="Regulation source",
        required=False,
        widget=forms.Select,
        help_text=(
            "Omit for statutes plus the default regulation sources (Kansas administrative "
            'regulations unless configured otherwise); a regulation source code ("cfr" for '
            "federal, or a two-letter state code for that state's administrative regulations) "
            "searches that source alone; each code's coverage is given by "
            'sources(tool="statute_search", source=<code>).'
        ),
    )
    title = forms.CharField(
        label="Title / part",
        required=False,
        widget=forms.Select,
        help_text=(
            "Only with source=: narrows the search to one title, part or chapter of that "
            "source; the forms per source are given by "
            'sources(tool="statute_search", source=<code>).'
        ),
    )
    include = CodeListField(
        label="Also include regulations",
        required=False,
        help_text=(
            'Regulation source codes searched in full beside the statutes ("cfr"); several '
            "allowed. Not with source=, which searches one regulation source alone."
        ),
    )
    stem = TrueFalseField(
        required=False,
        label="Match word forms (deposit, deposits, deposited)",
        error_messages={"invalid": "stem must be true or false."},
        help_text="true: match word forms by English stemming (deposits finds deposit).",
    )
    headings = TrueFalseField(
        required=False,
        label="Search headings too",
        error_messages={"invalid": "headings must be true or false."},
        help_text="true: search section headings too (a heading match weighs half the body's).",
    )
    expand = TrueFalseField(
        required=False,
        omitted=True,
        label="Add the code's words for everyday ones",
        error_messages={"invalid": "expand must be true or false."},
        help_text=(
            "true (the default): everyday words also search the words codes use ('kick out': "
            "eviction, unlawful detainer; 'fix': repair), each reported in terms_added with the "
            "words it came from and weighing half a typed word, as do the typed words they stand "
            "for, other than the codes' own words (terms_translated); false: only the words typed."
        ),
    )
    format = FormatField(
        FORMAT_CHOICES,
        label="Format",
        help_text="json (default), or csv: the same rows as a CSV file.",
    )

    def __init__(self, data: Any = None, *, catalog: Catalog, exports: bool = False) -> None:
        """`exports`: `format` is read (the JSON API); pages and MCP tools answer in theirs."""
        chosen = catalog.resolve_source(str((data or {}).get("source") or ""))
        # The fields as the catalog, the chosen source, `exports` and the settings configure
        # them, shared by the forms of that configuration.
        shared = shared_fields(
            type(self),
            (chosen.code if chosen else None, exports, self.field_settings()),
            partial(self.configure_fields, catalog=catalog, chosen=chosen, exports=exports),
            same=(catalog,),
        )
        super().__init__(data, shared=shared)
        self.catalog = catalog
        # The query as the index runs it, parsed once in clean_q (also when it is rejected).
        self.parsed: ParsedQuery | None = None

    @classmethod
    def field_settings(cls) -> tuple[Hashable, ...]:
        """The settings `configure_fields` reads (part of the key its fields are shared by)."""
        return ()

    @classmethod
    def configure_fields(
        cls,
        fields: dict[str, forms.Field],
        *,
        catalog: Catalog,
        chosen: SourceFacts | None,
        exports: bool,
    ) -> None:
        """Set up the fields for a catalog and the source chosen (`exports`: with `format`),
        then the subclass's own (`configure_own`)."""
        if not exports:
            del fields["format"]
        fields["source"].widget.choices = [
            ("", "Statutes + default regulations"),
            *((code, f"{facts.name} ({code})") for code, facts in catalog.search_codes.items()),
        ]
        forms_ = chosen.title_forms if chosen else ()
        fields["title"].widget.choices = [("", "Any" if chosen else "Choose a source first")]
        fields["title"].widget.choices += [(t, t) for t in forms_]
        if not chosen:
            fields["title"].widget.attrs["disabled"] = True
        cls.configure_own(fields)

    @classmethod
    def configure_own(cls, fields: dict[str, forms.Field]) -> None:
        """A subclass's own fields, set up from the settings `field_settings` names only."""

    @property
    def is_idle(self) -> bool:
        """True when no query was typed yet: the page shows the form, not an error."""
        return not self.is_bound or not str(self.data.get("q") or "").strip()

    def scope(self) -> Scope:
        """The sources of the request's valid parameters (the default scope when none are)."""
        data = getattr(self, "cleaned_data", None)
        if data is None:
            return Scope()
        source: SourceFacts | None = data.get("source")
        return Scope(
            source=source.code if source else None,
            title=data.get("title"),
            include=data.get("include") or (),
        )

    def coverage_note(self) -> str:
        """What the request's valid filters cover (the whole default scope when none)."""
        return notes.coverage_note(self.catalog, self.scope())

    def valid_query(self) -> ParsedQuery:
        """The parsed query of a valid form (what `to_request` hands the service)."""
        if self.parsed is None:
            raise ValueError("the query is parsed by is_valid(); call it first")
        return self.parsed

    def clean_q(self) -> str:
        q: str = self.cleaned_data["q"]
        parsed = self.parsed = parse_statute_query(q)
        if parsed.is_empty:
            raise ValidationError(nothing_to_search_error(parsed))
        return q

    def clean_source(self) -> SourceFacts | None:
        value = str(self.cleaned_data.get("source") or "").strip().lower()
        if not value:
            return None
        facts = self.catalog.resolve_source(value)
        if facts is not None:
            return facts
        valid = _listing(list(self.catalog.search_codes)) or "none (no regulations are loaded)"
        if value in self.catalog.by_code:
            statute = self.catalog.by_code[value]
            places = ", ".join(statute.jurisdictions)
            raise ValidationError(
                f"{value} is a statute source; source= takes a regulation source code "
                f"({valid}). Statutes are searched when source= is omitted; narrow them "
                f"with jurisdiction={places}."
            )
        if is_state_code(value):
            raise ValidationError(
                f"{jurisdiction_name(value)} administrative regulations "
                f"({source_code_for(value)}) are not loaded. Valid source codes: {valid}."
            )
        raise ValidationError(f"Unknown source {value!r}. Valid source codes: {valid}.")

    def clean_include(self) -> tuple[str, ...]:
        values: tuple[str, ...] = self.cleaned_data.get("include") or ()
        found = []
        wrong = []
        for value in values:
            facts = self.catalog.resolve_source(value)
            if facts is None:
                wrong.append(value)
            elif facts.code not in found:
                found.append(facts.code)
        if wrong:
            valid = _listing(list(self.catalog.search_codes)) or "none (no regulations are loaded)"
            raise ValidationError(
                f"No regulation source {', '.join(repr(w) for w in wrong)} is loaded: include= "
                f"takes the regulation sources searched beside the statutes. Valid values: "
                f"{valid}."
            )
        return tuple(found)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        source: SourceFacts | None = data.get("source")
        title = str(data.get("title") or "").strip()
        if title and source is None:
            if "source" not in self.errors:
                self.add_error(
                    "title",
                    "title= needs source=: a title, part or chapter narrows one regulation "
                    "source (e.g. source=cfr&title=1024).",
                )
        elif title and source is not None:
            canonical = _match_title(title, source.title_forms)
            if canonical is None:
                self.add_error(
                    "title",
                    f"Unknown title {title!r} for source {source.search_code}. Valid values: "
                    f"{_listing(source.title_forms)} (all of them: "
                    f"/api/sources?tool=statute_search&source={source.search_code}).",
                )
            data["title"] = canonical
        else:
            data["title"] = None
        if source is not None and data.get("include"):
            self.add_error(
                "include",
                "include= adds regulation sources beside the statutes; source= searches "
                "one regulation source alone. Give one of them.",
            )
        return data


def _match_title(value: str, title_forms: tuple[str, ...]) -> str | None:
    """The title form `value` names, case-insensitively and with 'part '/'title ' allowed."""
    wanted = value.strip().lower()
    for prefix in _TITLE_PREFIXES:
        wanted = wanted.removeprefix(prefix).strip()
    by_lower = {form.lower(): form for form in title_forms}
    return by_lower.get(wanted)
