"""Research runs: a signed-in user's named runs and the paper searches attributed to each."""

from django.conf import settings
from django.db import models


class ResearchRun(models.Model):
    """A named piece of research work owned by one user; `run_id` is its primary key."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="research_runs"
    )
    name = models.CharField(max_length=200)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.name} (run {self.pk})"


class RunQuery(models.Model):
    """One search made with `run_id`: its parameters as a query string, and what it found."""

    run = models.ForeignKey(ResearchRun, on_delete=models.CASCADE, related_name="queries")
    tool = models.CharField(max_length=40, default="search_keyword")
    query = models.TextField(help_text="The query text as sent.")
    query_string = models.TextField(help_text="Every parameter, URL-encoded, to re-run it.")
    total = models.PositiveIntegerField(help_text="All matching chunks.")
    returned = models.PositiveIntegerField(help_text="Rows returned.")
    truncated = models.BooleanField(default=False)
    index_version = models.CharField(max_length=80, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.run_id}: {self.query}"
