"""Tests of search.mcp."""
