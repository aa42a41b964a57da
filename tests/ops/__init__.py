"""Tests of search.ops."""
