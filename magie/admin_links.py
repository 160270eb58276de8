"""Links from admin pages to staff pages by URL name (the admin module needs no import of the page's app)."""

from __future__ import annotations

from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _


def staff_page_link(url_name: str, *args: object, label: str | None = None) -> str:
    """`<a href>` to a named staff page, or "-" where this URLconf does not serve it (the public host)."""
    if any(arg in (None, "") for arg in args):
        return "-"
    try:
        url = reverse(url_name, args=args)
    except NoReverseMatch:
        return "-"
    return format_html('<a class="trace-link" href="{}">{}</a>', url, label or _("trace"))
