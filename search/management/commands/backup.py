"""manage.py backup <folder>: an online copy of the database and the live index versions."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from search.ops.backup import BackupError, create_backup


class Command(BaseCommand):
    help = (
        "Copy the database (SQLite online backup, or pg_dump) and each index's live version "
        "into a new folder, with a manifest; safe while the portal serves and builds."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("folder", type=Path, help="New (or empty) folder to write into.")

    def handle(self, *args: object, **options: object) -> None:
        folder = Path(str(options["folder"])).expanduser().resolve()
        try:
            manifest = create_backup(folder)
        except BackupError as exc:
            raise CommandError(f"backup failed: {exc}") from exc
        if int(str(options["verbosity"])):
            indexes = ", ".join(f"{n} {f['version']}" for n, f in manifest.indexes.items())
            self.stdout.write(
                self.style.SUCCESS(
                    f"backup written to {folder}: {manifest.database} database "
                    f"({manifest.counts}), indexes: {indexes or 'none live'}"
                )
            )
