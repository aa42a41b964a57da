"""Downloads of search results, the one export path of every search API (`format=csv`).

A search form that exports declares `format` as a `FormatField` (validated with the search's
other parameters); `answer_or_download` then sends the JSON answer or the file. CSV files
hold one row per result, a header row first, served as an attachment with a file name that
says what was searched. Cells a spreadsheet would run as a formula (`=`, `+`, `-`, `@`
first) are prefixed with an apostrophe, so data from the corpus never executes.
"""

import csv
import io
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.http import HttpResponse

from search.answers.json_answers import file_response, outcome_response
from search.answers.pipeline import Outcome, SearchResult

JSON = "json"
CSV = "csv"
CONTENT_TYPE = "text/csv; charset=utf-8"
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NOT_SLUG = re.compile(r"[^a-z0-9]+")
SLUG_CHARS = 40


def unknown_format(choices: Sequence[tuple[str, str]]) -> str:
    """The one wording of a bad `format` (`%(value)s` is the format asked for)."""
    names = [name for name, _ in choices]
    listed = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
    return f"Unknown format '%(value)s': use {listed}."


class FormatField(forms.ChoiceField):
    """`format=`: the answer's format among `choices` (JSON when omitted); case and spaces
    around it do not matter; a format not among them is `unknown_format`'s error."""

    def __init__(self, choices: Sequence[tuple[str, str]], **kwargs: Any) -> None:
        errors = {"invalid_choice": unknown_format(choices)}
        super().__init__(choices=choices, required=False, error_messages=errors, **kwargs)

    def to_python(self, value: Any) -> str:
        return str(value if value is not None else "").strip().lower() or JSON


@dataclass(frozen=True)
class ExportFile:
    """One download: its text, its content type and its attachment's file name."""

    body: str
    content_type: str
    filename: str


def answer_or_download[R: SearchResult](
    form: forms.Form,
    outcome: Outcome[R],
    payload: Callable[[R], dict[str, Any]],
    export: Callable[[R, str], ExportFile],
) -> HttpResponse:
    """A search's API answer: the JSON, or the file `format` names once the search ran (every
    error, a bad `format` among them, is the JSON 400 with the search's other errors)."""
    chosen = form.cleaned_data.get("format") or JSON if outcome.result is not None else JSON
    if outcome.result is None or chosen == JSON:
        return outcome_response(outcome, payload)
    file = export(outcome.result, chosen)
    return file_response(file.body, content_type=file.content_type, filename=file.filename)


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
