"""manage.py reindex statutes|papers|all: build new index versions and switch them live."""

import logging

from django.core.management.base import BaseCommand, CommandError, CommandParser

from search.indexes.names import INDEX_NAMES
from search.indexes.store import BuildInProgress
from search.models import IndexBuild
from search.ops.builds.build import FIRST_BUILD, BuildFailed, stale_reason
from search.ops.builds.rebuild_requests import recover_stale_builds
from search.ops.builds.records import run_recorded_build
from search.ops.progress import ProgressBar

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Rebuild search indexes into a new version, check it, and switch it live atomically."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "index", choices=[*INDEX_NAMES, "all"], help="Which index to rebuild, or all."
        )
        parser.add_argument(
            "--if-stale",
            action="store_true",
            help=(
                "Only build an index that is missing, older than the data in the database, or "
                "whose live version cannot be opened and read (checked as /healthz does)."
            ),
        )

    def handle(self, *args: object, **options: object) -> None:
        names = INDEX_NAMES if options["index"] == "all" else (str(options["index"]),)
        verbosity = int(str(options["verbosity"]))
        # Builds left running by a killed process are settled first, as the worker and the
        # admin do, so the records never show a dead build as running.
        for dead in recover_stale_builds():
            self.stderr.write(self.style.WARNING(f"{dead}: {dead.error}"))
        for name in names:
            if options["if_stale"]:
                reason = stale_reason(name)
                if reason is None:
                    if verbosity:
                        self.stdout.write(f"{name}: live index is up to date, not rebuilt")
                    continue
                if reason != FIRST_BUILD:  # a first build is routine; anything else is logged
                    logger.warning("%s index rebuilt at start: %s", name, reason)
                if verbosity:
                    self.stdout.write(f"{name}: rebuilding: {reason}")
            build = IndexBuild.objects.create(index_name=name)
            bar = ProgressBar(self.stdout, 0, f"{name} index", unit=" docs")

            def progress(done: int, total: int, bar: ProgressBar = bar) -> None:
                bar.set_total(total)
                bar.done = done
                bar.advance(0)

            try:
                result = run_recorded_build(build, progress if verbosity else None)
            except (BuildFailed, BuildInProgress) as exc:
                raise CommandError(f"{name}: build failed, live index unchanged: {exc}") from exc
            if verbosity:
                bar.finish()
                self.stdout.write(
                    self.style.SUCCESS(
                        f"{name}: version {result.version} live, {result.doc_count} documents "
                        f"in {result.seconds:.1f}s"
                    )
                )
