"""Make a fresh web worker ready before its first request.

The first paper search in a process reads the live index's catalog (categories, content
types, entities: aggregations over every chunk, about a second on the real data), the
first statute search reads its sources, and the first federal one the sections of the acts
whose names raise them (a fifth of a second). gunicorn calls `warm_up` in each new worker before it
accepts requests (`portal/gunicorn.conf.py`), so neither a restart nor a worker recycled by
`max_requests` makes a visitor wait for it.
"""

import time

from django.db import connections

from search.backends.protocol import IndexUnavailable
from search.papers.catalog import load_catalog as load_paper_catalog
from search.statutes.catalog import load_catalog as load_statute_catalog
from search.statutes.citations.act_sections import loaded_acts


def warm_up() -> str:
    """Read both catalogs, and the acts' sections, into this process's caches; one line
    saying what was read.

    A missing or unreadable index is no error here: its catalog then comes from the database,
    and searches answer 503 as they would anyway.
    """
    started = time.monotonic()
    statutes = load_statute_catalog()
    papers = load_paper_catalog()
    try:
        acts = len(loaded_acts())
    except IndexUnavailable:
        acts = 0
    # This thread serves no request: give its database connection back.
    connections.close_all()
    return (
        f"catalogs read in {time.monotonic() - started:.2f}s (statutes: "
        f"{statutes.version or 'database'}; papers: {papers.version or 'database'}; "
        f"sections of {acts} act{'s' if acts != 1 else ''})"
    )
