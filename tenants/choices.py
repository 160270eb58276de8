"""Vocabularies shared by policies and the apps that obey them."""

from django.db import models


class OrganisationKind(models.TextChoices):
    PLATFORM = "platform", "Platform (public schema)"
    BANK = "bank", "Bank"
    SCHOOL = "school", "School"
    STORE = "store", "Store"


class Language(models.TextChoices):
    PT_BR = "pt-BR", "Português (Brasil)"
    ES = "es", "Español"
    CA = "ca", "Català"
    EN = "en", "English"


class RiskClass(models.TextChoices):
    MONEY = "money", "Money"
    EXTERNAL_MESSAGE = "external_message", "Message to a third party"
    THIRD_PARTY_DATA = "third_party_data", "Third-party data"
    OWN_DATA = "own_data", "Customer's own data"
    REVERSIBLE = "reversible", "Reversible effect"


class GateMode(models.TextChoices):
    ALWAYS = "always", "Always ask"
    ABOVE_AMOUNT = "above_amount", "Ask above an amount"
    PREAUTHORISED_CAP = "preauthorised_cap", "Pre-authorised up to a daily cap"
    NONE = "none", "Never ask"


class ApprovalChannel(models.TextChoices):
    IN_CHAT_BUTTON = "in_chat_button", "Button in the chat"
    APP = "app", "Bank app / signed link"


class ToolFailure(models.TextChoices):
    HOLD_AND_REASK = "hold_and_reask", "Hold the request and re-ask the failed value"
    CLOSE_AND_RESTART = "close_and_restart", "Close the request as failed"


class SideRequest(models.TextChoices):
    SUSPEND = "suspend", "Park the open request and offer to resume it"
    SUPERSEDE = "supersede", "Close the open request as superseded"


# The guards the platform knows (the guards app registers one function under each name).
GUARD_NAMES: tuple[str, ...] = (
    "unsupported_amount",
    "stock_contradiction",
    "sold_out_offered",
    "warranty_without_data",
    "quote_without_required_info",
    "internal_vocabulary",
    "effect_claim_without_effect",
    "unusable_request",
)
