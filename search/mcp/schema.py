"""JSON Schema of a tool's input, generated from the Django form that validates it.

The API, the pages and the MCP tools share one form per request, so a field added to a form
is in the tool's input schema with its type, allowed values, limits and help text. A field
may describe itself with a `json_schema()` method (our list and true/false fields do).
"""

from collections.abc import Iterable
from typing import Any

from django import forms


def form_schema(form: forms.Form) -> dict[str, Any]:
    """The input schema of `form`: one property per field, required fields listed."""
    properties = {name: field_schema(field) for name, field in form.fields.items()}
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    required = [name for name, field in form.fields.items() if field.required]
    if required:
        schema["required"] = required
    return schema


def field_schema(field: forms.Field) -> dict[str, Any]:
    """One field: its type and limits, `description` from help text, `default` from initial."""
    own = getattr(field, "json_schema", None)
    schema = dict(own()) if callable(own) else _typed(field)
    if field.help_text:
        schema["description"] = str(field.help_text)
    if field.initial not in (None, "", [], ()) and not callable(field.initial):
        schema.setdefault("default", field.initial)
    return schema


def _typed(field: forms.Field) -> dict[str, Any]:
    # Subclasses before their bases: a MultipleChoiceField is a ChoiceField, a
    # NullBooleanField a BooleanField, every one of them a Field.
    if isinstance(field, forms.BooleanField | forms.NullBooleanField):
        return {"type": "boolean"}
    if isinstance(field, forms.MultipleChoiceField):
        return {"type": "array", "items": {"type": "string", "enum": _choice_values(field)}}
    if isinstance(field, forms.ChoiceField):
        return {"type": "string", "enum": _choice_values(field)}
    if isinstance(field, forms.IntegerField):
        return _bounded({"type": "integer"}, field)
    if isinstance(field, forms.FloatField | forms.DecimalField):
        return _bounded({"type": "number"}, field)
    if isinstance(field, forms.DateField):
        return {"type": "string", "format": "date"}
    schema: dict[str, Any] = {"type": "string"}
    if isinstance(field, forms.CharField):
        if field.min_length is not None:
            schema["minLength"] = field.min_length
        if field.max_length is not None:
            schema["maxLength"] = field.max_length
    return schema


def _bounded(
    schema: dict[str, Any], field: forms.IntegerField | forms.FloatField
) -> dict[str, Any]:
    if field.min_value is not None:
        schema["minimum"] = field.min_value
    if field.max_value is not None:
        schema["maximum"] = field.max_value
    return schema


def _choice_values(field: forms.ChoiceField) -> list[str]:
    """The values a choice field accepts, optgroups flattened, the empty choice left out."""
    values: list[str] = []
    choices: Iterable[tuple[Any, Any]] = field.choices  # type: ignore[assignment]  # normalised
    for value, label in choices:
        if isinstance(label, list | tuple):
            values.extend(str(v) for v, _ in label if v != "")
        elif value != "":
            values.append(str(value))
    return values
