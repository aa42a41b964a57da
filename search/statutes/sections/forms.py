"""Validation of the section look-up's (`/api/statute`, the MCP tool `statute`) and the section
page's parameters."""

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.http import QueryDict

from search.answers.fields import MAX_LIST_VALUES, RepeatedInput
from search.statutes.catalog import Catalog
from search.statutes.search import notes
from search.statutes.sections.lookup import CITATION, ID, SectionLookup
from search.text.query import MAX_QUERY_CHARS
from search.text.switches import TRUE_WORDS


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

    is_idle = False
    parsed = None

    def __init__(self, data: Any = None, *, catalog: Catalog) -> None:
        super().__init__(data)
        self.catalog = catalog

    def coverage_note(self) -> str:
        """What the loaded statute sources cover."""
        return notes.coverage_note(self.catalog)

    def to_request(self) -> SectionLookup:
        """The one look-up asked for; call after is_valid()."""
        data = self.cleaned_data
        return SectionLookup(ID, data[ID]) if data[ID] else SectionLookup(CITATION, data[CITATION])

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        given = [name for name in (ID, CITATION) if data.get(name)]
        if len(given) != 1:
            raise ValidationError(
                "Give exactly one of id= (e.g. wa:statute:59.18.060) or citation= "
                "(e.g. RCW 59.18.060)."
            )
        return data


# The parameter a citation jump adds, so the section page offers the words search instead.
CITED = "cited"
# The search's parameters the page carries (the search page's `results_page.PARAMS`).
CARRIED = (
    "q", "jurisdiction", "source", "title", "include", "chapter", "limit", "stem", "headings",
    "expand", "words",
)  # fmt: skip
# The longest value a carried search parameter may have (a list of codes, a chapter, a
# number); the words are held to the search's own bound.
MAX_CARRIED_CHARS = 200


class CarriedField(forms.Field):
    """A search parameter the section page carries on to its links: every value sent,
    trimmed, empty ones dropped, each at most `max_chars` long."""

    widget = RepeatedInput

    def __init__(self, *, max_chars: int = MAX_CARRIED_CHARS, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)
        self.max_chars = max_chars

    def to_python(self, value: Any) -> tuple[str, ...]:
        listed = value if isinstance(value, list | tuple) else [value]
        given = tuple(text for v in listed if (text := str(v if v is not None else "").strip()))
        if len(given) > MAX_LIST_VALUES:
            raise ValidationError(f"At most {MAX_LIST_VALUES} values.")
        longest = max((len(text) for text in given), default=0)
        if longest > self.max_chars:
            raise ValidationError(
                f"At most {self.max_chars:,} characters (this one has {longest:,})."
            )
        if any("\x00" in text for text in given):
            raise ValidationError("Null characters are not allowed.")
        return given


class SectionPageForm(forms.Form):
    """The section page's parameters: the search it was reached from (its words to highlight,
    its parameters for the links on and back) and `cited`, set by a citation's jump.

    A value past its bound is an error the page names, and is neither highlighted nor carried;
    the section is shown all the same.
    """

    q = CarriedField(max_chars=MAX_QUERY_CHARS)
    jurisdiction = CarriedField()
    source = CarriedField()
    title = CarriedField()
    include = CarriedField()
    chapter = CarriedField()
    limit = CarriedField()
    stem = CarriedField()
    headings = CarriedField()
    expand = CarriedField()
    words = CarriedField()
    cited = CarriedField()  # not carried: a section it opened carries `words=true` instead

    def value(self, name: str) -> str:
        """The last value given for `name`, or "" (also when it is invalid: it is ignored)."""
        self.is_valid()
        values: tuple[str, ...] = self.cleaned_data.get(name, ())
        return values[-1] if values else ""

    def switch(self, name: str) -> bool:
        """Whether a yes/no parameter (`cited`, `stem`) is on; any other word is off."""
        return self.value(name).lower() in TRUE_WORDS

    def carried(self) -> QueryDict:
        """The search's valid parameters as the request gave them, for `search_params`."""
        self.is_valid()
        data = QueryDict(mutable=True)
        for name in CARRIED:
            data.setlist(name, list(self.cleaned_data.get(name, ())))
        return data

    def ignored(self) -> list[tuple[str, str]]:
        """Each invalid parameter and why, for the page to say what it did not use."""
        self.is_valid()
        return [(name, " ".join(str(m) for m in msgs)) for name, msgs in self.errors.items()]
