"""Reads of the inbox: is a chat with people, the queue, and who may act on it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlencode

from babel.dates import format_datetime
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Case, Count, Exists, F, IntegerField, OuterRef, Q, QuerySet, Subquery, Value, When
from django.db.models.functions import Coalesce
from django.utils import timezone

from asks.models import Ask
from asks.selectors import ask_slots
from bank.selectors import holder_overview
from conversations.models import Message
from conversations.rendering import payload_for_staff
from inbox.canned import canned_render
from inbox.models import (
    NOTICE_REASONS,
    WEEKDAYS,
    AgentAvailability,
    CannedReply,
    ConversationRead,
    Escalation,
    InboxSettings,
)
from language.locales import babel_locale, lang_of
from language.pix_keys import mask_pix_key
from magie.choices import OrganisationKind
from magie.tenancy import tenancy_current
from staff.columns import money_text
from staff.selectors import active_lang

ACTING_ROLES = ("admin", "agent")  # the names of tenants.roles.Role's groups whose members work the queue
OVERSEEING_ROLES = ("admin", "auditor")  # those who see every chat's customer data, not only the chats they hold
RECENT_PIX = 5


def conversation_is_escalated(*, conversation_id: int) -> bool:
    """True while the conversation has an unresolved escalation that silences the bot (a notice does not)."""
    return (Escalation.objects.filter(conversation_id=conversation_id).exclude(guard__in=NOTICE_REASONS)
            .exclude(status=Escalation.Status.RESOLVED).exists())


def conversation_unresolved_escalation(*, conversation_id: int) -> Escalation | None:
    """The conversation's unresolved escalation (at most one: a partial unique index), if any."""
    return (Escalation.objects.filter(conversation_id=conversation_id)
            .exclude(status=Escalation.Status.RESOLVED).only("pk", "status", "created_at").first())


def conversation_escalated(conversation_id: Any) -> Exists:
    """`conversation_is_escalated` as an expression, to annotate a query with (an `OuterRef` as the id)."""
    return Exists(Escalation.objects.filter(conversation_id=conversation_id).exclude(guard__in=NOTICE_REASONS)
                  .exclude(status=Escalation.Status.RESOLVED))


def escalation_queue() -> QuerySet[Escalation]:
    """Unresolved escalations: open ones first, then claimed ones; oldest first within each."""
    return (Escalation.objects.exclude(status=Escalation.Status.RESOLVED)
            .select_related("conversation__customer", "claimed_by")
            .annotate(open_first=Case(When(status=Escalation.Status.OPEN, then=Value(0)), default=Value(1),
                                      output_field=IntegerField()))
            .order_by("open_first", "created_at", "pk"))


def user_may_view_queue(user: User | AnonymousUser) -> bool:
    return bool(user.is_active and user.is_staff and user.has_perm("inbox.view_escalation"))


def user_may_act(user: User | AnonymousUser) -> bool:
    """Claim, reply and resolve: staff of this organisation in the `agent` or `admin` role (auditors only read)."""
    if not (user.is_active and user.is_staff):
        return False
    return bool(user.is_superuser or user.groups.filter(name__in=ACTING_ROLES).exists())


TABS = ("mine", "unassigned", "all")
AGES = {"1h": (None, timedelta(hours=1)), "1d": (timedelta(hours=1), timedelta(days=1)), "old": (timedelta(days=1), None)}
PAGE_SIZE = 25


@dataclass(frozen=True)
class InboxFilters:
    """What the agent chose on the inbox page; also the query string the list pane polls with."""

    tab: str = "all"
    guard: str = ""
    language: str = ""
    age: str = ""
    q: str = ""
    page: int = 1

    @classmethod
    def from_query(cls, query) -> InboxFilters:
        tab = query.get("tab", "all")
        age = query.get("age", "")
        try:
            page = max(1, int(query.get("page", "1")))
        except ValueError:
            page = 1
        return cls(tab=tab if tab in TABS else "all", guard=query.get("guard", "")[:64],
                   language=query.get("language", "")[:8], age=age if age in AGES else "",
                   q=query.get("q", "").strip()[:120], page=page)

    def query(self, **changes: object) -> str:
        values = {"tab": self.tab, "guard": self.guard, "language": self.language, "age": self.age, "q": self.q,
                  "page": self.page} | changes
        return urlencode({key: value for key, value in values.items() if value not in ("", None, 1, "all")})


def escalation_inbox(*, user: User, filters: InboxFilters) -> QuerySet[Escalation]:
    """Unresolved escalations in the tab (mine: held by `user`; unassigned: open), filtered and searched (customer
    name or number), the chat whose customer wrote last first, each with `unread`: the customer's messages `user`
    has not seen yet. Two indexed joins and a counted subquery; the caller pages it."""
    queryset = escalation_queue()
    if filters.tab == "mine":
        queryset = queryset.filter(status=Escalation.Status.CLAIMED, claimed_by=user)
    elif filters.tab == "unassigned":
        queryset = queryset.filter(status=Escalation.Status.OPEN)
    if filters.guard:
        queryset = queryset.filter(guard=filters.guard)
    if filters.language:
        queryset = queryset.filter(language=filters.language)
    if filters.age:
        newer, older = AGES[filters.age]
        now = timezone.now()
        if newer is not None:
            queryset = queryset.filter(created_at__lte=now - newer)
        if older is not None:
            queryset = queryset.filter(created_at__gt=now - older)
    if filters.q:
        digits = "".join(ch for ch in filters.q if ch.isdigit())
        match = Q(conversation__customer__name__icontains=filters.q)
        if len(digits) >= 3:
            match |= Q(conversation__customer__channel_user_id__contains=digits)
        queryset = queryset.filter(match)
    return queryset.annotate(unread=_unread_for(user)).order_by(
        F("conversation__last_inbound_at").desc(nulls_last=True), "-pk")


def _unread_for(user: User) -> Coalesce:
    """How many of the customer's messages in the escalation's chat `user` has not seen (after their read mark)."""
    read_up_to = Coalesce(Subquery(ConversationRead.objects.filter(
        user_id=user.pk, conversation_id=OuterRef(OuterRef("conversation_id"))).values("last_message_id")[:1]),
        Value(0))
    unseen = (Message.objects.filter(conversation_id=OuterRef("conversation_id"), direction=Message.Direction.INBOUND)
              .filter(pk__gt=read_up_to).order_by().values("conversation_id").annotate(n=Count("pk")).values("n"))
    return Coalesce(Subquery(unseen, output_field=IntegerField()), Value(0))


def conversation_messages_after(*, escalation: Escalation, after_id: int, limit: int = 50) -> list[dict]:
    """The chat's messages with an id above `after_id` (what arrived since the page last looked), oldest first, in
    the shape of `escalation_conversation`. One query on the conversation's index: what the open chat polls."""
    fresh = (Message.objects.filter(conversation_id=escalation.conversation_id, pk__gt=after_id)
             .select_related("escalation_reply__author", "delivery").order_by("pk")[:limit])
    return [_chat_item(message) for message in fresh]


def escalation_tab_counts(*, user: User) -> dict[str, int]:
    """How many unresolved escalations each tab holds (one query)."""
    return Escalation.objects.exclude(status=Escalation.Status.RESOLVED).aggregate(
        all=Count("pk"), unassigned=Count("pk", filter=Q(status=Escalation.Status.OPEN)),
        mine=Count("pk", filter=Q(status=Escalation.Status.CLAIMED, claimed_by=user)))


def escalation_guards() -> list[str]:
    """The guards of unresolved escalations, for the filter."""
    return list(Escalation.objects.exclude(status=Escalation.Status.RESOLVED).order_by("guard")
                .values_list("guard", flat=True).distinct())


def escalation_get(*, escalation_id: int) -> Escalation | None:
    return (Escalation.objects.select_related("conversation__customer", "claimed_by", "resolved_by", "ask")
            .filter(pk=escalation_id).first())


def _delivery(message: Message) -> str:
    try:
        return message.delivery.status
    except ObjectDoesNotExist:
        return ""


def escalation_conversation(*, escalation: Escalation, limit: int = 50) -> list[dict]:
    """The chat's last `limit` messages, oldest first, each with who wrote a human reply and its delivery status."""
    recent = (Message.objects.filter(conversation_id=escalation.conversation_id)
              .select_related("escalation_reply__author", "delivery").order_by("-sent_at", "-pk")[:limit])
    return [_chat_item(message) for message in reversed(list(recent))]


def _chat_item(message: Message) -> dict:
    reply = getattr(message, "escalation_reply", None) if message.direction == Message.Direction.OUTBOUND else None
    return {"message": message, "author": reply.author if reply else None,
            "payload": payload_for_staff(message.payload),  # a signed tap's signature redacted
            "delivery": _delivery(message) if message.direction == Message.Direction.OUTBOUND else ""}


def escalation_customer_context(*, escalation: Escalation) -> dict:
    """The sidebar: the customer, the open Ask with its slots, the recent Asks and how they ended."""
    customer = escalation.conversation.customer
    asks = list(Ask.objects.filter(conversation_id=escalation.conversation_id).order_by("-created_at", "-pk")[:6])
    open_ask = next((ask for ask in asks if ask.is_open or ask.status == Ask.Status.SUSPENDED), None)
    return {"customer": customer, "open_ask": open_ask, "slots": ask_slots(open_ask) if open_ask else {},
            "recent_asks": asks}


def acting_staff() -> list:
    """Who a chat may be given to: active staff in the agent or admin role."""
    return list(get_user_model().objects.filter(is_active=True, is_staff=True)
                .filter(Q(groups__name__in=ACTING_ROLES) | Q(is_superuser=True)).distinct().order_by("username"))


def canned_replies(*, language: str = "") -> list[CannedReply]:
    """The organisation's canned replies for a customer writing in `language` (those of any language too)."""
    queryset = CannedReply.objects.all()
    if language:
        queryset = queryset.filter(Q(language="") | Q(language=language))
    return list(queryset)


def canned_replies_filled(*, escalation: Escalation, agent: User) -> list[dict[str, str]]:
    """The canned replies offered in this chat, each with its variables filled for this customer, organisation
    and agent (`text`: what the agent previews in the reply box before sending)."""
    customer = escalation.conversation.customer
    values = {"customer_name": customer.name or "", "organisation": tenancy_current().name,
              "agent": agent.get_full_name() or agent.get_username()}
    language = escalation.language or tenancy_current().language
    return [{"pk": str(reply.pk), "title": reply.title, "text": canned_render(reply.text, **values),
             "language": reply.language} for reply in canned_replies(language=language)]


def user_may_see_customer_bank(user: User | AnonymousUser, escalation: Escalation) -> bool:
    """A customer's balance and Pix are shown to admins and auditors for any escalation, and to an agent only for
    one they can work: unresolved and either open or held by them (not a chat another agent holds)."""
    if not user_may_view_queue(user):
        return False
    if user.is_superuser or user.groups.filter(name__in=OVERSEEING_ROLES).exists():
        return True
    return escalation.status == Escalation.Status.OPEN or (
        escalation.status == Escalation.Status.CLAIMED and escalation.claimed_by_id == user.pk)


def escalation_customer_bank(*, escalation: Escalation) -> dict | None:
    """For a bank organisation, the chat's customer as the bank knows them, ready for the sidebar: name, masked
    document, balance and the last Pix sent (date in the organisation's time zone, amount in the staff member's
    language, recipient with the key masked, status). None for a school or a store, or a customer without an
    account. Read through `bank.selectors` only; showing it is recorded by `inbox.services`."""
    tenancy = tenancy_current()
    if tenancy.kind != OrganisationKind.BANK:
        return None
    overview = holder_overview(customer_ref=escalation.conversation.customer.channel_user_id, limit=RECENT_PIX)
    if overview is None:
        return None
    locale = babel_locale(lang_of(active_lang()))
    pix = [{"pk": line.transfer.pk, "at": line.at,
            "when": format_datetime(line.at, "short", tzinfo=tenancy.zone, locale=locale),
            "amount": money_text(line.transfer.amount_cents, line.transfer.currency),
            "recipient": line.transfer.recipient_name,
            "key": mask_pix_key(line.transfer.recipient_key_type, line.transfer.recipient_key_value),
            "status": line.transfer.status, "status_label": line.transfer.get_status_display()}
           for line in overview.recent_pix]
    return {"name": overview.name, "document": overview.masked_document,
            "balance": money_text(overview.balance_cents, overview.currency), "pix": pix,
            "time_zone": tenancy.time_zone}


@dataclass(frozen=True)
class HandoffOutlook:
    """What a customer handed to people can honestly be told: whether someone is there now, else when they will be
    (`opens_at`, aware, in the organisation's zone), and the wait to expect once they are (`expected_wait`)."""

    staffed_now: bool
    opens_at: datetime | None
    expected_wait: timedelta


WAIT_SAMPLE_DAYS = 7
WAIT_SAMPLE_MIN = 5  # fewer claims than this in the window: the promised target is the better estimate


def inbox_settings() -> InboxSettings:
    """The organisation's saved inbox settings, or the defaults (unsaved) when none were saved."""
    return InboxSettings.objects.first() or InboxSettings()


def handoff_outlook(*, at: datetime) -> HandoffOutlook:
    """Staffed or not at `at` by the organisation's hours, the next opening when not (None when no hours are set),
    and the expected wait: the median time to a first claim over the last week's escalations, or the promised first
    response target while there are too few of them."""
    settings_row = inbox_settings()
    zone = tenancy_current().zone
    local = at.astimezone(zone)
    staffed_now = _staffed_at(settings_row.staffed_hours, local)
    opens_at = None if staffed_now else _next_opening(settings_row.staffed_hours, local)
    return HandoffOutlook(staffed_now=staffed_now, opens_at=opens_at,
                          expected_wait=_median_first_claim(at) or settings_row.first_response_target)


def _intervals(staffed_hours: dict[str, list[list[str]]], day: datetime) -> list[tuple[int, int]]:
    spans = staffed_hours.get(WEEKDAYS[day.weekday()], [])
    return sorted((int(start[:2]) * 60 + int(start[3:]), int(end[:2]) * 60 + int(end[3:])) for start, end in spans)


def _staffed_at(staffed_hours: dict[str, list[list[str]]], local: datetime) -> bool:
    minute = local.hour * 60 + local.minute
    return any(start <= minute < end for start, end in _intervals(staffed_hours, local))


def _next_opening(staffed_hours: dict[str, list[list[str]]], local: datetime) -> datetime | None:
    midnight = local.replace(hour=0, minute=0, second=0, microsecond=0)
    minute = local.hour * 60 + local.minute
    for days_ahead in range(8):
        day = (midnight + timedelta(days=days_ahead)).replace(tzinfo=None)
        for start, _end in _intervals(staffed_hours, day):
            if days_ahead or start > minute:
                # wall-clock time of that day in the zone (DST-safe: built from the date, not by adding hours)
                return (day + timedelta(minutes=start)).replace(tzinfo=local.tzinfo)
    return None


def _median_first_claim(at: datetime) -> timedelta | None:
    waits = sorted(
        claimed - created for created, claimed in Escalation.objects.filter(
            created_at__gte=at - timedelta(days=WAIT_SAMPLE_DAYS), created_at__lte=at, claimed_at__isnull=False,
        ).values_list("created_at", "claimed_at")[:1000]
    )
    if len(waits) < WAIT_SAMPLE_MIN:
        return None
    return waits[len(waits) // 2]


def agent_availability(*, user: User) -> AgentAvailability | None:
    """The staff member's availability row (team, capacity, whether they take new chats), if they have one."""
    return AgentAvailability.objects.filter(user_id=user.pk).select_related("team").first()


@dataclass(frozen=True)
class SlaClock:
    """One promise of the service level for one chat: due at `due`; `done` when it was kept or broken (the first
    human message, the resolution), None while it runs; `breached` when it was (or is now) late."""

    name: str  # "first_response" | "resolution"
    due: datetime
    done: datetime | None
    breached: bool


def escalation_sla(escalation: Escalation, targets: InboxSettings, now: datetime) -> dict[str, Any]:
    """The chat's two clocks (first response, resolution) from the targets it was handed over with (`targets`, the
    organisation's current ones, only for a chat older than that record), the one still running that the list
    shows (`running`: the first response's until it came, then the resolution's; None once resolved) and whether
    any is breached."""
    first_due = escalation.created_at + (escalation.first_response_target or targets.first_response_target)
    first = SlaClock("first_response", first_due, escalation.first_response_at,
                     (escalation.first_response_at or now) > first_due)
    resolution_done = escalation.resolved_at if escalation.status == Escalation.Status.RESOLVED else None
    resolution_due = escalation.created_at + (escalation.resolution_target or targets.resolution_target)
    resolution = SlaClock("resolution", resolution_due, resolution_done, (resolution_done or now) > resolution_due)
    running = first if first.done is None and resolution.done is None else (
        resolution if resolution.done is None else None)
    return {"first_response": first, "resolution": resolution, "running": running,
            "breached": first.breached or resolution.breached}


def escalations_with_sla(escalations, now: datetime | None = None) -> list[Escalation]:
    """`escalations` with `.sla` (see `escalation_sla`) set on each, from one read of the targets."""
    targets, now = inbox_settings(), now or timezone.now()
    rows = list(escalations)
    for escalation in rows:
        escalation.sla = escalation_sla(escalation, targets, now)
    return rows
