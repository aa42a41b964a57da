"""Template filters of the statute pages: labels and links computed from their objects."""

from urllib.parse import parse_qsl, urlencode

from django import template

from search.statutes.browse.contents import chapter_url as _chapter_url
from search.statutes.catalog import Catalog
from search.statutes.chapters import Chapter

register = template.Library()


@register.filter
def jurisdiction_label(catalog: Catalog, code: str) -> str:
    """'Washington (WA)'."""
    return catalog.jurisdiction_label(code)


@register.filter
def chapter_url(chapter: Chapter) -> str:
    """The chapter's page (its sections in order)."""
    return _chapter_url(chapter)


@register.filter
def drop_param(query: str, name: str) -> str:
    """A URL query string without one parameter."""
    return urlencode([(k, v) for k, v in parse_qsl(query) if k != name])
