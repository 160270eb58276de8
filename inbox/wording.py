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


# The satisfaction question sent after a person resolves a chat: five options (WhatsApp shows more than three as a
# list the customer opens and taps); each title at most 24 characters.
CSAT = {
    "question": pgettext_lazy("customer", "How would you rate the help you got from our team? Tap a score from 1 "
                                          "(very poor) to 5 (excellent)."),
    "thanks": pgettext_lazy("customer", "Thank you for your rating!"),
    "already": pgettext_lazy("customer", "You have already rated this conversation. Thank you!"),
    1: pgettext_lazy("customer", "1 – Very poor"),
    2: pgettext_lazy("customer", "2 – Poor"),
    3: pgettext_lazy("customer", "3 – Fair"),
    4: pgettext_lazy("customer", "4 – Good"),
    5: pgettext_lazy("customer", "5 – Excellent"),
}


def csat_words(language: str, key: str | int) -> str:
    """One of the satisfaction question's texts in `language`."""
    return render(language, CSAT[key])
