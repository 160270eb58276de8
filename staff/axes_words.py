"""django-axes' names for its columns, which it words in English only (it ships no pt-BR, es or ca catalogue).

They are axes' own msgids, listed here so that `makemessages` keeps them in the staff catalogue, which translates
them: Django reads a project's catalogue before an app's, so the back office shows its lockouts in the staff
member's language without touching axes' models."""

from django.utils.translation import gettext_noop

AXES_COLUMNS = (gettext_noop("Username"), gettext_noop("IP Address"), gettext_noop("User Agent"),
                gettext_noop("HTTP Accept"), gettext_noop("Path"), gettext_noop("Attempt Time"),
                gettext_noop("GET Data"), gettext_noop("POST Data"), gettext_noop("Failed Logins"))
