"""`python -m bench`: run the benchmarks on the configured data and print the tables."""

import argparse
import os
import sys
from dataclasses import replace
from pathlib import Path

import django

OUT = Path(__file__).resolve().parent / "out"


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument(
        "--quick", action="store_true", help="a few queries per scenario (smoke run)"
    )
    parser.add_argument(
        "--only",
        default="",
        help="comma-separated sections: build,latency,fts5,scaling,load,quality,survey,serving "
        "(default: all but serving)",
    )
    parser.add_argument(
        "--paper-scales",
        help="scaling: copies of the papers corpus, e.g. 1,3,10 (the default)",
    )
    parser.add_argument(
        "--statute-scales",
        help="scaling: copies of the statutes corpus, e.g. 1,3 (the default)",
    )
    parser.add_argument("--out", type=Path, default=OUT, help="where report.md and charts go")
    parser.add_argument(
        "--workdir", type=Path, help="scratch folder (default: a temp dir, removed)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    parser.add_argument(
        "--reuse-builds",
        action="store_true",
        help="reuse full builds already in --workdir (no build table)",
    )
    parser.add_argument(
        "--live-indexes",
        action="store_true",
        help="query the live indexes in PORTAL_INDEX_DIR instead of building",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "portal.settings")
    django.setup()
    from django.conf import settings

    from bench.config import FULL, QUICK, parse_scales, with_sections
    from bench.publish import write_report
    from bench.runner import run

    config = QUICK if args.quick else FULL
    if args.only:
        config = with_sections(config, tuple(s.strip() for s in args.only.split(",") if s.strip()))
    if args.paper_scales:
        config = replace(config, paper_scales=parse_scales(args.paper_scales))
    if args.statute_scales:
        config = replace(config, statute_scales=parse_scales(args.statute_scales))
    if args.reuse_builds:
        config = replace(config, sections=tuple(s for s in config.sections if s != "build"))
    results = run(
        config,
        workdir=args.workdir,
        keep=args.keep or args.workdir is not None,
        reuse_builds=args.reuse_builds,
        live_root=settings.PORTAL_INDEX_DIR if args.live_indexes else None,
    )
    for table in results.tables():
        print(table.markdown())
    path = write_report(results, args.out)
    print(f"Report: {path} (whole run {results.seconds / 60:.1f} min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
