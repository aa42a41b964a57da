"""Validation of statute search, section look-up and sources parameters (page and API alike)."""

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError

from search.form_fields import CodeListField, ToolHelpBoundField, TrueFalseField, split_codes
from search.jurisdictions import NAMES, is_state_code, jurisdiction_name
from search.query import MAX_QUERY_CHARS, STOP_WORD, ParsedQuery
from search.statutes import notes
from search.statutes.catalog import Catalog, SourceFacts, source_code_for
from search.statutes.chapters import ChapterTable, load_chapters
from search.statutes.scope import Scope
from search.statutes.service import StatuteSearchRequest, parse_statute_query

# How many valid values an error message lists before pointing at the sources endpoint.
LIST_VALUES_UP_TO = 30
_TITLE_PREFIXES = ("part ", "title ", "chapter ", "ch. ", "§ ")


def _listing(values: list[str] | tuple[str, ...]) -> str:
    shown = ", ".join(values[:LIST_VALUES_UP_TO])
    more = len(values) - LIST_VALUES_UP_TO
    return f"{shown} and {more} more" if more > 0 else shown


class StatuteWordsForm(forms.Form):
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

    def __init__(self, data: Any = None, *, catalog: Catalog) -> None:
        super().__init__(data)
        self.catalog = catalog
        # The query as the index runs it, parsed once in clean_q (also when it is rejected).
        self.parsed: ParsedQuery | None = None
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


class StatuteSearchForm(StatuteWordsForm):
    """The statute search parameters (SPEC sections 1 and 6) for the page and the API alike."""

    field_order = (
        "q", "jurisdiction", "source", "title", "include", "chapter", "limit", "offset", "stem",
        "headings", "words",
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
    ) -> None:
        super().__init__(data, catalog=catalog)
        self.load_chapters = chapters
        self.fields["limit"].label = f"Rows (at most {settings.PORTAL_STATUTE_LIMIT_MAX})"
        self.fields["limit"].help_text = (
            f"Max results, default {settings.PORTAL_STATUTE_LIMIT_DEFAULT}, capped at "
            f"{settings.PORTAL_STATUTE_LIMIT_MAX} (a larger value is capped and the note says so)."
        )
        self.fields["limit"].widget.attrs.update(
            {"min": 1, "placeholder": settings.PORTAL_STATUTE_LIMIT_DEFAULT}
        )

    def asked_jurisdictions(self) -> tuple[str, ...]:
        """The jurisdiction codes asked for, valid or not (for the page's controls)."""
        getlist = getattr(self.data, "getlist", None)
        raw = getlist("jurisdiction") if getlist else [(self.data or {}).get("jurisdiction", "")]
        return split_codes(raw)

    def known_jurisdictions(self) -> tuple[str, ...]:
        """The loaded jurisdictions asked for (valid or not, the rest of the form)."""
        return tuple(j for j in self.asked_jurisdictions() if j in self.catalog.jurisdictions)

    def known_jurisdiction(self) -> str | None:
        """The first loaded jurisdiction asked for."""
        found = self.known_jurisdictions()
        return found[0] if found else None

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

    def clean_offset(self) -> int:
        offset: int = self.cleaned_data.get("offset") or 0
        cap = settings.PORTAL_STATUTE_RANK_CAP
        if offset >= cap:
            raise ValidationError(
                f"offset={offset} is past the end of what is ranked: paging reaches the top "
                f"{cap:,} rows only (offset below {cap:,}). Narrow the search instead."
            )
        return offset

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
            words=bool(data.get("words")),
            parsed=self.parsed,
        )


def _scope_words(catalog: Catalog, scope: Scope) -> str:
    if scope.jurisdictions:
        return ", ".join(catalog.jurisdiction_label(j) for j in scope.jurisdictions)
    if scope.source:
        return scope.source
    return "any loaded source"


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
