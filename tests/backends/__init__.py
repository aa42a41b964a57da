"""Tests of search.backends."""
