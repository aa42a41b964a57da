"""Admin for API tokens: staff issue one (its secret shown once, on the page after saving) and
revoke them; the secret itself is never stored or shown again."""

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.forms import ModelForm
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import reverse

from search.models import ApiToken
from search.ops.api_tokens import revoke, set_new_secret

ISSUED_TEMPLATE = "admin/search/apitoken/issued.html"


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "prefix", "created", "last_used", "revoked")
    list_filter = ("revoked",)
    search_fields = ("name", "prefix", "owner__username")
    list_select_related = ("owner",)
    actions = ("revoke_tokens",)
    readonly_fields = ("prefix", "created", "last_used", "revoked", "revoked_at")

    def get_fields(self, request: HttpRequest, obj: ApiToken | None = None) -> tuple[str, ...]:
        if obj is None:
            return ("owner", "name")
        return ("owner", "name", *self.readonly_fields)

    def get_readonly_fields(
        self, request: HttpRequest, obj: ApiToken | None = None
    ) -> tuple[str, ...]:
        # A token keeps its owner: issue a new one for someone else.
        return self.readonly_fields if obj is None else ("owner", *self.readonly_fields)

    def save_model(
        self, request: HttpRequest, obj: ApiToken, form: ModelForm, change: bool
    ) -> None:
        if not change:
            # Kept on the request only, for the one page that shows it (response_add).
            request.issued_secret = set_new_secret(obj)  # type: ignore[attr-defined]
        super().save_model(request, obj, form, change)

    def response_add(
        self, request: HttpRequest, obj: ApiToken, post_url_continue: str | None = None
    ) -> HttpResponse:
        secret = getattr(request, "issued_secret", None)
        if secret is None:
            return super().response_add(request, obj, post_url_continue)
        context: dict[str, Any] = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": "API token issued",
            "token": obj,
            "secret": secret,
            "mcp_url": request.build_absolute_uri(reverse("mcp")),
            "list_url": reverse("admin:search_apitoken_changelist"),
        }
        # The secret is on this page only; admin views are never cached (no-store).
        return TemplateResponse(request, ISSUED_TEMPLATE, context)

    @admin.action(description="Revoke selected tokens", permissions=["change"])
    def revoke_tokens(self, request: HttpRequest, queryset: QuerySet[ApiToken]) -> None:
        live = [token for token in queryset if not token.revoked]
        for token in live:
            revoke(token)
        self.message_user(
            request, f"Revoked {len(live)} token{'s' if len(live) != 1 else ''}.", messages.SUCCESS
        )
