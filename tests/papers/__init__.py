"""Tests of search.papers."""
