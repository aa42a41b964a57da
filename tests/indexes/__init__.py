"""Tests of search.indexes."""
