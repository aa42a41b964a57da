"""Sign-in lockouts in the admin: django-axes' failed attempts per address; delete to lift."""

from axes.admin import AccessAttemptAdmin
from axes.models import AccessAttempt
from django.contrib import admin

# Axes' own admin is off (AXES_ENABLE_ADMIN): its two log tables stay empty here.
admin.site.register(AccessAttempt, AccessAttemptAdmin)
