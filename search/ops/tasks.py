"""Background tasks (django.tasks, run by `manage.py portal_worker`), each a call into a service."""

from django.tasks import task

from search.ops.builds.records import run_requested_build


@task()
def rebuild_index_task(build_id: int) -> dict[str, object]:
    """Run the index build recorded as `build_id` (queued by `request_rebuild`)."""
    return run_requested_build(build_id)
