"""Template filters of the search forms."""

from django import forms, template

register = template.Library()


@register.filter
def filters_set(form: forms.Form, not_filters: str) -> int:
    """How many of a bound search form's fields have a value, leaving out `not_filters`
    (comma-separated names: the query box, parameters the form does not show).

    The page opens its Filters disclosure when any is set, so a chosen filter is never hidden.
    """
    if not form.is_bound:
        return 0
    skipped = {name.strip() for name in not_filters.split(",")}
    count = 0
    for name in form.fields:
        if name in skipped:
            continue
        values = form.data.getlist(name) if hasattr(form.data, "getlist") else [form.data.get(name)]
        count += any(str(v).strip() for v in values if v is not None)
    return count
