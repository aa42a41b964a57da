"""Root URLs: the admin, sign-in, and the search app."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    # Researchers (not only staff) sign in here to keep research runs.
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("search.web.urls")),
]

# Error answers without tracebacks; JSON with `note` and `coverage_note` on API paths.
handler400 = "portal.errors.bad_request"
handler403 = "portal.errors.permission_denied"
handler404 = "portal.errors.page_not_found"
handler500 = "portal.errors.server_error"
