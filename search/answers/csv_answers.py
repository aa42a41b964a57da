"""CSV downloads of search results, shared by the searches' APIs (`format=csv`).

One row per result, a header row first, served as an attachment with a file name that says
what was searched. Cells a spreadsheet would run as a formula (`=`, `+`, `-`, `@` first) are
prefixed with an apostrophe, so data from the corpus never executes.
"""

import csv
import io
import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

from django import forms
from django.http import HttpResponse

from search.answers.json_answers import file_response

JSON = "json"
CSV = "csv"
CONTENT_TYPE = "text/csv; charset=utf-8"
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NOT_SLUG = re.compile(r"[^a-z0-9]+")
SLUG_CHARS = 40


class ExportForm(forms.Form):
    """`format=`: the answer's format among those an endpoint offers (JSON by default)."""

    format = forms.CharField(required=False, max_length=20)

    def __init__(self, data: Any, *, formats: Sequence[str]) -> None:
        super().__init__(data)
        self.formats = tuple(formats)

    def clean_format(self) -> str:
        value = str(self.cleaned_data.get("format") or "").strip().lower() or JSON
        if value not in self.formats:
            raise forms.ValidationError(
                f"Unknown format {value!r}. Valid values: {', '.join(self.formats)}."
            )
        return value


def cell(value: object) -> str:
    """One value as CSV text: lists joined with '; ', None empty, formulas defused."""
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        value = "; ".join(str(v) for v in value)
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def slug(text: str, empty: str = "query") -> str:
    """A file-name-safe form of user text (`Lin Mü: deposit` -> `lin-mu-deposit`): accents
    folded to ASCII, at most SLUG_CHARS characters, `empty` when nothing is left."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return _NOT_SLUG.sub("-", folded).strip("-")[:SLUG_CHARS].strip("-") or empty


def csv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """The header and the rows as CSV text, every cell through `cell`."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows([cell(v) for v in row] for row in rows)
    return buffer.getvalue()


def csv_response(
    filename: str, header: Sequence[str], rows: Iterable[Sequence[object]]
) -> HttpResponse:
    """An attachment holding the header and the rows."""
    return file_response(csv_text(header, rows), content_type=CONTENT_TYPE, filename=filename)
