"""Tests of search.text."""
