"""Statute and regulation search, by feature: search, survey, citations, browse, sections; the
catalog, chapters, scope, rows, outcome and payloads they share sit here."""
