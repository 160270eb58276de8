"""Escalations: chats the bot handed to people after its draft failed the guards twice (organisation schema)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_fsm import FSMField, FSMModelMixin, transition

from inbox.canned import canned_variables_check
from magie.choices import Language
from magie.db.fsm import ConcurrentTransitionMixin
from magie.models import AppendOnly

# Reasons that tell people without handing them the chat: the bot goes on answering (a reply Meta would not take
# is not the customer's conversation failing). Anything else silences the bot until resolved.
NOTICE_REASONS = ("delivery_failed", "delivery_possibly_duplicated")


def _moment(at: datetime | None) -> str:
    """When a record was made, in the reader's time zone and date format (a record names itself by it)."""
    if at is None:
        # Translators: in place of a record's date and time before it is saved ("Private note on …, no date yet").
        return gettext("no date yet")
    return date_format(timezone.localtime(at), "SHORT_DATETIME_FORMAT")


class Escalation(ConcurrentTransitionMixin, FSMModelMixin, models.Model):
    """One chat waiting for (or held by) a human agent, with the note the turn left: the failing guard (or the
    reason's code), its parameters (`evidence`) and both discarded drafts. The explanation staff read is worded from
    those at display, in the reader's language (`staff.trace_words.guard_explanation`); no sentence is stored.

    `open` → `claimed` → `resolved` (an open one may be resolved directly). At most one unresolved escalation per
    conversation — a partial unique index holds that; while it exists the bot stays silent in the chat, unless its
    reason is a notice (`NOTICE_REASONS`: staff are told, the bot goes on; a later silencing reason takes it over). Later
    escalations of the same chat, while this one is unresolved, are appended to `notes`. Transitions touch only this
    row; `inbox.services` locks and saves.
    """

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        CLAIMED = "claimed", _("Claimed")
        RESOLVED = "resolved", _("Resolved")

    conversation = models.ForeignKey("conversations.Conversation", on_delete=models.PROTECT,
                                     related_name="escalations", verbose_name=_("conversation"))
    ask = models.ForeignKey("asks.Ask", null=True, blank=True, on_delete=models.PROTECT, related_name="escalations",
                            verbose_name=_("request"))
    guard = models.CharField(max_length=64,
                             verbose_name=_("check"))  # the failing guard's code, or the reason's ("payment_dispute")
    # Escalations opened before the note was kept as codes: the explanation as text, in the language of its turn.
    # New ones leave it empty; nothing displays it (staff read `guard` and `evidence` worded in their language).
    reason = models.TextField(blank=True, verbose_name=_("reason"))
    # The explanation's parameters: {"evidence": [...], "problem": ...} for a guard, the error of a delivery, ...
    evidence = models.JSONField(default=dict, blank=True, verbose_name=_("evidence"))
    first_draft = models.TextField(blank=True,
                                   verbose_name=_("first draft"))  # the discarded drafts, as the model wrote them
    second_draft = models.TextField(blank=True, verbose_name=_("second draft"))
    # Escalations of the same chat that arrived while this one was unresolved: [{"at", "guard", "evidence",
    # "drafts", "ask_id"}] (older ones have a "reason" text too), oldest first.
    notes = models.JSONField(default=list, blank=True, verbose_name=_("notes"))
    status = FSMField(choices=Status.choices, default=Status.OPEN, protected=True, verbose_name=_("status"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))
    claimed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+", verbose_name=_("claimed by"))
    claimed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("claimed"))
    resolved_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="+", verbose_name=_("resolved by"))
    resolved_at = models.DateTimeField(null=True, blank=True, verbose_name=_("resolved"))
    resolution_note = models.TextField(blank=True, verbose_name=_("resolution note"))
    # The customer's language when the chat was handed over (the last perception's), for the inbox's filter and the
    # closing message; empty → the organisation's.
    language = models.CharField(max_length=8, blank=True, verbose_name=_("language"))
    # The team whose agents take it (`inbox.assignment`: the team naming its reason, else the catch-all one); null:
    # the organisation has no teams, its agents without a team take it.
    team = models.ForeignKey("inbox.Team", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                             verbose_name=_("team"))
    auto_assigned = models.BooleanField(default=False, verbose_name=_("given automatically"))  # given to `claimed_by` by the automatic assignment
    # The first human message the customer received in it (a reply, or the closing message): the SLA's first response.
    first_response_at = models.DateTimeField(null=True, blank=True, verbose_name=_("first human reply at"))
    # When the satisfaction question went to the customer (on resolution): the denominator of the response rate.
    csat_asked_at = models.DateTimeField(null=True, blank=True, verbose_name=_("satisfaction question sent at"))
    # The organisation's service-level targets when the chat was handed over: its clocks keep them, so a later change
    # of the policy never rewrites its past breaches. Null (rows older than these fields): the current targets.
    first_response_target = models.DurationField(null=True, blank=True, verbose_name=_("first response target"))
    resolution_target = models.DurationField(null=True, blank=True, verbose_name=_("resolution target"))

    class Meta:
        verbose_name = _("escalated chat")
        verbose_name_plural = _("escalated chats")
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["conversation"], condition=~Q(status="resolved"),
                                    name="one_unresolved_escalation_per_conversation"),
            models.CheckConstraint(
                condition=~Q(status="claimed") | Q(claimed_by__isnull=False, claimed_at__isnull=False),
                name="claimed_escalations_name_who",
            ),
            models.CheckConstraint(
                condition=~Q(status="resolved") | Q(resolved_by__isnull=False, resolved_at__isnull=False),
                name="resolved_escalations_name_who",
            ),
        ]
        indexes = [models.Index(fields=["status", "created_at"]), models.Index(fields=["claimed_by", "status"])]

    def __str__(self) -> str:
        # Translators: an escalated chat's name in the back office; %(when)s is the date and time it was handed over.
        return gettext("Escalated chat %(number)s, %(when)s") % {"number": self.pk, "when": _moment(self.created_at)}

    @property
    def drafts(self) -> list[str]:
        return [draft for draft in (self.first_draft, self.second_draft) if draft]

    @transition(field=status, source=Status.OPEN, target=Status.CLAIMED)
    def claim(self, user, at) -> None:
        self.claimed_by = user
        self.claimed_at = at

    @transition(field=status, source=[Status.OPEN, Status.CLAIMED], target=Status.CLAIMED)
    def reassign(self, user, at) -> None:
        """Hand the chat to `user` (another agent, or from the queue straight to someone)."""
        self.claimed_by = user
        self.claimed_at = at

    @transition(field=status, source=[Status.OPEN, Status.CLAIMED], target=Status.RESOLVED)
    def resolve(self, user, at, note: str) -> None:
        self.resolved_by = user
        self.resolved_at = at
        self.resolution_note = note


class EscalationEntry(AppendOnly):
    """Abstract: what one human agent added to an escalated chat, and when."""

    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                               verbose_name=_("author"))

    class Meta(AppendOnly.Meta):
        abstract = True


class EscalationReply(EscalationEntry):
    """Who wrote which outbound message of an escalated chat (the message itself lives in the outbox)."""

    escalation = models.ForeignKey(Escalation, on_delete=models.PROTECT, related_name="replies",
                                   verbose_name=_("escalated chat"))
    message = models.OneToOneField("conversations.Message", on_delete=models.PROTECT, related_name="escalation_reply",
                                   verbose_name=_("message"))

    class Meta(EscalationEntry.Meta):
        verbose_name = _("reply by a person")
        verbose_name_plural = _("replies by people")

    def __str__(self) -> str:
        return gettext("Reply by a person in escalated chat %(number)s, %(when)s") % {
            "number": self.escalation_id, "when": _moment(self.created_at)}


class EscalationNote(EscalationEntry):
    """A private note on an escalated chat: seen by the organisation's staff, never sent to the customer."""

    escalation = models.ForeignKey(Escalation, on_delete=models.PROTECT, related_name="private_notes",
                                   verbose_name=_("escalated chat"))
    text = models.TextField(verbose_name=_("text"))

    class Meta(EscalationEntry.Meta):
        verbose_name = _("private note on an escalated chat")
        verbose_name_plural = _("private notes on escalated chats")

    def __str__(self) -> str:
        return gettext("Private note on escalated chat %(number)s, %(when)s") % {
            "number": self.escalation_id, "when": _moment(self.created_at)}


class CannedReply(models.Model):
    """A reply the organisation's agents pick instead of typing (admins edit them in the back office)."""

    title = models.CharField(max_length=80, verbose_name=_("title"))
    # The variables' names are listed beside this by the admin form, as code (`inbox.canned.VARIABLES`).
    text = models.TextField(max_length=4096, verbose_name=_("text"),
                            help_text=_("It may hold variables, filled when an agent picks it:"))
    # One of the organisation's languages (the admin form offers only those), blank for any customer.
    language = models.CharField(max_length=8, blank=True, choices=Language.choices, verbose_name=_("language"),
                                help_text=_("The customers it is offered to; blank for any customer."))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    class Meta:
        verbose_name = _("canned reply")
        verbose_name_plural = _("canned replies")
        ordering = ["title", "pk"]

    def __str__(self) -> str:
        return self.title

    def clean(self) -> None:
        canned_variables_check(self.text)


class CustomerDataView(models.Model):
    """One showing of bank data to a staff member: in the inbox's sidebar (a customer's balance and recent Pix, in
    an escalation), or on any other staff page that reads it — the bank's back-office lists and records, approvals,
    turns and Asks in the admin, traces and their exports, a customer's data export (`inbox.audit`). Who, when,
    which page, which customer when the page names one, and what was shown. Written by `inbox.services`, never
    changed; auditors read it in the back office."""

    class Shown(models.TextChoices):
        BANK = "balance_and_pix", _("Balance and recent Pix")
        ADMIN_LIST = "admin_list", _("A list of bank records")
        ADMIN_RECORD = "admin_record", _("A bank record")
        TRACE = "trace", _("A trace")
        EXPORT = "export", _("An export")

    viewer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                               verbose_name=_("shown to"))
    customer = models.ForeignKey("conversations.Customer", on_delete=models.PROTECT, related_name="+", null=True,
                                 blank=True, verbose_name=_("customer"))
    escalation = models.ForeignKey(Escalation, on_delete=models.PROTECT, related_name="customer_data_views",
                                   null=True, blank=True, verbose_name=_("escalated chat"))
    shown = models.CharField(max_length=32, choices=Shown.choices, default=Shown.BANK, verbose_name=_("what was shown"))
    page = models.CharField(max_length=300, blank=True, verbose_name=_("staff page"))  # its path (and query)
    pix_count = models.PositiveSmallIntegerField(default=0,
                                                 verbose_name=_("Pix listed"))  # how many Pix the page listed
    viewed_at = models.DateTimeField(auto_now_add=True, verbose_name=_("shown at"))

    class Meta:
        verbose_name = _("bank data shown to staff")
        verbose_name_plural = _("bank data shown to staff")
        ordering = ["-viewed_at", "-pk"]
        indexes = [models.Index(fields=["customer", "viewed_at"]), models.Index(fields=["viewer", "viewed_at"])]

    def __str__(self) -> str:
        return gettext("%(shown)s, shown to %(viewer)s, %(when)s") % {
            "shown": self.get_shown_display(), "viewer": self.viewer, "when": _moment(self.viewed_at)}


def default_staffed_hours() -> dict[str, list[list[str]]]:
    """Monday to Friday, 09:00–18:00 in the organisation's time zone."""
    return {day: [["09:00", "18:00"]] for day in ("mon", "tue", "wed", "thu", "fri")}


class InboxSettings(models.Model):
    """How the organisation's people answer chats handed to them: when someone is there (`staffed_hours`, in the
    organisation's time zone: {"mon": [["09:00", "18:00"]], …}, days without an entry are closed) and how fast they
    promise a first answer. One row per organisation (`inbox.selectors.inbox_settings` reads it, or the defaults
    when none was saved). The customer is told what follows a hand-off from it (`handoff_outlook`)."""

    staffed_hours = models.JSONField(default=default_staffed_hours, verbose_name=_("staffed hours"))
    first_response_target = models.DurationField(default=timedelta(minutes=15),
                                                 verbose_name=_("first response target"))
    # The service level: a chat not resolved this long after it was handed over is a breach (the first response
    # target is the other half of it).
    resolution_target = models.DurationField(default=timedelta(hours=4), verbose_name=_("resolution target"))
    csat_enabled = models.BooleanField(default=True, verbose_name=_("ask customers to rate resolved chats"))
    singleton = models.BooleanField(default=True, unique=True, editable=False)

    class Meta:
        verbose_name = _("inbox settings")
        verbose_name_plural = _("inbox settings")
        constraints = [models.CheckConstraint(condition=Q(singleton=True), name="one_inbox_settings_row")]

    def __str__(self) -> str:
        return str(self._meta.verbose_name)

    def clean(self) -> None:
        staffed_hours_validate(self.staffed_hours)


WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


def staffed_hours_validate(value: object) -> None:
    """Refuse anything but {weekday: [["HH:MM", "HH:MM"], …]} with each interval starting before it ends."""
    if not isinstance(value, dict) or set(value) - set(WEEKDAYS):
        raise ValidationError({"staffed_hours": _("Use the days mon, tue, wed, thu, fri, sat and sun.")})
    for intervals in value.values():
        if not isinstance(intervals, list):
            raise ValidationError({"staffed_hours": _("Each day holds a list of [start, end] times.")})
        for interval in intervals:
            times = [_minutes(moment) for moment in interval] if isinstance(interval, list) else []
            if len(times) != 2 or None in times or times[0] >= times[1]:  # type: ignore[operator]
                raise ValidationError({"staffed_hours": _("Each interval is [\"HH:MM\", \"HH:MM\"], start before end.")})


def _minutes(moment: object) -> int | None:
    """Minutes after midnight of "HH:MM" (24:00 allowed as the end of a day), else None."""
    if not isinstance(moment, str) or len(moment) != 5 or moment[2] != ":" or not (moment[:2] + moment[3:]).isdigit():
        return None
    hours, minutes = int(moment[:2]), int(moment[3:])
    if minutes > 59 or hours > 24 or (hours == 24 and minutes):
        return None
    return hours * 60 + minutes


class ConversationRead(models.Model):
    """How far one staff member has read a chat in the inbox: the highest message id shown to them there. The
    customer's messages after it are their unread ones (badges on the list); another agent's reading changes
    nothing of theirs. Written by `inbox.services.conversation_read_mark` (never moves back), read by
    `inbox.selectors.escalation_inbox`."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    conversation = models.ForeignKey("conversations.Conversation", on_delete=models.CASCADE, related_name="+",
                                     verbose_name=_("conversation"))
    last_message_id = models.PositiveBigIntegerField(default=0)
    read_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("chat read mark")
        verbose_name_plural = _("chat read marks")
        constraints = [models.UniqueConstraint(fields=["user", "conversation"], name="one_read_mark_per_user_and_chat")]

    def __str__(self) -> str:
        return f"Read mark of user {self.user_id} in conversation {self.conversation_id}: {self.last_message_id}"


class Team(models.Model):
    """A queue of the organisation's agents. A new escalation goes to the team whose `reasons` name its reason
    (a guard's or a hand-over's code), else to the team with no reasons (the catch-all); its available agents take
    it automatically (`inbox.assignment`)."""

    name = models.CharField(max_length=80, unique=True, verbose_name=_("name"))
    reasons = models.JSONField(default=list, blank=True, verbose_name=_("reasons it takes"),
                               help_text=_("Reason codes (for example payment_dispute), one a line; none: every "
                                           "reason no other team takes."))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if not isinstance(self.reasons, list) or not all(isinstance(code, str) and code for code in self.reasons):
            raise ValidationError({"reasons": _("A list of reason codes.")})


class AgentAvailability(models.Model):
    """Whether a staff member takes new chats now (`available`, switched by themselves in the inbox), how many
    they hold at most (`capacity`, set by an admin) and in which team. The automatic assignment locks these rows
    (one team's, in id order) so two hand-overs at once cannot both count the same free place."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="inbox_availability",
                                verbose_name=_("staff member"))
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="agents",
                             verbose_name=_("team"))
    available = models.BooleanField(default=False, verbose_name=_("available for new chats"))
    capacity = models.PositiveSmallIntegerField(default=5, verbose_name=_("capacity"),
                                                help_text=_("The most chats held at once that the automatic "
                                                            "assignment fills."))
    last_assigned_at = models.DateTimeField(null=True, blank=True, editable=False,
                                            verbose_name=_("latest automatic assignment"))  # the round-robin's turn

    class Meta:
        verbose_name = _("agent availability")
        verbose_name_plural = _("agent availability")
        constraints = [models.CheckConstraint(condition=Q(capacity__gte=1) & Q(capacity__lte=100),
                                              name="agent_capacity_between_1_and_100")]

    def __str__(self) -> str:
        return str(self.user)


class SatisfactionRating(models.Model):
    """The customer's answer (1–5) to the satisfaction question sent when a person resolved their chat: the tap
    on one of its signed options, bound to that escalation's conversation, recorded once (`inbox.services.
    csat_record`). `agent` is who resolved the chat, for the dashboard's figures per agent."""

    escalation = models.OneToOneField(Escalation, on_delete=models.PROTECT, related_name="rating",
                                      verbose_name=_("escalation"))
    score = models.PositiveSmallIntegerField(verbose_name=_("score"))
    message = models.OneToOneField("conversations.Message", on_delete=models.PROTECT, related_name="+",
                                   verbose_name=_("tap"))
    agent = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="+", verbose_name=_("agent"))
    rated_at = models.DateTimeField(auto_now_add=True, verbose_name=_("rated at"))

    class Meta:
        ordering = ["-rated_at", "-pk"]
        verbose_name = _("satisfaction rating")
        verbose_name_plural = _("satisfaction ratings")
        constraints = [models.CheckConstraint(condition=Q(score__gte=1) & Q(score__lte=5),
                                              name="satisfaction_score_1_to_5")]
        indexes = [models.Index(fields=["rated_at"])]

    def __str__(self) -> str:
        return gettext("Rating %(score)s of 5 for escalated chat %(number)s") % {"score": self.score,
                                                                                 "number": self.escalation_id}
