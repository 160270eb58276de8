"""A small driver for Ask scenarios: store a customer message, perceive it with the built-in perceiver, decide."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

from asks.buttons import confirm_payload
from asks.decide import decision_policy
from asks.kinds import kinds_for
from asks.models import Ask
from asks.perception.builtin import perceive
from asks.perception.contract import org_kind_of
from asks.selectors import ask_slots
from asks.services import (
    DecisionOutcome,
    ask_await_confirmation,
    ask_complete,
    ask_start_execution,
    message_attribute,
    message_decide,
)
from conversations.services import message_store_inbound, message_store_outbound
from language.locales import lang_of
from tenants.selectors import organisation_current, policy_current

_ids = itertools.count(1)


class Chat:
    def __init__(self, lang: str, customer: str = "5511999990001", start: datetime | None = None) -> None:
        self.org = organisation_current()
        self.lang = lang
        self.customer = customer
        self.now = start or datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
        self.policy = decision_policy(policy_current(organisation=self.org))

    def wait(self, **delta: float) -> None:
        self.now += timedelta(**delta)

    def say(self, text: str, *, reply_to: str = "", kind: str = "text", payload: str = "") -> DecisionOutcome:
        self.now += timedelta(seconds=20)
        stored = message_store_inbound(channel_user_id=self.customer, channel_message_id=f"wamid.{next(_ids)}",
                                       sent_at=self.now, text=text, kind=kind, payload=payload, reply_to=reply_to)
        self.last_message = stored.message
        perception = perceive(text, lang=lang_of(self.lang), org_kind=org_kind_of(self.org.kind), now=self.now, tz=self.org.time_zone,
                              currency=self.org.currency)
        return message_decide(message_id=stored.message.pk, perception=perception, policy=self.policy,
                              org_kinds=kinds_for(self.org.kind))

    def tap(self, payload: str, title: str = "") -> DecisionOutcome:
        return self.say(title, kind="button", payload=payload)

    def bot(self, text: str, ask: Ask | None, buttons=None):
        self.now += timedelta(seconds=1)
        reply = message_store_outbound(conversation=self.last_message.conversation, text=text, sent_at=self.now,
                                       buttons=buttons, channel="terminal")
        if ask is not None:
            message_attribute(message_id=reply.pk, ask_id=ask.pk)
        return reply

    def preview(self, ask: Ask) -> str:
        """Stand-in for the agent: show a preview with a confirm button; return the button payload."""
        approval_id = next(_ids)  # asks knows no approvals: any id stands for the request the preview shows
        ask_await_confirmation(ask_id=ask.pk, approval_id=approval_id)
        payload = confirm_payload(ask.pk, approval_id)
        self.bot("confirm?", ask, buttons=[{"id": payload, "title": "OK"}])
        return payload

    def execute_and_complete(self, ask: Ask) -> None:
        ask.refresh_from_db()
        if ask.status != Ask.Status.EXECUTING:
            ask_start_execution(ask_id=ask.pk, rule="no_approval_needed")
        ask_complete(ask_id=ask.pk, at=self.now)


def slots(ask: Ask) -> dict:
    return ask_slots(ask)
