"""A customer's data rights on real turns: export → erase → export shows only what the law keeps; retention empties
what is past the organisation's windows; the raw webhook bodies that name the customer go with the erasure."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from agent.models import Turn
from agent.tests.helpers import Conversation, by_day
from approvals.models import ApprovalRequest
from bank.models import Contact, Holder, HolderToken, PixTransfer
from conversations.models import Customer, Message
from inbox.models import Escalation, EscalationNote
from privacy.models import DataRequest, RetentionSettings
from privacy.rules import RULES, Erase
from privacy.services import PSEUDONYM, customer_erase, customer_export, retention_apply
from whatsapp.inbound.models import InboundBody

CARLA = "5511999990001"


def strings(value: Any) -> list[str]:
    """Every string inside a JSON value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


def a_pix_and_more() -> Customer:
    """Carla asks her balance, sends a Pix she approves, declines a second one, and a note is written about her."""
    # the wall clock: R$ 200 is within the night limit, and a conversation moved to the morning (`by_day`) taps an
    # approval the wall clock has not yet reached ("essa confirmação não pode mais ser usada" at night)
    chat = Conversation(CARLA)
    chat.say("qual meu saldo?")
    preview = chat.say("manda 200 pro Pedro")
    chat.tap(preview, 0)  # approve
    second = chat.say("manda 35 pra Ana")
    chat.tap(second, 1)  # decline
    chat.say("obrigado, é só")
    customer = Customer.objects.get(channel_user_id=CARLA)
    escalation = Escalation.objects.create(conversation=customer.conversation, guard="amounts",
                                           reason="Carla disse que o Pedro é primo dela")
    from django.contrib.auth.models import User

    EscalationNote.objects.create(escalation=escalation, author=User.objects.get(username="agent"),
                                  text="Carla liga sempre às sextas")
    HolderToken.objects.create(holder=Holder.objects.get(customer_ref=CARLA))
    return customer


def personal_strings(export: dict) -> set[str]:
    """What the first export says that identifies Carla or repeats her words (long enough to mean something)."""
    found = {CARLA, "Carla Souza", "+5511999990001", "qual meu saldo?", "manda 200 pro Pedro", "manda 35 pra Ana",
             "Carla disse que o Pedro é primo dela", "Carla liga sempre às sextas", "obrigado, é só"}
    messages = export["records"]["conversations.Message"]
    found |= {message["text"] for message in messages if len(message["text"]) > 12}
    return found


def test_export_erase_export_leaves_only_what_the_law_keeps(demobank):
    customer = a_pix_and_more()
    before = customer_export(customer=customer, requested_by="admin@demobank")
    assert {"conversations.Message", "asks.SlotEvent", "agent.Turn", "approvals.ApprovalRequest", "bank.PixTransfer",
            "bank.Contact", "inbox.EscalationNote", "bank.HolderToken"} <= set(before["records"])
    personal = personal_strings(before)
    assert all(any(text in found for found in strings(before["records"])) for text in personal)
    transfer = PixTransfer.objects.get(holder__customer_ref=CARLA, status="settled")
    executed = ApprovalRequest.objects.get(conversation=customer.conversation, status="executed")
    assert before["kept_by_law"]["bank.PixTransfer"] == [transfer.pk]
    assert before["kept_by_law"]["approvals.ApprovalRequest"] == [executed.pk]

    erasure = customer_erase(customer=customer, requested_by="admin@demobank")
    after = customer_export(customer=customer, requested_by="admin@demobank")
    after_json = json.loads(json.dumps(after, default=str))

    # What the law keeps is there, unchanged: the ledger, and the approval the Pix was executed under.
    for label, kept_ids in before["kept_by_law"].items():
        rows_before = {row["pk"]: row for row in before["records"][label] if row["pk"] in kept_ids}
        rows_after = {row["pk"]: row for row in after["records"][label] if row["pk"] in kept_ids}
        assert rows_after == rows_before, label
    # Nothing else: no record outside the ledger says anything of hers …
    for label, rows in after_json["records"].items():
        kept_ids = set(after["kept_by_law"].get(label, ()))
        for row in rows:
            if row["pk"] in kept_ids:
                continue
            leaked = {text for text in personal if any(text in found for found in strings(row))}
            assert not leaked, (label, row["pk"], leaked)
    # … the records that hold contents are emptied, those that only served her are gone.
    for label, rule in RULES.items():
        if rule.erase is Erase.DELETE:
            assert label not in after["records"], label
        elif rule.erase is Erase.BLANK:
            kept_ids = set(after["kept_by_law"].get(label, ()))
            for row in after["records"].get(label, []):
                if row["pk"] in kept_ids:
                    continue
                for name in rule.fields:
                    value = row.get(name, row.get(f"{name}_id"))
                    assert value in (None, "", {}, []) or str(value) == f"{PSEUDONYM}{row['pk']}", (label, name)
    assert not Contact.objects.filter(holder__customer_ref=CARLA).exists()
    assert not HolderToken.objects.filter(holder__customer_ref=CARLA).exists()
    assert Holder.objects.get(customer_ref=CARLA).name == "Carla Souza"  # the bank's identification stays
    assert erasure.ledger_ref == CARLA and erasure.summary["bank.PixTransfer"] == {"kept": 1}
    assert list(DataRequest.objects.filter(customer=customer).values_list("kind", flat=True)) == [
        "export", "erasure", "export"]


def test_a_customer_who_writes_after_an_erasure_starts_afresh_and_keeps_the_ledger(demobank):
    customer = a_pix_and_more()
    customer_erase(customer=customer, requested_by="admin@demobank")
    turn = Conversation(CARLA, start=by_day()).say("qual meu saldo?")
    fresh = Customer.objects.get(channel_user_id=CARLA)
    assert fresh.pk != customer.pk and turn.reply_message is not None
    assert "R$" in turn.reply_message.text  # the bank still knows her account


def test_retention_empties_what_is_past_its_window_and_only_that(demobank):
    customer = a_pix_and_more()
    old = timezone.now() - timedelta(days=400)
    conversation = customer.conversation
    first_two = list(Message.objects.filter(conversation=conversation).order_by("pk")[:2])
    Message.objects.filter(pk__in=[message.pk for message in first_two]).update(sent_at=old)
    Turn.objects.filter(message__conversation=conversation).update(started_at=old)
    recent_text = Message.objects.filter(conversation=conversation).order_by("-pk").first().text
    RetentionSettings.objects.update(message_days=365, trace_days=90)

    changed = retention_apply()

    assert changed["conversations.Message"] == 2
    assert all(Message.objects.get(pk=message.pk).text == "" for message in first_two)
    assert Message.objects.filter(conversation=conversation).order_by("-pk").first().text == recent_text
    assert changed["agent.Turn"] == Turn.objects.filter(message__conversation=conversation).count()
    assert not Turn.objects.filter(message__conversation=conversation).exclude(tool_calls=[]).exists()
    executed = ApprovalRequest.objects.get(conversation=conversation, status="executed")
    assert executed.preview  # the ledger's proof is never a retention matter
    assert retention_apply() == {}  # nothing left to change: a repeat rewrites nothing


def test_the_raw_webhook_bodies_naming_the_customer_go_with_the_erasure(demobank):
    from tenants.models import WhatsAppChannel

    customer = a_pix_and_more()
    number = WhatsAppChannel.objects.filter(organisation__schema_name="demobank").values_list(
        "phone_number_id", flat=True).first()
    theirs = InboundBody.objects.create(key="k-carla", body=f'{{"from":"{CARLA}","text":"oi"}}'.encode(),
                                        phone_number_ids=[number], processed_at=timezone.now())
    unprocessed = InboundBody.objects.create(key="k-carla-2", body=f'{{"from":"{CARLA}"}}'.encode(),
                                             phone_number_ids=[number])
    someone_else = InboundBody.objects.create(key="k-other", body=b'{"from":"5511988880000"}',
                                              phone_number_ids=[number], processed_at=timezone.now())
    customer_erase(customer=customer, requested_by="admin@demobank")
    connection.set_schema_to_public()
    remaining = set(InboundBody.objects.values_list("pk", flat=True))
    assert theirs.pk not in remaining and {unprocessed.pk, someone_else.pk} <= remaining


@pytest.mark.parametrize("label", sorted(RULES))
def test_every_rule_names_real_fields(label):
    from django.apps import apps

    rule = RULES[label]
    model = apps.get_model(label)
    for name in (*rule.fields, *rule.pseudonyms, *rule.secrets):
        model._meta.get_field(name)
    assert set(rule.pseudonyms) <= set(rule.fields)
