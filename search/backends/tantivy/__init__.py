"""Embedded tantivy: schemas, analyzer, writer and the live-version reader cache."""
