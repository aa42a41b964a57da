"""Models of the search app, one module per concern."""

from search.models.corpus import Chunk, IngestedFile, Paper, Section, Source
from search.models.indexing import IndexBuild
from search.models.runs import ResearchRun, RunQuery
from search.models.tokens import ApiToken

__all__ = [
    "ApiToken",
    "Chunk",
    "IndexBuild",
    "IngestedFile",
    "Paper",
    "ResearchRun",
    "RunQuery",
    "Section",
    "Source",
]
