"""Tests of search.ingest."""
