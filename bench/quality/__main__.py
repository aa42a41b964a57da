"""`python -m bench.quality`: every dev set scored for the portal, FTS5 and raw tantivy.

The portal is asked through its JSON API in-process, on the live indexes of
PORTAL_INDEX_DIR (a tuner's own build measures that build). The baselines' copies of the
same texts are written once per data change into the cache folder (`--cache`,
PORTAL_BENCH_CACHE, or the temp dir's portal-bench-quality).
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

import django

OUT = Path(__file__).resolve().parents[1] / "out"


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.quality", description=__doc__)
    parser.add_argument("--sets", default="", help="comma-separated set names (default: all)")
    parser.add_argument("--portal-only", action="store_true", help="skip the two baselines")
    parser.add_argument(
        "--param", action="append", default=[], metavar="KEY=VALUE",
        help="added to every portal request (repeatable), e.g. stem=true; "
        "statutes:expand=false or papers:match=all_words for one kind of set only",
    )  # fmt: skip
    parser.add_argument("--per-query", action="store_true", help="print each query's gold rank")
    parser.add_argument("--limit", type=int, help="at most this many queries per set")
    parser.add_argument(
        "--depth", type=int, default=10,
        help="results asked of each engine (e.g. 100: --per-query shows how far a miss is; "
        "the figures count the top 10 either way)",
    )  # fmt: skip
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the figures as JSON")
    parser.add_argument(
        "--against", type=Path, metavar="FILE",
        help="an earlier --json file: print how the portal's figures and ranks moved",
    )  # fmt: skip
    parser.add_argument("--out", type=Path, default=OUT, help="folder for quality.md")
    parser.add_argument("--cache", type=Path, help="folder for the baselines' copies")
    return parser.parse_args(argv)


def parse_params(pairs: list[str]) -> dict[str, str]:
    """`["stem=true"]` as {"stem": "true"}; a pair without '=' raises ValueError."""
    found = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--param wants KEY=VALUE, got {pair!r}")
        found[key.strip()] = value.strip()
    return found


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "portal.settings")
    django.setup()
    from django.conf import settings

    from bench.quality.compare import compare
    from bench.quality.harness import NOTES, as_json, markdown, per_query, score_sets
    from bench.quality.sets import load_sets

    started = time.monotonic()

    def log(message: str) -> None:
        print(f"[quality {time.monotonic() - started:5.0f}s] {message}", file=sys.stderr)

    params = parse_params(args.param)
    names = [n.strip() for n in args.sets.split(",") if n.strip()] or None
    _, notes = load_sets(names)
    results = score_sets(
        names,
        params=params,
        baselines=not args.portal_only,
        limit=args.limit,
        cache=args.cache,
        depth=args.depth,
        log=log,
    )
    notes += [
        f"portal: its JSON API in-process, live indexes of {settings.PORTAL_INDEX_DIR}"
        + (f", with {' '.join(f'{k}={v}' for k, v in params.items())}" if params else ""),
        *NOTES,
    ]
    text = markdown(results, notes)
    print(text)
    if args.per_query:
        print("\n".join(per_query(r) for r in results))
    if args.against:
        print(compare(results, json.loads(args.against.read_text())))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "quality.md").write_text(text)
    if args.json:
        figures = as_json(results, params) | {"notes": notes}
        args.json.write_text(json.dumps(figures, indent=1) + "\n")
    log(f"done: {args.out / 'quality.md'}")
    errors = sum(len(o.errors) for r in results for o in r.outcomes.values())
    if errors:
        first = next(e for r in results for o in r.outcomes.values() for e in o.errors)
        log(f"{errors} queries failed, e.g. {first}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
