"""The data stamp: row counts and last changes of the data an index is built from."""

from typing import Any

from django.db.models import Max, QuerySet

from search.indexes.names import STATUTES
from search.models import Chunk, Paper, Section, Source


def data_stamp(index_name: str) -> str:
    """Row count and last change of the data an index is built from; differs after any ingest.

    Statutes include the sources' last refresh: a version records its sources' coverage
    statements, which can change (MANIFEST.json) while no section does.
    """
    if index_name == STATUTES:
        refreshed = Source.objects.aggregate(last=Max("refreshed_at"))["last"]
        return f"{_count_and_last(Section.objects.all())}:{refreshed}"
    return f"{_count_and_last(Chunk.objects.all())}:{_count_and_last(Paper.objects.all())}"


def _count_and_last(rows: QuerySet[Any]) -> str:
    """'count:newest updated_at'. Two queries, not one aggregate: alone, MAX reads the end of
    the `updated_at` index, while beside COUNT it scans the table (300 ms on the statutes)."""
    last = rows.aggregate(last=Max("updated_at"))["last"]
    return f"{rows.count()}:{last}"
