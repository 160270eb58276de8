"""An Ask's states, in a module of their own: the decision engine (`asks.decide`, which reads no model) compares
against them as the model does (`Ask.Status` is this enum)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class AskStatus(models.TextChoices):
    COLLECTING = "collecting", _("Collecting")
    AWAITING_CONFIRMATION = "awaiting_confirmation", _("Awaiting Confirmation")
    EXECUTING = "executing", _("Executing")
    COMPLETED = "completed", _("Completed")
    FAILED = "failed", _("Failed")
    ABANDONED = "abandoned", _("Abandoned")
    SUSPENDED = "suspended", _("Suspended")
