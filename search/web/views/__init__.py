"""Views: one module per screen; each is thin (form, service, render)."""
