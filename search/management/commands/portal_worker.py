"""manage.py portal_worker: the django-tasks-db worker, after failing builds a dead worker left."""

from django_tasks_db.management.commands.db_worker import Command as DbWorkerCommand

from search.ops.builds.rebuild_requests import recover_stale_builds


class Command(DbWorkerCommand):
    help = (
        "Run the background task worker (index rebuilds). Builds left running by a worker that "
        "was killed are marked failed first. Takes every option of `db_worker`."
    )

    def handle(self, *args: object, **options: object) -> None:
        for build in recover_stale_builds():
            self.stderr.write(self.style.WARNING(f"{build}: {build.error}"))
        super().handle(*args, **options)  # type: ignore[arg-type]
