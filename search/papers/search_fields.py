"""The fields of the paper search form: the seed's parameters, their choices and help texts.

Parameter names are the seed's own. List parameters (`categories`, `contentType`,
`entities`, `authors`) accept repeated parameters, comma-separated values, or both.
"""

from typing import Any

from django import forms

from search.answers.csv_answers import FormatField
from search.answers.fields import (
    ListField,
    ListInput,
    SharedFieldsForm,
    ToolHelpBoundField,
    TrueFalseField,
    split_values,
)
from search.backends.paper_search import NEWEST, OLDEST, RELEVANCE
from search.enrichment import CONTENT_TYPES
from search.papers.catalog import PaperCatalog
from search.papers.diversify import CONTENT_TYPE, DOCUMENT, KEY_CONCEPT
from search.papers.request import (
    BIBTEX,
    CSV,
    DEFAULT_MAX_PER_DOCUMENT,
    FULL,
    JSON,
    MAX_PER_DOCUMENT_LIMIT,
    MINIMAL,
    PHRASE,
    STANDARD,
)
from search.text.query import ALL_WORDS, ANY_WORDS, MAX_QUERY_CHARS

MATCH_CHOICES = [
    (ALL_WORDS, "All words"),
    (ANY_WORDS, "Any of the words"),
    (PHRASE, "Exact phrase"),
]
# The default first: a bound form without `detail` must show the value the search used.
DETAIL_CHOICES = [
    (STANDARD, "Standard"),
    (MINIMAL, "Minimal"),
    (FULL, "Full (scores, licence)"),
]
DIVERSIFY_CHOICES = [
    (DOCUMENT, "By paper"),
    (KEY_CONCEPT, "By key concept"),
    (CONTENT_TYPE, "By content type"),
]
SORT_CHOICES = [
    (RELEVANCE, "Relevance (BM25)"),
    (NEWEST, "Newest first"),
    (OLDEST, "Oldest first"),
]
FORMAT_CHOICES = [(JSON, "JSON"), (CSV, "CSV"), (BIBTEX, "BibTeX")]


def category_choices(catalog: PaperCatalog) -> list[tuple[str, str]]:
    """The categories checklist: arXiv archive names with their paper counts, most first."""
    return [(name, f"{name} ({count:,})") for name, count in catalog.arxiv_categories]


class ListCheckboxes(forms.CheckboxSelectMultiple):
    """A checklist for a list parameter whose submitted values may also be comma-separated.

    Checkboxes, not a multi-select: what is chosen stays visible, one click (or Space)
    toggles one value, and arrow keys move without choosing (each change is a search).
    """

    def format_value(self, value: Any) -> list[str]:
        return list(split_values(value if isinstance(value, list | tuple) else [value or ""]))


class PaperSearchFields(SharedFieldsForm):
    """The seed's search_keyword parameters, declared; `forms.PaperSearchForm` validates them.

    Help texts are the seed's parameter descriptions (the MCP tool's input schema carries them).
    """

    bound_field_class = ToolHelpBoundField

    query = forms.CharField(
        label="Words to find in a chunk",
        max_length=MAX_QUERY_CHARS,
        error_messages={"required": "Enter words to search for (query is required)."},
        help_text=(
            "Search query: exact terms work best (method names, IDs, titles, author names). "
            "Each chunk is matched on its text, its paper's title and its author names. An "
            "arXiv id in the query (2505.23808, arXiv:2505.23808v2, an arxiv.org link, "
            "hep-th/9901001) puts that paper's chunks first and is listed in paper_matches. "
            "BM25 ranks by chunk-level term frequency, so a paper that mentions a term often "
            "can outrank its canonical source; for canonical paper lookup by exact name (e.g. "
            '"LoRA" -> the original LoRA paper), prefer find_by_id by arxiv_id or title.'
        ),
    )
    match = forms.ChoiceField(
        label="Match",
        choices=MATCH_CHOICES,
        required=False,
        initial=ALL_WORDS,
        help_text=(
            "How the words are combined. DEFAULT 'all_words': EVERY word must appear in the "
            "same chunk (its text, its paper's title or author names), which is why long "
            "queries often return nothing; adding more words "
            "makes it stricter, not broader. Use 'any_words' to find chunks matching ANY of "
            "them, and 'phrase' for the words adjacent and in order. Writing `or` in the query "
            "text does NOT ask for any_words: it is dropped as a stop word; name the mode "
            "instead."
        ),
    )
    limit = forms.IntegerField(
        label="Rows",
        required=False,
        min_value=1,
        error_messages={"invalid": "limit must be a whole number.",
                        "min_value": "limit must be at least 1."},
    )  # fmt: skip
    offset = forms.IntegerField(
        label="Skip rows",
        required=False,
        min_value=0,
        error_messages={"invalid": "offset must be a whole number (0 or more).",
                        "min_value": "offset must not be negative."},
        help_text=(
            "Rows of the results to skip: page k of size limit is offset=k*limit. Pages never "
            "overlap or skip a row; next_offset says where the next page starts (null: none)."
        ),
    )  # fmt: skip
    sort = forms.ChoiceField(
        label="Order",
        choices=SORT_CHOICES,
        required=False,
        initial=RELEVANCE,
        error_messages={"invalid_choice": "Unknown sort %(value)s: use relevance, newest or "
                        "oldest."},
        help_text=(
            "'relevance' (default, BM25), or 'newest' / 'oldest' by publication date over all "
            "matches (undated papers last; ties by chunk id)."
        ),
    )  # fmt: skip
    dateFrom = forms.CharField(
        label="Published from",
        required=False,
        max_length=40,
        help_text=(
            "Filter: published on or after (ISO date; a year such as 2024 or a month such as "
            "2024-06 counts from its first day)."
        ),
    )
    dateTo = forms.CharField(
        label="Published to",
        required=False,
        max_length=40,
        help_text="Filter: published on or before (ISO date; a year or month counts to its end).",
    )
    categories = ListField(
        label="Categories",
        required=False,
        widget=ListCheckboxes,
        help_text=(
            "Filter by arXiv categories (e.g. cs.AI, cs.LG): a chunk matches when its paper "
            "has any of them."
        ),
    )
    contentType = ListField(
        label="Content types",
        required=False,
        widget=ListCheckboxes,
        item_values=CONTENT_TYPES,
        help_text=(
            "Filter chunks by type. Use [methodology] for HOW researchers approach a problem; "
            "[results] for OUTCOMES; [survey, background] for context."
        ),
    )
    entities = ListField(
        label="Entities",
        required=False,
        widget=ListInput,
        help_text=(
            'Soft filter by entity (method names like "BERT", datasets like "SQuAD", metrics '
            'like "BLEU"), case-insensitive. Matching chunks rank first; chunks with no '
            "entities recorded fall to the bottom rather than being dropped; chunks whose "
            "recorded entities do not match are excluded."
        ),
    )
    authors = ListField(
        label="Authors",
        required=False,
        widget=ListInput,
        help_text=(
            "Filter by author: papers with any of these authors, named 'First Last' or by last "
            "name, ignoring case and accents (e.g. Lin Mu, Mu)."
        ),
    )
    detail = forms.ChoiceField(
        label="Detail",
        choices=DETAIL_CHOICES,
        required=False,
        initial=STANDARD,
        help_text=(
            "'minimal' = id + title + snippet + score. 'standard' adds metadata (authors, "
            "categories, dates) and chunkContext (the neighbouring chunks). 'full' adds "
            "entities, selfContained, the score breakdown and the licences."
        ),
    )
    facets = TrueFalseField(
        label="Facets",
        required=False,
        error_messages={"invalid": "facets must be true or false."},
        help_text=(
            "If true, return a facets block: counts by contentType and the top entities, over "
            "all matches."
        ),
    )
    diversifyBy = forms.ChoiceField(
        label="Diversify",
        choices=DIVERSIFY_CHOICES,
        required=False,
        initial=DOCUMENT,
        help_text=(
            "'document' (default): at most maxPerDocument chunks per paper. 'keyConcept': "
            "diversify by main idea (good for a landscape view). 'contentType': mix "
            "methodology, results, etc."
        ),
    )
    maxPerDocument = forms.IntegerField(
        label="Chunks per paper",
        required=False,
        min_value=1,
        max_value=MAX_PER_DOCUMENT_LIMIT,
        error_messages={"invalid": "maxPerDocument must be a whole number."},
        help_text=(
            f"Max chunks per paper (only when diversifyBy=document), default "
            f"{DEFAULT_MAX_PER_DOCUMENT}."
        ),
    )
    run_id = forms.CharField(
        label="Research run",
        required=False,
        max_length=40,
        help_text=(
            "Optional: the id of one of YOUR research runs (listed on the runs page). Pass it "
            "whenever you call this tool while working inside a run, so the call is recorded "
            "in that run's query history; attribution is run-anchored. Must be your run: a "
            "run_id owned by another user, or one that does not exist, is rejected, and so is "
            "any run_id from a caller who is not identified (signed in, or an API token over "
            "MCP)."
        ),
    )
    format = FormatField(
        FORMAT_CHOICES,
        label="Format",
        help_text="json (default), or the same rows as a csv or bibtex file.",
    )
