"""Tool input schemas are generated from the forms that validate the API, and tool arguments
become the parameters the API reads: the doors cannot drift apart."""

from typing import Any

import pytest
from django import forms
from django.contrib.auth.models import AnonymousUser

from search.mcp.schema import form_schema
from search.mcp.server import tool_list
from search.mcp.tools import TOOLS, arguments_query, input_schema
from search.papers.forms import PaperSearchForm
from search.statutes.catalog import load_catalog
from search.statutes.search.forms import StatuteSearchForm

pytestmark = pytest.mark.django_db

SEED_TOOLS = ["statute_search", "statute_survey", "statute", "sources", "search_keyword",
              "find_by_id"]  # fmt: skip


def schema_of(name: str) -> dict[str, Any]:
    return input_schema(TOOLS[name], AnonymousUser())


def test_the_tools_are_the_seeds_and_their_companions() -> None:
    assert list(TOOLS) == SEED_TOOLS
    listed = tool_list(AnonymousUser())
    assert [t.name for t in listed] == SEED_TOOLS
    assert all(t.description and t.input_schema["type"] == "object" for t in listed)


@pytest.mark.parametrize("name", SEED_TOOLS)
def test_every_form_field_is_a_schema_property(name: str) -> None:
    spec = TOOLS[name]
    form = spec.form(None, AnonymousUser())
    schema = schema_of(name)
    assert list(schema["properties"]) == list(form.fields)
    assert schema.get("required", []) == [n for n, f in form.fields.items() if f.required]


def test_statute_search_schema_carries_the_seed_parameters() -> None:
    schema = schema_of("statute_search")
    props = schema["properties"]
    assert schema["required"] == ["q"]
    assert set(props) >= {"q", "jurisdiction", "source", "title", "limit"}
    assert props["q"]["type"] == "string" and props["q"]["maxLength"] > 0
    assert props["limit"] == {
        "type": "integer",
        "minimum": 1,
        "maximum": 1000,
        "description": "Max results, default 20, capped at 50 (a larger value is capped and "
        "the note says so; above 1,000, more than any answer ranks, it is an error).",
    }
    assert "STRONGLY preferred" in props["jurisdiction"]["description"]
    assert 'sources(tool="statute_search", source=<code>)' in props["title"]["description"]
    assert '"double quotes"' in props["q"]["description"]


def test_search_keyword_schema_types_choices_and_defaults() -> None:
    schema = schema_of("search_keyword")
    props = schema["properties"]
    assert schema["required"] == ["query"]
    assert props["match"]["enum"] == ["all_words", "any_words", "phrase"]
    assert props["match"]["default"] == "all_words"
    assert props["detail"]["enum"] == ["standard", "minimal", "full"]
    assert props["detail"]["default"] == "standard"
    assert props["diversifyBy"] == {
        **props["diversifyBy"],
        "enum": ["document", "keyConcept", "contentType"],
        "default": "document",
    }
    assert props["facets"]["type"] == "boolean"
    assert props["maxPerDocument"]["minimum"] == 1 and props["maxPerDocument"]["maximum"] == 100
    assert props["contentType"]["type"] == "array"
    assert "methodology" in props["contentType"]["items"]["enum"]
    assert props["categories"]["items"] == {"type": "string"}
    assert "Must be your run" in props["run_id"]["description"]
    assert all(p.get("description") for p in props.values()), "every parameter is described"


def test_look_up_schemas() -> None:
    assert set(schema_of("statute")["properties"]) == {"id", "citation"}
    assert set(schema_of("find_by_id")["properties"]) == {"arxiv_id", "paper_id", "title"}
    sources = schema_of("sources")["properties"]
    assert sources["tool"]["default"] == "statute_search"


def test_a_field_added_to_a_form_appears_in_the_schema_with_its_type() -> None:
    class Extended(StatuteSearchForm):
        offset = forms.IntegerField(required=False, min_value=0, help_text="Rows to skip.")
        sort = forms.ChoiceField(
            required=False, choices=[("relevance", "R"), ("newest", "N")], initial="relevance"
        )
        stem = forms.BooleanField(required=False, help_text="Match word forms.")
        when = forms.DateField(required=False)

    props = form_schema(Extended(catalog=load_catalog()))["properties"]
    assert props["offset"] == {"type": "integer", "minimum": 0, "description": "Rows to skip."}
    assert props["sort"] == {
        "type": "string",
        "enum": ["relevance", "newest"],
        "default": "relevance",
    }
    assert props["stem"] == {"type": "boolean", "description": "Match word forms."}
    assert props["when"] == {"type": "string", "format": "date"}


def test_arguments_become_the_query_string_the_api_reads() -> None:
    data = arguments_query(
        {"query": "LoRA", "limit": 5, "facets": True, "categories": ["cs.CL", "cs.LG"],
         "run_id": None, "detail": "full", "odd": {"a": 1}}
    )  # fmt: skip
    assert data.getlist("categories") == ["cs.CL", "cs.LG"]
    assert data["limit"] == "5" and data["facets"] == "true" and data["detail"] == "full"
    assert "run_id" not in data or data.getlist("run_id") == []
    assert data["odd"] == '{"a": 1}'


def test_arguments_validate_like_the_api() -> None:
    from search.papers.catalog import load_catalog as paper_catalog

    form = PaperSearchForm(
        arguments_query({"query": "LoRA", "facets": "maybe", "limit": "x"}),
        catalog=paper_catalog(),
    )
    assert not form.is_valid()
    assert form.errors["facets"] == ["facets must be true or false."]
    assert form.errors["limit"] == ["limit must be a whole number."]
