"""What the customer is told by the inbox itself, through the customer catalogue (conversations/locale, context
"customer"), in the customer's language (pt-BR, es, ca, en)."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from conversations.wording import render

CLOSED = pgettext_lazy("customer", "A member of our team has closed this conversation. If you need anything else, "
                                   "just write.")


def closing_message(language: str) -> str:
    """The closing message in `language` (a Magie language; English for anything else)."""
    return render(language, CLOSED)
