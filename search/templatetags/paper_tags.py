"""Template filters of the paper pages."""

from typing import Any

from django import template

from search.papers.arxiv_ids import abs_url, pdf_url
from search.papers.reference_keys import readable_references

register = template.Library()
AUTHORS_SHOWN = 4


@register.filter
def commas(value: Any) -> str:
    """A list (or one value) as a comma-separated string, for a list-valued text box."""
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value if str(v).strip())
    return str(value)


@register.filter
def short_authors(authors: Any) -> str:
    """The first few authors, then "et al." with the number left out."""
    names = [str(a) for a in (authors or ())]
    if len(names) <= AUTHORS_SHOWN:
        return ", ".join(names)
    return ", ".join(names[:AUTHORS_SHOWN]) + f" et al. (+{len(names) - AUTHORS_SHOWN})"


@register.filter
def thousands(value: Any) -> str:
    """An integer with comma thousands separators (12,136)."""
    try:
        return f"{int(value):,}"
    except (TypeError, ValueError):
        return "" if value is None else str(value)


@register.filter
def matched_outside_text(matched_in: Any) -> str:
    """Where words matched besides the passage text: "the title (lora), the authors (mu)"."""
    names = {"title": "the title", "authors": "the author names"}
    parts = [
        f"{names[field]} ({', '.join(terms)})"
        for field, terms in (matched_in or ())
        if field in names
    ]
    return "; ".join(parts)


@register.filter
def readable_refs(text: Any) -> str:
    """Inline reference keys of full text as `[Author Year]` (before `hl`, which escapes)."""
    return readable_references("" if text is None else str(text))


@register.filter
def arxiv_abs(arxiv_id: Any) -> str:
    """The abstract page of an arXiv id on arxiv.org."""
    return abs_url(str(arxiv_id))


@register.filter
def arxiv_pdf(arxiv_id: Any) -> str:
    """The PDF of an arXiv id on arxiv.org."""
    return pdf_url(str(arxiv_id))
