"""Facts of the loaded papers that each papers index version records in its manifest."""

from typing import Any

from django.db.models import Max, Min

from search.models import Chunk, Paper


def paper_facts() -> dict[str, Any]:
    """Papers, full-text papers, undated papers and the publication date range, JSON-ready."""
    dates = Paper.objects.aggregate(first=Min("published"), last=Max("published"))
    full_text = Chunk.objects.filter(has_full_text=True).values("paper_id").distinct()
    return {
        "papers": Paper.objects.count(),
        "full_text_papers": full_text.count(),
        "undated_papers": Paper.objects.filter(published__isnull=True).count(),
        "first_published": dates["first"].isoformat() if dates["first"] else None,
        "last_published": dates["last"].isoformat() if dates["last"] else None,
    }
