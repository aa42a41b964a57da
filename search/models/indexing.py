"""Index builds: one row per requested rebuild, with its live progress."""

from datetime import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone


class IndexBuild(models.Model):
    """A build of one index into a new version, from request to switch (or failure)."""

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        SUCCEEDED = "succeeded"
        FAILED = "failed"
        CANCELLED = "cancelled"

    ACTIVE_STATUSES = (Status.QUEUED, Status.RUNNING)

    index_name = models.CharField(max_length=20)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.QUEUED)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    docs_done = models.PositiveIntegerField(default=0)
    docs_total = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    version = models.CharField(max_length=80, blank=True)
    error = models.TextField(blank=True)
    task_id = models.CharField(max_length=64, blank=True)
    worker_pid = models.PositiveIntegerField(null=True, blank=True)
    # With worker_pid: lets any process on the same machine tell that a build's worker died.
    worker_host = models.CharField(max_length=255, blank=True)

    class Meta:
        ordering = ["-created_at"]
        permissions = [("rebuild_index", "Can rebuild search indexes")]

    def __str__(self) -> str:
        return f"{self.index_name} build #{self.pk} ({self.status})"

    @property
    def percent(self) -> float:
        """Share of documents written, 0-100."""
        return 100.0 * self.docs_done / self.docs_total if self.docs_total else 0.0

    @property
    def is_active(self) -> bool:
        """Queued or running: the index may not be requested again yet."""
        return self.status in self.ACTIVE_STATUSES

    def duration_seconds(self, now: datetime | None = None) -> float | None:
        """Seconds from start to finish (to now while running); None before it starts."""
        if self.started_at is None:
            return None
        end = self.finished_at or (now or timezone.now())
        return max((end - self.started_at).total_seconds(), 0.0)
