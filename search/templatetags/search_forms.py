"""Template filters of the search forms."""

import re
from typing import Any

from django import forms, template

from search.answers.fields import CodeListField, TrueFalseField
from search.text.switches import TRUE_WORDS

register = template.Library()

# A label's example in parentheses ("Match word forms (deposit, deposits, deposited)") is left
# out of the one-line summary.
_EXAMPLE = re.compile(r"\s*\([^)]*\)\s*$")
# Values a summary names before it says "and N more".
SUMMARY_VALUES = 3


def _set_values(form: forms.Form, name: str) -> list[str]:
    data = form.data
    values = data.getlist(name) if hasattr(data, "getlist") else [data.get(name)]
    return [text for v in values if v is not None and (text := str(v).strip())]


@register.filter
def filters_set(form: forms.Form, not_filters: str) -> int:
    """How many of a bound search form's fields have a value, leaving out `not_filters`
    (comma-separated names: the query box, parameters the form does not show)."""
    if not form.is_bound:
        return 0
    skipped = {name.strip() for name in not_filters.split(",")}
    return sum(bool(_set_values(form, name)) for name in form.fields if name not in skipped)


@register.filter
def filters_summary(form: forms.Form, not_filters: str) -> str:
    """The set fields of a bound search form in one line (`Jurisdiction: WA · Rows: 50`),
    leaving out `not_filters`: what a closed Filters disclosure says it holds."""
    if not form.is_bound:
        return ""
    skipped = {name.strip() for name in not_filters.split(",")}
    parts = []
    for name, field in form.fields.items():
        values = _set_values(form, name) if name not in skipped else []
        if values:
            parts.append(_describe(field, values))
    return " · ".join(part for part in parts if part)


def _describe(field: forms.Field, values: list[str]) -> str:
    label = _EXAMPLE.sub("", str(field.label or ""))
    if isinstance(field, TrueFalseField):
        return label if values[-1].lower() in TRUE_WORDS else ""
    shown = [piece.strip() for value in values for piece in value.split(",") if piece.strip()]
    if isinstance(field, CodeListField):
        shown = [code.upper() for code in shown]
    choices: dict[str, Any] = dict(_flat_choices(field))
    shown = [str(choices.get(value, value)) for value in shown]
    more = len(shown) - SUMMARY_VALUES
    text = ", ".join(shown[:SUMMARY_VALUES]) + (f" and {more} more" if more > 0 else "")
    return f"{label}: {text}"


def _flat_choices(field: forms.Field) -> list[tuple[str, Any]]:
    pairs: list[tuple[str, Any]] = []
    for value, label in getattr(field, "choices", ()) or ():
        if isinstance(label, list | tuple):
            pairs.extend((str(v), lab) for v, lab in label)
        else:
            pairs.append((str(value), label))
    return pairs
