"""Validation of statute search, section look-up and sources parameters (page and API alike)."""

from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError

from search.form_fields import ToolHelpBoundField
from search.jurisdictions import NAMES, is_state_code, jurisdiction_name
from search.query import MAX_QUERY_CHARS, STOP_WORD, ParsedQuery
from search.statutes import notes
from search.statutes.catalog import Catalog, SourceFacts, source_code_for
from search.statutes.service import StatuteSearchRequest, parse_statute_query

# How many valid values an error message lists before pointing at the sources endpoint.
LIST_VALUES_UP_TO = 30
_TITLE_PREFIXES = ("part ", "title ", "chapter ", "ch. ", "§ ")


def _listing(values: list[str] | tuple[str, ...]) -> str:
    shown = ", ".join(values[:LIST_VALUES_UP_TO])
    more = len(values) - LIST_VALUES_UP_TO
    return f"{shown} and {more} more" if more > 0 else shown


class StatuteSearchForm(forms.Form):
    """The statute search parameters `q`, `jurisdiction`, `source`, `title`, `limit`.

    Help texts are the seed's parameter descriptions (the MCP tool's input schema carries them).
    """

    bound_field_class = ToolHelpBoundField

    q = forms.CharField(
        label="Words to find in the section text",
        max_length=MAX_QUERY_CHARS,
        error_messages={"required": "Enter words to search for (q is required)."},
        widget=forms.TextInput(
            attrs={"type": "search", "data-search-box": "", "autocomplete": "off"}
        ),
        help_text=(
            "Words to match in the statute section text (the body, not the heading). A full "
            "natural-language question is fine: very common words are dropped, duplicates "
            "collapse, at most 40 terms run, matched ANY-OF, so more words widen the search "
            'rather than narrowing it. "double quotes" for a phrase that must appear together.'
        ),
    )
    jurisdiction = forms.CharField(
        label="Jurisdiction",
        required=False,
        widget=forms.Select,
        help_text=(
            'Restrict to one jurisdiction, e.g. "wa" or "us" (sources lists those loaded). '
            "STRONGLY preferred when the user's state is known: without it results mix states "
            "(on 6,852 housing-law questions run unconfined, the top section came from another "
            "state 97.7% of the time)."
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
    limit = forms.IntegerField(
        label="Rows",
        required=False,
        min_value=1,
        error_messages={
            "invalid": "limit must be a whole number.",
            "min_value": "limit must be at least 1.",
        },
    )

    def __init__(self, data: Any = None, *, catalog: Catalog) -> None:
        super().__init__(data)
        self.catalog = catalog
        # The query as the index runs it, parsed once in clean_q (also when it is rejected).
        self.parsed: ParsedQuery | None = None
        self.fields["jurisdiction"].widget.choices = [
            ("", "All jurisdictions (mixes states)"),
            *((j, catalog.jurisdiction_label(j)) for j in catalog.jurisdictions),
        ]
        self.fields["source"].widget.choices = [
            ("", "Statutes + default regulations"),
            *((code, f"{facts.name} ({code})") for code, facts in catalog.search_codes.items()),
        ]
        chosen = catalog.resolve_source(str((data or {}).get("source") or ""))
        forms_ = chosen.title_forms if chosen else ()
        self.fields["title"].widget.choices = [("", "Any" if chosen else "Choose a source first")]
        self.fields["title"].widget.choices += [(t, t) for t in forms_]
        if not chosen:
            self.fields["title"].widget.attrs["disabled"] = True
        self.fields["limit"].label = f"Rows (at most {settings.PORTAL_STATUTE_LIMIT_MAX})"
        self.fields["limit"].help_text = (
            f"Max results, default {settings.PORTAL_STATUTE_LIMIT_DEFAULT}, capped at "
            f"{settings.PORTAL_STATUTE_LIMIT_MAX} (a larger value is capped and the note says so)."
        )
        self.fields["limit"].widget.attrs.update(
            {"min": 1, "placeholder": settings.PORTAL_STATUTE_LIMIT_DEFAULT}
        )

    @property
    def is_idle(self) -> bool:
        """True when no query was typed yet: the page shows the form, not an error."""
        return not self.is_bound or not str(self.data.get("q") or "").strip()

    def known_jurisdiction(self) -> str | None:
        """The jurisdiction asked for, when it is loaded (valid or not, the rest of the form)."""
        value = str((self.data or {}).get("jurisdiction") or "").strip().lower()
        return value if value in self.catalog.jurisdictions else None

    def coverage_note(self) -> str:
        """What the request's valid filters cover (the whole default scope when none)."""
        data = getattr(self, "cleaned_data", None)
        if data is None:
            return notes.coverage_note(self.catalog, jurisdiction=self.known_jurisdiction())
        source: SourceFacts | None = data.get("source")
        return notes.coverage_note(
            self.catalog,
            jurisdiction=data.get("jurisdiction"),
            source=source.code if source else None,
            title=data.get("title"),
        )

    def clean_q(self) -> str:
        q: str = self.cleaned_data["q"]
        parsed = self.parsed = parse_statute_query(q)
        if parsed.is_empty:
            stop = [d.term for d in parsed.dropped if d.reason == STOP_WORD]
            if stop:
                words = ", ".join(f"'{w}'" for w in stop)
                raise ValidationError(
                    f"Nothing left to search: {words} "
                    f"{'is a very common word' if len(stop) == 1 else 'are very common words'}, "
                    "dropped from every search. Add a more specific word, or put the words in "
                    '"double quotes" to search them as a phrase.'
                )
            raise ValidationError("Nothing to search: the query has no letters or digits.")
        return q

    def clean_jurisdiction(self) -> str | None:
        value = str(self.cleaned_data.get("jurisdiction") or "").strip().lower()
        if not value:
            return None
        if value in self.catalog.jurisdictions:
            return value
        loaded = _listing(self.catalog.jurisdictions)
        if value in NAMES:
            raise ValidationError(
                f"No sections are loaded for {jurisdiction_name(value)} ({value}). "
                f"Loaded jurisdictions: {loaded}."
            )
        raise ValidationError(f"Unknown jurisdiction {value!r}. Valid values: {loaded}.")

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
        jurisdiction = data.get("jurisdiction")
        if source is not None and jurisdiction and jurisdiction not in source.jurisdictions:
            self.add_error(
                "jurisdiction",
                f"Source {source.search_code} covers {', '.join(source.jurisdictions)} only; "
                f"jurisdiction={jurisdiction} would match nothing in it.",
            )
        return data

    def to_request(self) -> StatuteSearchRequest:
        """The validated request for the service (call after is_valid())."""
        data = self.cleaned_data
        source: SourceFacts | None = data.get("source")
        return StatuteSearchRequest(
            q=data["q"],
            limit=data.get("limit"),
            jurisdiction=data.get("jurisdiction"),
            source=source.code if source else None,
            title=data.get("title"),
            parsed=self.parsed,
        )


def _match_title(value: str, title_forms: tuple[str, ...]) -> str | None:
    """The title form `value` names, case-insensitively and with 'part '/'title ' allowed."""
    wanted = value.strip().lower()
    for prefix in _TITLE_PREFIXES:
        wanted = wanted.removeprefix(prefix).strip()
    by_lower = {form.lower(): form for form in title_forms}
    return by_lower.get(wanted)


class SectionLookupForm(forms.Form):
    """`/api/statute`: exactly one of `id` or `citation`."""

    id = forms.CharField(
        required=False,
        max_length=300,
        help_text=(
            "A section id as search results give it (e.g. wa:statute:59.18.060). Give exactly "
            "one of id and citation."
        ),
    )
    citation = forms.CharField(
        required=False,
        max_length=300,
        help_text=(
            "A citation (e.g. RCW 59.18.060). When several loaded sections carry it, the answer "
            "lists them to ask for one by id."
        ),
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        given = [name for name in ("id", "citation") if data.get(name)]
        if len(given) != 1:
            raise ValidationError(
                "Give exactly one of id= (e.g. wa:statute:59.18.060) or citation= "
                "(e.g. RCW 59.18.060)."
            )
        return data


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
