"""Form fields shared by the search forms, each able to describe itself as JSON Schema.

A list takes repeated values and comma-separated ones alike (`jurisdiction=wa,us` or
`jurisdiction=wa&jurisdiction=us`, `categories=cs.CL,cs.LG`); a true/false field takes the
usual words.
"""

import copy
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.signals import setting_changed
from django.core.validators import MaxValueValidator

from search.indexes.cache import VersionCache
from search.text.switches import FALSE_WORDS, TRUE_WORDS

# More values than this in one list parameter is no real request.
MAX_LIST_VALUES = 60
# Field configurations kept per process (form classes x catalogs x chosen sources x exports).
SHARED_FIELDS_MAX = 512


class SharedFields(dict[str, forms.Field]):
    """The configured fields of one form configuration, shared by every form made with it.

    Django deep-copies a form's fields for each form (every field, widget, choice list and
    message dict: most of a search form's cost per request), so that a form may change them.
    Ours are changed only when configured, once per configuration, and never after: a form
    takes a new dict of the same fields, which is all it changes.
    """

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, forms.Field]:
        return dict(self)


# (form class, the configuration's keys) -> (the objects keyed by identity, the fields).
_shared: VersionCache[tuple[Hashable, ...], tuple[tuple[object, ...], SharedFields]]
_shared = VersionCache(max_entries=SHARED_FIELDS_MAX)


def shared_fields(
    form_class: type[forms.Form],
    key: tuple[Hashable, ...],
    configure: Callable[[dict[str, forms.Field]], None],
    *,
    same: tuple[object, ...] = (),
) -> SharedFields:
    """The fields of `form_class` as `configure` sets them up for `key` and the objects in
    `same` (a catalog: matched by identity, not compared), configured once per process.

    `key` names everything `configure` reads besides `same` (settings are also dropped
    whenever a setting changes)."""
    full = (form_class, *key, *(id(obj) for obj in same))
    found = _shared.get(full)
    if found is not None and all(a is b for a, b in zip(found[0], same, strict=True)):
        return found[1]
    fields = SharedFields(copy.deepcopy(form_class.base_fields))
    configure(fields)
    _shared.put(full, (same, fields))
    return fields


class SharedFieldsForm(forms.Form):
    """A form made from shared configured fields (`shared_fields`), not deep copies."""

    def __init__(self, data: Any = None, *, shared: SharedFields) -> None:
        # BaseForm deep-copies `base_fields` into `fields`: for this form, the shared ones
        # (a new dict of them); the class's own declared fields stay as they are.
        vars(self)["base_fields"] = shared
        super().__init__(data)
        del vars(self)["base_fields"]


def forget_shared_fields(**kwargs: Any) -> None:
    """Drop every shared configuration (a setting changed: help texts and bounds name them)."""
    _shared.clear()


setting_changed.connect(forget_shared_fields, dispatch_uid="search.answers.fields.shared")


def bound_above(field: forms.Field, most: int, message: str) -> None:
    """Give an integer field its largest value, known only from settings or the loaded data
    (no number past what can be shown reaches the engine): `message` is the error past it."""
    if not isinstance(field, forms.IntegerField):
        raise TypeError(f"{field!r} is not an integer field")
    field.max_value = most
    field.validators.append(MaxValueValidator(most))
    field.error_messages["max_value"] = message
    field.widget.attrs["max"] = most


class TrueFalseField(forms.Field):
    """A yes/no parameter: `true`/`false` (also 1/0, yes/no, on/off); omitted means `omitted`
    (false unless the field says otherwise)."""

    default_error_messages = {"invalid": "Give true or false."}

    def __init__(self, *, omitted: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.omitted = omitted

    def to_python(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        word = str(value if value is not None else "").strip().lower()
        if not word:
            return self.omitted
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        raise ValidationError(self.error_messages["invalid"], code="invalid")

    def json_schema(self) -> dict[str, Any]:
        """A boolean, with its value when omitted."""
        return {"type": "boolean", "default": self.omitted}


def split_values(values: Sequence[Any], *, lower: bool = False) -> tuple[str, ...]:
    """Repeated and comma-separated values, trimmed, in order, empty and repeated ones
    (ignoring case) dropped: the first spelling is kept, or the lower-cased one (`lower`)."""
    seen: dict[str, str] = {}
    for value in values:
        for part in str(value).split(","):
            part = part.strip()
            if part and part.casefold() not in seen:
                seen[part.casefold()] = part.lower() if lower else part
    return tuple(seen.values())


def split_codes(values: Sequence[Any]) -> tuple[str, ...]:
    """`split_values` for codes (`wa`, `cfr`), which are lower-case."""
    return split_values(values, lower=True)


def repeated_values(data: Any, name: str) -> list[str]:
    """Every value a parameter was sent with (a query string may repeat it)."""
    getlist = getattr(data, "getlist", None)
    return list(getlist(name)) if getlist else [data[name]] if name in data else []


def given_values(data: Any, name: str) -> list[str]:
    """`repeated_values` trimmed, without the empty ones (what a link should carry on)."""
    return [text for value in repeated_values(data, name) if (text := str(value or "").strip())]


class RepeatedInput(forms.HiddenInput):
    """Reads every repeated value of its parameter (the page renders its own controls)."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[str]:
        return repeated_values(data, name)


class ListInput(forms.TextInput):
    """A text box for a list: reads every repeated value, shows them comma-separated."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[str]:
        return repeated_values(data, name)

    def format_value(self, value: Any) -> str | None:
        if isinstance(value, list | tuple):
            return ", ".join(split_values(list(value))) or None
        return super().format_value(value)


class ListField(forms.Field):
    """A list parameter: repeated and/or comma-separated values as a tuple of strings."""

    lower = False

    def __init__(self, *, item_values: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.item_values = tuple(item_values)  # the values an item may take, when fixed

    def json_schema(self) -> dict[str, Any]:
        """An array of strings (the API also takes one comma-separated string)."""
        items: dict[str, Any] = {"type": "string"}
        if self.item_values:
            items["enum"] = list(self.item_values)
        return {"type": "array", "items": items, "maxItems": MAX_LIST_VALUES}

    def to_python(self, value: Any) -> tuple[str, ...]:
        if value in (None, ""):
            return ()
        listed = value if isinstance(value, list | tuple) else [value]
        values = split_values(listed, lower=self.lower)
        if len(values) > MAX_LIST_VALUES:
            raise ValidationError(f"At most {MAX_LIST_VALUES} values.")
        return values


class CodeListField(ListField):
    """A list of codes (`wa,us`): repeated and/or comma-separated, as lower-case codes."""

    widget = RepeatedInput
    lower = True

    def json_schema(self) -> dict[str, Any]:
        """One code, several comma-separated in a string, or an array of codes."""
        return {
            "anyOf": [
                {"type": "string"},
                {"type": "array", "items": {"type": "string"}, "maxItems": MAX_LIST_VALUES},
            ]
        }


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
