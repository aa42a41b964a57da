"""One measured build in its own process (used by `bench.indexing.run_build`)."""

import argparse
import os
from pathlib import Path

import django


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("engine", help="tantivy, fts5 or read")
    parser.add_argument("index_name", help="statutes or papers")
    parser.add_argument("target", type=Path, help="index root (tantivy) or database file (fts5)")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "portal.settings")
    django.setup()
    from bench.indexing import measure, to_json

    stat = measure(args.engine, args.index_name, args.target)
    print(to_json(stat))


if __name__ == "__main__":
    main()
