"""Browsing a source: its table of contents and chapter pages. Imports the shared
search.statutes modules, its citations and the layers below."""
