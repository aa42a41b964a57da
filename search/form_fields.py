"""Form fields shared by the search forms, each able to describe itself as JSON Schema.

A code list takes repeated values and comma-separated ones alike (`jurisdiction=wa,us` or
`jurisdiction=wa&jurisdiction=us`); a true/false field takes the usual words.
"""

from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from portal.env import FALSE_WORDS, TRUE_WORDS

# More values than this in one list parameter is no real request.
MAX_CODES = 60


class TrueFalseField(forms.Field):
    """A yes/no parameter: `true`/`false` (also 1/0, yes/no, on/off); omitted means false."""

    default_error_messages = {"invalid": "Give true or false."}

    def to_python(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        word = str(value if value is not None else "").strip().lower()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        raise ValidationError(self.error_messages["invalid"], code="invalid")

    def json_schema(self) -> dict[str, Any]:
        """A boolean, false when omitted."""
        return {"type": "boolean", "default": False}


def split_codes(values: Sequence[Any]) -> tuple[str, ...]:
    """Repeated and comma-separated codes, trimmed and lower-cased, empty and repeated ones
    dropped, in order."""
    found: dict[str, None] = {}
    for value in values:
        for part in str(value).split(","):
            part = part.strip().lower()
            if part:
                found.setdefault(part)
    return tuple(found)


class RepeatedInput(forms.HiddenInput):
    """Reads every repeated value of its parameter (the page renders its own controls)."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[str]:
        getlist = getattr(data, "getlist", None)
        return list(getlist(name)) if getlist else [data[name]] if name in data else []


class CodeListField(forms.Field):
    """A list of codes (`wa,us`): repeated and/or comma-separated, as lower-case codes."""

    widget = RepeatedInput

    def json_schema(self) -> dict[str, Any]:
        """One code, several comma-separated in a string, or an array of codes."""
        return {
            "anyOf": [
                {"type": "string"},
                {"type": "array", "items": {"type": "string"}, "maxItems": MAX_CODES},
            ]
        }

    def to_python(self, value: Any) -> tuple[str, ...]:
        if value in (None, ""):
            return ()
        values = split_codes(value if isinstance(value, list | tuple) else [value])
        if len(values) > MAX_CODES:
            raise ValidationError(f"At most {MAX_CODES} values.")
        return values


class ToolHelpBoundField(forms.BoundField):
    """Help texts are written for API and MCP clients and the pages do not show them, so a
    widget's `aria-describedby` names only its errors, never a help text that is not there."""

    @property
    def aria_describedby(self) -> str | None:
        if self.field.widget.attrs.get("aria-describedby"):
            return None
        if self.auto_id and not self.is_hidden and self.errors:
            return f"{self.auto_id}_error"
        return ""
