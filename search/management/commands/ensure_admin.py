"""manage.py ensure_admin: make sure a staff account exists to log in to the admin."""

import os
import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.management.base import BaseCommand, CommandParser


class Command(BaseCommand):
    help = (
        "Create the staff superuser if missing (password from PORTAL_ADMIN_PASSWORD or generated)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--username", default="admin", help="Login name of the staff account.")

    def handle(self, *args: object, **options: object) -> None:
        username = str(options["username"])
        user_model = get_user_model()
        password = os.environ.get("PORTAL_ADMIN_PASSWORD", "")
        user = user_model.objects.filter(username=username).first()
        if user is not None:
            if password and not user.check_password(password):
                user.set_password(password)
                user.save(update_fields=["password"])
                self.stdout.write(
                    f"staff account {username!r}: password set from PORTAL_ADMIN_PASSWORD"
                )
            else:
                self.stdout.write(f"staff account {username!r} exists")
            return
        generated = not password
        password = password or secrets.token_urlsafe(12)
        user = user_model.objects.create_superuser(username=username, email="", password=password)
        user.user_permissions.add(Permission.objects.get(codename="rebuild_index"))
        if generated:
            self.stdout.write(
                self.style.WARNING(
                    f"created staff account {username!r} with password {password} "
                    "(shown once; set PORTAL_ADMIN_PASSWORD to choose it)"
                )
            )
        else:
            self.stdout.write(
                f"created staff account {username!r} (password from PORTAL_ADMIN_PASSWORD)"
            )
