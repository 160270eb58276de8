"""Vocabularies shared by policies and the apps that obey them: the organisations' kinds and languages, risk
classes, approval channels, gate modes and guard names. Here, below every app, so that `tenants` (which stores
them), `guards` (which runs them) and `staff` (which words them) all read one list without importing each other."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class OrganisationKind(models.TextChoices):
    PLATFORM = "platform", _("Platform (public schema)")
    BANK = "bank", _("Bank")
    SCHOOL = "school", _("School")
    STORE = "store", _("Store")


class Language(models.TextChoices):
    PT_BR = "pt-BR", "Português (Brasil)"  # each language in its own name, in every language
    ES = "es", "Español"
    CA = "ca", "Català"
    EN = "en", "English"


class RiskClass(models.TextChoices):
    MONEY = "money", _("Money")
    EXTERNAL_MESSAGE = "external_message", _("Message to a third party")
    THIRD_PARTY_DATA = "third_party_data", _("Third-party data")
    OWN_DATA = "own_data", _("Customer's own data")
    REVERSIBLE = "reversible", _("Reversible effect")


class GateMode(models.TextChoices):
    ALWAYS = "always", _("Always ask")
    ABOVE_AMOUNT = "above_amount", _("Ask above an amount")
    PREAUTHORISED_CAP = "preauthorised_cap", _("Pre-authorised up to a daily cap")
    NONE = "none", _("Never ask")


class ApprovalChannel(models.TextChoices):
    IN_CHAT_BUTTON = "in_chat_button", _("Button in the chat")
    APP = "app", _("Bank app / signed link")


class OnToolFailure(models.TextChoices):
    HOLD_AND_REASK = "hold_and_reask", _("Hold the request and re-ask the failed value")
    CLOSE_AND_RESTART = "close_and_restart", _("Close the request as failed")


class SideRequest(models.TextChoices):
    SUSPEND = "suspend", _("Park the open request and offer to resume it")
    SUPERSEDE = "supersede", _("Close the open request as superseded")


# The guards the platform knows (the guards app registers one function under each name).
GUARD_NAMES: tuple[str, ...] = (
    "unsupported_amount",
    "unsupported_fact",
    "stock_contradiction",
    "sold_out_offered",
    "warranty_without_data",
    "quote_without_required_info",
    "internal_vocabulary",
    "effect_claim_without_effect",
    "unusable_request",
    "policy_bypass",
)

# What each guard keeps from customers, in the staff's words (the policy page, its confirmation, the inbox).
GUARD_LABELS = {
    "unsupported_amount": _("Amounts that no data supports"),
    "unsupported_fact": _("Names, dates, times, counts or statuses that no data supports"),
    "stock_contradiction": _("Stock that contradicts the catalogue"),
    "sold_out_offered": _("Offering sold-out products"),
    "warranty_without_data": _("A warranty promised without data"),
    "quote_without_required_info": _("A quote missing required details"),
    "internal_vocabulary": _("Internal words said to customers"),
    "effect_claim_without_effect": _("Saying something was done when it was not"),
    "unusable_request": _("Asking for secrets, other links or fake buttons"),
    "policy_bypass": _("Promising to bypass the organisation's rules"),
}
