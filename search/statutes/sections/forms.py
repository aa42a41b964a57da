"""Validation of the section look-up's parameters (`/api/statute` and the MCP tool `statute`)."""

from typing import Any

from django import forms
from django.core.exceptions import ValidationError


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
