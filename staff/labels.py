"""Staff words that belong to no one model: the conversations app's back-office words (kept out of its customer
catalogue) and the names of the reasons a chat went to people. Tables, columns and choices are named on the models
themselves (`verbose_name=_()`, choices with translated labels)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

# The back office's words for the conversations app: written here, as conversations/locale is the customers'
# catalogue (`makemessages` files a string under the app's own locale directory).
CONVERSATION_WITH = _("Conversation with %(customer)s")
NUMBER = _("No.")  # the header of a list's column of record numbers
SANDBOX_ID_LABEL = _("WhatsApp id (digits)")
DATA_RIGHTS = _("data rights")  # the customer page's link to its export and erasure (privacy/)
DATA_RIGHTS_LINK = _("Export or erase this customer's data")
SANDBOX_ID_DIGITS_ONLY = _("Digits only, as a WhatsApp id (e.g. 5511999990099).")
SANDBOX_ID_NOT_A_NUMBER = _("Not a phone number: a WhatsApp id is the country code and the number, digits only "
                            "(e.g. 5511999990099).")
SANDBOX_ID_TAKEN = _("This id is already a sandbox customer.")
SANDBOX_ID_REAL = _("This id is a real customer's: a sandbox customer needs an id of its own.")
# The names conversations' models give their tables, columns and choices (`verbose_name=_()` there), listed here so
# that `makemessages` files them in the staff catalogue; staff/tests/test_conversation_words.py keeps the two equal.
CONVERSATIONS_MODEL_WORDS = (
    gettext_noop("Conversations"), gettext_noop("customer"), gettext_noop("customers"), gettext_noop("WhatsApp id"),
    gettext_noop("WhatsApp user id"), gettext_noop("phone"), gettext_noop("name"), gettext_noop("sandbox customer"),
    gettext_noop("created"), gettext_noop("conversation"), gettext_noop("conversations"),
    gettext_noop("last message from the customer"), gettext_noop("version"), gettext_noop("language"),
    gettext_noop("turn lock token"), gettext_noop("turn lock holder"), gettext_noop("turn lock expires"),
    gettext_noop("message"), gettext_noop("messages"), gettext_noop("channel"), gettext_noop("WhatsApp Cloud API"),
    gettext_noop("manage.py chat"), gettext_noop("WhatsApp simulator (staff, sandbox customers)"),
    gettext_noop("direction"), gettext_noop("from the customer"), gettext_noop("to the customer"),
    gettext_noop("kind"), gettext_noop("Text"), gettext_noop("Button"), gettext_noop("List"), gettext_noop("Media"),
    gettext_noop("Other"), gettext_noop("Edit"), gettext_noop("Deletion"), gettext_noop("System"),
    gettext_noop("text"), gettext_noop("payload"), gettext_noop("reply to"), gettext_noop("sent"),
    gettext_noop("media refused"),
)

# Why a chat went to people: a guard's name (magie.choices.GUARD_LABELS), or one of the reasons the turn, the
# channel and the inbox's own words (inbox.guard_words) give.
ESCALATION_REASONS = {"delivery_failed": _("A reply could not be delivered"),
                      "delivery_possibly_duplicated": _("A reply may have reached the customer twice"),
                      "turn_failed": _("The agent failed several turns in a row"),
                      "payment_dispute": _("The customer disputes a payment"),
                      "person_requested": _("The customer asked for a person"),
                      "problem_reported": _("The customer reports something stolen, broken or to return"),
                      "limit_change_requested": _("The customer asks to change a limit"),
                      "no_full_account_number": _("A full account number shown to the customer")}


def escalation_reason_label(code: str) -> str:
    """A check's or an escalation reason's name for staff ("unsupported_amount" → "Amounts that no data supports");
    an unknown code is shown as it is."""
    from magie.choices import GUARD_LABELS

    label = GUARD_LABELS.get(code) or ESCALATION_REASONS.get(code)
    return str(label) if label is not None else code
