"""Tests of search.statutes."""
