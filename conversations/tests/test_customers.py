"""Customers as the channels name them: sandbox identities, WhatsApp's business-scoped user ids, changed numbers,
and what the customer receives for a stored reply. Rows are built with the factories of this app."""

import pytest

from conversations import rendering
from conversations.models import Conversation, Customer, Message
from conversations.rendering import message_text_for_customer, outbound_renderer_register
from conversations.services import (
    SandboxIdTaken,
    SimulatedForRealCustomer,
    customer_create_sandbox,
    customer_get_or_create,
    message_store_inbound,
)
from conversations.tests.factories import T0, ConversationFactory, CustomerFactory, MessageFactory


def test_a_sandbox_customer_is_created_once_with_its_conversation(demobank):
    first = customer_create_sandbox(channel_user_id="5511900000777", name="Teste")
    again = customer_create_sandbox(channel_user_id="5511900000777", name="Outro nome")
    assert again.pk == first.pk and first.is_sandbox
    assert Customer.objects.get(pk=first.pk).name == "Teste"
    assert Conversation.objects.filter(customer=first).count() == 1


def test_a_real_customers_id_never_becomes_a_sandbox_one(demobank):
    real = CustomerFactory(channel_user_id="5511900000778")
    with pytest.raises(SandboxIdTaken) as refused:
        customer_create_sandbox(channel_user_id="5511900000778")
    assert refused.value.extra == {"customer": "5511900000778"}
    assert not Customer.objects.get(pk=real.pk).is_sandbox
    assert not Conversation.objects.filter(customer=real).exists()


def test_the_business_scoped_user_id_finds_the_customer_whatever_from_says(demobank):
    known = CustomerFactory(channel_user_id="5511900000779", whatsapp_user_id="BR.1502576394655843")
    ConversationFactory(customer=known)
    customers = Customer.objects.count()
    stored = message_store_inbound(channel_user_id="", user_id="BR.1502576394655843",
                                   channel_message_id="wamid.bsuid-1", sent_at=T0, text="oi")
    assert stored.created and stored.message.conversation.customer_id == known.pk
    assert Customer.objects.count() == customers  # no new customer for the missing `from`


def test_a_user_id_is_recorded_once_and_never_taken_from_another_customer(demobank):
    holder = CustomerFactory(whatsapp_user_id="BR.1")
    other = CustomerFactory(channel_user_id="5511900000780")
    customer_get_or_create(channel_user_id=other.channel_user_id, user_id="BR.2")
    assert Customer.objects.get(pk=other.pk).whatsapp_user_id == "BR.2"
    customer_get_or_create(channel_user_id=holder.channel_user_id, user_id="BR.2")  # BR.2 is the other's
    assert Customer.objects.get(pk=holder.pk).whatsapp_user_id == "BR.1"


def test_a_changed_number_moves_the_customer_unless_the_new_number_is_someone_elses(demobank):
    moving = CustomerFactory(channel_user_id="5511900000781")
    taken = CustomerFactory(channel_user_id="5511900000782")
    customer_get_or_create(channel_user_id=moving.channel_user_id, new_channel_user_id="5511900000783")
    moved = Customer.objects.get(pk=moving.pk)
    assert (moved.channel_user_id, moved.phone) == ("5511900000783", "+5511900000783")
    customer_get_or_create(channel_user_id="5511900000783", new_channel_user_id=taken.channel_user_id)
    assert Customer.objects.get(pk=moving.pk).channel_user_id == "5511900000783"


def test_the_simulator_talks_only_as_sandbox_customers(demobank):
    real = ConversationFactory().customer
    with pytest.raises(SimulatedForRealCustomer):
        message_store_inbound(channel_user_id=real.channel_user_id, channel_message_id="wamid.sim-1", sent_at=T0,
                              text="oi", channel=Message.Channel.SIMULATOR, simulated_by="ana")
    assert not Message.objects.filter(channel_message_id="wamid.sim-1").exists()
    sandbox = customer_create_sandbox(channel_user_id="5511900000784")
    stored = message_store_inbound(channel_user_id=sandbox.channel_user_id, channel_message_id="wamid.sim-2",
                                   sent_at=T0, text="oi", channel=Message.Channel.SIMULATOR, simulated_by="ana")
    assert stored.message.is_simulated and stored.message.simulated_by == "ana"


def test_the_customer_receives_the_text_every_registered_renderer_made(demobank, monkeypatch):
    monkeypatch.setattr(rendering, "_renderers", [])  # this test's renderers only, gone afterwards

    def shout(message: object, text: str) -> str:
        return text.upper()

    outbound_renderer_register(shout)
    outbound_renderer_register(shout)  # registered once, applied once
    outbound_renderer_register(lambda message, text: f"{text}!")
    reply = MessageFactory.outbound(text="olá")
    assert message_text_for_customer(message=reply) == "OLÁ!"
    assert Message.objects.get(pk=reply.pk).text == "olá"  # what is stored and shown to staff is unchanged


def test_the_factories_build_one_thread_per_customer(demobank):
    conversation = ConversationFactory()
    inbound = MessageFactory(conversation=conversation)
    reply = MessageFactory.outbound(conversation=conversation, text="Olá")
    assert list(conversation.messages.values_list("direction", flat=True)) == ["in", "out"]
    assert reply.channel_message_id.startswith("local-") and inbound.channel_message_id.startswith("wamid.")
    assert str(conversation) == f"Conversation with {conversation.customer.name}"


def test_a_new_customer_is_made_with_their_conversation_and_what_the_channel_says_of_them(demobank):
    stored = message_store_inbound(channel_user_id="5511900000785", user_id="BR.785", phone="+5511900000785",
                                   name="Lia", channel_message_id="wamid.new-1", sent_at=T0, text="oi")
    customer = Customer.objects.get(channel_user_id="5511900000785")
    assert (customer.whatsapp_user_id, customer.phone, customer.name, customer.is_sandbox) == (
        "BR.785", "+5511900000785", "Lia", False)
    assert stored.created and stored.message.conversation == Conversation.objects.get(customer=customer)
    again = message_store_inbound(channel_user_id="5511900000785", user_id="BR.785", phone="+5511900000785",
                                  name="Lia", channel_message_id="wamid.new-2", sent_at=T0, text="oi")
    assert again.message.conversation_id == stored.message.conversation_id
    assert Customer.objects.filter(channel_user_id="5511900000785").count() == 1


def test_a_known_customer_writing_with_a_user_id_at_last_is_the_same_customer(demobank):
    known = CustomerFactory(channel_user_id="5511900000786", whatsapp_user_id=None)
    ConversationFactory(customer=known)
    stored = message_store_inbound(channel_user_id="5511900000786", user_id="BR.786",
                                   channel_message_id="wamid.known-1", sent_at=T0, text="oi")
    assert stored.message.conversation.customer_id == known.pk
    assert Customer.objects.get(pk=known.pk).whatsapp_user_id == "BR.786"
    assert Customer.objects.filter(channel_user_id="5511900000786").count() == 1


def test_a_user_id_another_customer_holds_is_not_taken_by_a_new_one(demobank):
    holder = CustomerFactory(channel_user_id="5511900000787", whatsapp_user_id="BR.787")
    ConversationFactory(customer=holder)
    stored = message_store_inbound(channel_user_id="5511900000788", user_id="BR.787",
                                   channel_message_id="wamid.taken-1", sent_at=T0, text="oi")
    assert stored.message.conversation.customer_id == holder.pk  # the user id finds its holder, as before
    assert not Customer.objects.filter(channel_user_id="5511900000788").exists()


def test_a_real_message_beside_a_sandbox_identity_makes_a_real_customer_of_its_own(demobank):
    sandbox = customer_create_sandbox(channel_user_id="5511900000789")
    stored = message_store_inbound(channel_user_id="5511900000789", channel_message_id="wamid.real-1", sent_at=T0,
                                   text="oi")
    real = stored.message.conversation.customer
    assert real.pk != sandbox.pk and not real.is_sandbox
    assert Conversation.objects.filter(customer=real).count() == 1
