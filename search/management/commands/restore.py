"""manage.py restore <folder>: put a backup's database and index versions back, live."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from search.ops.backup import BackupError, Manifest, restore_backup


class Command(BaseCommand):
    help = (
        "Replace the database with a backup's and switch each index to the backup's version "
        "(web workers pick it up without restart). Overwrites the current data."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("folder", type=Path, help="A folder written by `manage.py backup`.")
        parser.add_argument(
            "--noinput",
            "--no-input",
            action="store_false",
            dest="interactive",
            help="Do not ask for confirmation.",
        )

    def handle(self, *args: object, **options: object) -> None:
        folder = Path(str(options["folder"])).expanduser().resolve()
        try:
            manifest = Manifest.read(folder)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        if options["interactive"]:
            answer = input(
                f"Replace the current database and live indexes with the backup of "
                f"{manifest.created_at}? Type 'yes' to continue: "
            )
            if answer.strip().lower() != "yes":
                raise CommandError("restore cancelled, nothing changed")
        try:
            restored = restore_backup(folder)
        except BackupError as exc:
            raise CommandError(f"restore failed: {exc}") from exc
        if int(str(options["verbosity"])):
            indexes = ", ".join(f"{n} {f['version']}" for n, f in restored.indexes.items())
            self.stdout.write(
                self.style.SUCCESS(
                    f"restored the backup of {restored.created_at}: {restored.counts}, "
                    f"indexes live: {indexes or 'none'}"
                )
            )
