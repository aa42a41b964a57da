"""API tokens: how an MCP client says which user it acts for (research runs are per user)."""

from django.conf import settings
from django.db import models


class ApiToken(models.Model):
    """A user's bearer token; only its SHA-256 is stored, the secret is shown once at issue."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=100, help_text="What it is for, e.g. 'laptop assistant'.")
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(
        max_length=16, editable=False, help_text="The secret's first characters, to tell it apart."
    )
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True, editable=False)
    revoked = models.BooleanField(default=False, editable=False)
    revoked_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…, {self.owner})"
