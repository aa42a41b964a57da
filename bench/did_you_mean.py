"""`python -m bench.did_you_mean`: what did-you-mean costs a search, measured in one run.

Each query runs through its service on the live indexes (PORTAL_INDEX_DIR), alternately with
suggestions and with them switched off, so load drift hits both alike; prints p50 of each and
the difference. Misspelt queries that find nothing pay for the vocabulary reads; queries that
find more than a handful of rows must cost the same either way (nothing is read).
"""

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import django

# (search, query, jurisdiction): misspellings that find nothing, then ordinary searches.
QUERIES = (
    ("statute", "tenent evicton", "wa"),
    ("statute", "landlrod retaliaton", None),
    ("statute", "constitutoin", None),
    ("paper", "difussion models", None),
    ("paper", "reinforcment lerning", None),
    ("statute", "landlord tenant deposit", "wa"),
    ("statute", "notice before entering the dwelling unit", None),
    ("paper", "low rank adaptation", None),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="runs per query and setting")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "portal.settings")
    django.setup()
    from search.papers import service as papers
    from search.papers.request import PaperSearchRequest
    from search.statutes.scope import Scope
    from search.statutes.search import service as statutes

    def search(kind: str, q: str, place: str | None) -> Callable[[], Any]:
        if kind == "paper":
            return lambda: papers.search_papers(PaperSearchRequest.for_query(query=q))
        scope = Scope(jurisdictions=(place,)) if place else Scope()
        return lambda: statutes.search_statutes(
            statutes.StatuteSearchRequest.for_query(q=q, scope=scope)
        )

    real = (statutes.did_you_mean, papers.did_you_mean)

    def switch(on: bool) -> None:
        off = (lambda *a, **k: None,) * 2
        statutes.did_you_mean, papers.did_you_mean = real if on else off

    print("| search | query | rows | suggested | p50 with (ms) | p50 without (ms) | difference |")
    print("|---|---|---|---|---|---|---|")
    for kind, q, place in QUERIES:
        run = search(kind, q, place)
        result = run()  # warm the catalogs and readers
        timings: dict[bool, list[float]] = {True: [], False: []}
        for _ in range(args.runs):
            for on in (True, False):
                switch(on)
                start = time.perf_counter()
                found = run()
                timings[on].append((time.perf_counter() - start) * 1000)
                if on:
                    result = found
        switch(True)
        with_, without = (statistics.median(timings[on]) for on in (True, False))
        label = f"{q} ({place})" if place else q
        hint = result.did_you_mean.query if result.did_you_mean else "-"
        print(f"| {kind} | {label} | {result.total:,} | {hint} | {with_:.1f} | {without:.1f} "
              f"| {with_ - without:+.1f} |")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
