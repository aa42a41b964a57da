"""Benchmarks of the search portal (issue 6): run with `python -m bench` or `make bench`.

Speed is measured here, never by timed tests. Every figure is a median over many queries
and every comparison a ratio measured in the same run, on the same corpus and queries.
"""
