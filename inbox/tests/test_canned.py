"""Canned replies with variables: unknown ones refused at save with their names, the known ones filled for the chat
(previewed in the reply box before sending), a placeholder never sent as typed; the language one of the
organisation's, offered as a choice."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django_tenants.utils import schema_context

from inbox.canned import canned_render, canned_variables_check
from inbox.errors import EscalationReplyPlaceholder
from inbox.models import CannedReply
from inbox.selectors import canned_replies_filled
from inbox.services import escalation_claim, escalation_reply
from inbox.tests.helpers import chat_make, escalation_make, staff
from testing.organisations import signed_in


def test_unknown_variables_are_refused_by_name():
    with pytest.raises(ValidationError) as refused:
        canned_variables_check("Olá {{nome}}, aqui é {{agent}} do {{ banco }}.")
    message = " ".join(refused.value.message_dict["text"])
    assert "{{banco}}" in message and "{{nome}}" in message and "{{customer_name}}" in message
    with pytest.raises(ValidationError):
        canned_variables_check("Olá {customer_name}}")  # malformed: one brace
    canned_variables_check("Olá {{customer_name}}, aqui é {{ agent }} da {{organisation}}.")  # fine


def test_variables_are_filled_for_the_chat_and_the_agent(demobank):
    CannedReply.objects.create(title="Oi", text="Olá {{customer_name}}, aqui é {{agent}} do {{organisation}}.")
    CannedReply.objects.create(title="Hola", text="Hola {{customer_name}}", language="es")
    escalation = escalation_make(chat_make(name="Maria Teste"))

    [filled] = canned_replies_filled(escalation=escalation, agent=staff("agent"))  # a pt-BR chat: no Spanish one

    assert filled["text"] == "Olá Maria Teste, aqui é agent do Banco Demo."
    assert canned_render("{{ agent }}!", customer_name="", organisation="", agent="Ana") == "Ana!"


def test_a_reply_with_a_placeholder_left_is_refused(demobank):
    escalation = escalation_make(chat_make())
    escalation_claim(escalation_id=escalation.pk, user=staff("agent"))
    with pytest.raises(EscalationReplyPlaceholder):
        escalation_reply(escalation_id=escalation.pk, user=staff("agent"), text="Olá {{nome}}, tudo bem?")


def test_the_admin_offers_the_organisations_languages_and_refuses_unknown_variables(committed):
    admin = signed_in("demobank", "admin")
    form = admin.get("/admin/inbox/cannedreply/add/").content.decode()
    assert 'value="pt-BR"' in form and 'value="es"' in form and 'value="en"' in form
    assert 'value="ca"' not in form  # the bank answers in pt-BR, es and en only

    refused = admin.post("/admin/inbox/cannedreply/add/", {"title": "Oi", "language": "pt-BR",
                                                           "text": "Olá {{nome}}!"})
    assert refused.status_code == 200 and "{{nome}}" in refused.content.decode()
    free_text = admin.post("/admin/inbox/cannedreply/add/", {"title": "Oi", "language": "português",
                                                             "text": "Olá {{customer_name}}!"})
    assert free_text.status_code == 200
    saved = admin.post("/admin/inbox/cannedreply/add/", {"title": "Oi", "language": "pt-BR",
                                                         "text": "Olá {{customer_name}}!"})
    assert saved.status_code == 302
    with schema_context("demobank"):
        assert list(CannedReply.objects.values_list("language", "text")) == [("pt-BR", "Olá {{customer_name}}!")]
