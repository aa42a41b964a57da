"""Validation of survey parameters (`/statutes/survey/`, `/api/statute_survey`, the MCP tool)."""

from collections.abc import Hashable

from django import forms

from search.answers.fields import bound_above
from search.statutes.search.words_form import StatuteWordsForm, rank_cap_message, rows_bound
from search.statutes.survey.request import (
    BY_NAME,
    BY_SCORE,
    PER_DEFAULT,
    PER_MAX,
    StatuteSurveyRequest,
)
from search.text.query import MAX_QUERY_CHARS


class StatuteSurveyForm(StatuteWordsForm):
    """The statute search's words, sources and switches, and the survey's `per` and `sort`."""

    field_order = ("q", "per", "sort", "source", "title", "include", "stem", "headings", "expand")

    q = forms.CharField(
        label="Words to find in the section text",
        max_length=MAX_QUERY_CHARS,
        error_messages={"required": "Enter words to search for (q is required)."},
        help_text=(
            "Words to match in the statute section text (the body, not the heading), run in "
            "every jurisdiction at once. A full natural-language question is fine: very common "
            "words are dropped, duplicates collapse, at most 40 terms run, matched ANY-OF; "
            '"double quotes" for a phrase that must appear together. A citation is searched '
            "as words here (statute_search opens it)."
        ),
    )
    per = forms.IntegerField(
        label="Sections per jurisdiction",
        required=False,
        min_value=1,
        initial=PER_DEFAULT,
        error_messages={
            "invalid": "per must be a whole number.",
            "min_value": "per must be at least 1.",
        },
        help_text=(
            f"Best sections shown per jurisdiction, default {PER_DEFAULT}, capped at {PER_MAX} "
            "(a larger value is capped and the note says so)."
        ),
    )
    sort = forms.ChoiceField(
        label="Order",
        required=False,
        initial=BY_NAME,
        choices=[(BY_NAME, "By jurisdiction name"), (BY_SCORE, "By best match")],
        error_messages={"invalid_choice": "sort must be name or score."},
        help_text=(
            "name (default): jurisdictions alphabetically, federal law first; score: by each "
            "one's best section (textual match strength), then those with no match, then those "
            "not searched or not loaded."
        ),
    )

    @classmethod
    def field_settings(cls) -> tuple[Hashable, ...]:
        return (*super().field_settings(), rows_bound())

    @classmethod
    def configure_own(cls, fields: dict[str, forms.Field]) -> None:
        bound_above(fields["per"], rows_bound(), rank_cap_message("per"))

    def clean_sort(self) -> str:
        return str(self.cleaned_data.get("sort") or BY_NAME)

    def to_request(self) -> StatuteSurveyRequest:
        """The validated request for the survey service (call after is_valid())."""
        data = self.cleaned_data
        return StatuteSurveyRequest(
            q=data["q"],
            per=data.get("per"),
            sort=data["sort"],
            scope=self.scope(),
            stem=bool(data.get("stem")),
            headings=bool(data.get("headings")),
            expand=data.get("expand", True) is not False,
            parsed=self.valid_query(),
        )
