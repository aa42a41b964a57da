"""Chunk-level keyword search of research papers (SPEC section 2, seed 001)."""
