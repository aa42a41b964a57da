"""Read-only admin views of the loaded corpus; kept light for 285k sections.

Rows come from the data files through ingest (an edit here would be overwritten by the next
ingest), so the admin only lists and shows them.
"""

from django.contrib import admin
from django.db.models import Q, QuerySet
from django.http import HttpRequest

from search.models import Chunk, Paper, Section, Source
from search.text.citation_keys import citation_key

PER_PAGE = 50


class ReadOnlyAdmin(admin.ModelAdmin):
    """View-only: no add, change or delete; no full-table count under filtered lists."""

    show_full_result_count = False
    list_per_page = PER_PAGE

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class SourceCodeFilter(admin.SimpleListFilter):
    """Source codes from the small Source table, not a DISTINCT over every section."""

    title = "source"
    parameter_name = "source"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        return [(code, code) for code in Source.objects.values_list("code", flat=True)]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        return queryset.filter(source=self.value()) if self.value() else queryset


@admin.register(Source)
class SourceAdmin(ReadOnlyAdmin):
    list_display = (
        "code", "corpus", "jurisdiction_list", "section_count", "coverage", "as_of", "refreshed_at",
    )  # fmt: skip
    list_filter = ("corpus",)
    search_fields = ("code",)

    @admin.display(description="jurisdictions")
    def jurisdiction_list(self, obj: Source) -> str:
        return ", ".join(obj.jurisdictions).upper()


@admin.register(Section)
class SectionAdmin(ReadOnlyAdmin):
    list_display = ("citation", "heading", "jurisdiction", "source", "title", "chapter")
    list_filter = (SourceCodeFilter, "jurisdiction")
    search_fields = ("id",)  # shows the search box; the lookup itself is below
    search_help_text = "A section id (wa:statute:59.18.260) or the start of a citation (RCW 59.18)."
    ordering = ("source", "ordinal")

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet, search_term: str
    ) -> tuple[QuerySet, bool]:
        """Exact id, or citation-key prefix as an index range (a LIKE would scan 285k rows)."""
        term = search_term.strip()
        if not term:
            return queryset, False
        key = citation_key(term)
        by_key = Q(citation_key__gte=key, citation_key__lt=key + "\U0010ffff") if key else Q()
        return queryset.filter(Q(id=term) | by_key), False


@admin.register(Paper)
class PaperAdmin(ReadOnlyAdmin):
    list_display = ("paper_id", "arxiv_id", "title", "published", "source")
    list_filter = ("source",)
    search_fields = ("=paper_id", "=arxiv_id", "title")


@admin.register(Chunk)
class ChunkAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "section", "content_type", "has_full_text")
    list_filter = ("content_type", "has_full_text")
    search_fields = ("=paper__paper_id", "=paper__arxiv_id")
    search_help_text = "Exact paper id or arXiv id."
    ordering = ("paper_id", "chunk_index")
