"""URLs of the search app: pages and JSON API of both searches, research runs, health, MCP."""

from django.urls import path

from search.web.views import api_index, home, mcp, paper_api, papers, runs, statute_api, statutes

urlpatterns = [
    path("", home.home, name="home"),
    path("healthz", home.healthz, name="healthz"),
    path("api/", api_index.api_index, name="api_index"),
    # Statute search: page, section and sources pages, JSON API.
    path("statutes/", statutes.statute_search, name="statute_search"),
    path("statutes/survey/", statutes.statute_survey, name="statute_survey"),
    path("statutes/<path:section_id>/", statutes.section_page, name="statute_section"),
    path("sources/", statutes.sources_page, name="sources"),
    path("sources/<str:source>/", statutes.source_contents, name="source_contents"),
    path("sources/<str:source>/chapter/", statutes.source_chapter, name="source_chapter"),
    path("api/statute_search", statute_api.api_statute_search, name="api_statute_search"),
    path("api/statute_survey", statute_api.api_statute_survey, name="api_statute_survey"),
    path("api/statute", statute_api.api_statute, name="api_statute"),
    path("api/sources", statute_api.api_sources, name="api_sources"),
    # Paper search: pages, research runs, JSON API.
    path("papers/", papers.paper_search, name="paper_search"),
    path("papers/entities/", papers.entity_suggestions, name="paper_entity_suggestions"),
    path("papers/facets/", papers.paper_facets, name="paper_facets"),
    path("papers/lookup/", papers.paper_lookup, name="paper_lookup"),
    path("papers/<path:paper_id>/", papers.paper_page, name="paper_page"),
    path("runs/", runs.run_list, name="runs"),
    path("runs/<int:run_id>/", runs.run_detail, name="run_detail"),
    path("api/search_keyword", paper_api.search_keyword, name="api_search_keyword"),
    path("api/paper", paper_api.paper, name="api_paper"),
    # The same tools over the Model Context Protocol (Streamable HTTP).
    path("mcp", mcp.mcp, name="mcp"),
]
