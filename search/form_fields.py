"""Form fields shared by the search forms, each able to describe itself as JSON Schema."""

from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from portal.env import FALSE_WORDS, TRUE_WORDS


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
