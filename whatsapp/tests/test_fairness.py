"""Fair between organisations: one organisation's backlog of 10,000 unhandled messages, being drained by a real
worker, does not delay another organisation's customer — their message is answered after a bounded number of the
backlog's turns (admission caps each organisation's turns in flight, and a backlog's turns come after new work),
not after the backlog."""

from __future__ import annotations

import time
import uuid

from django.utils import timezone
from django_tenants.utils import schema_context

from conversations.models import Conversation, Customer, Message
from whatsapp import conf
from whatsapp.models import Delivery
from whatsapp.services import inbound_sweep
from whatsapp.tests.conftest import STORE_NUMBER, change, encode, envelope, inbound, post, signed

BACKLOG = 10_000


def backlog(schema: str, count: int) -> None:
    """`count` customers' messages stored and never handled (an outage, a campaign's answers), in three INSERTs."""
    now = timezone.now()
    with schema_context(schema):
        customers = Customer.objects.bulk_create(
            [Customer(channel_user_id=f"5598{n:09d}", phone=f"+5598{n:09d}") for n in range(count)])
        conversations = Conversation.objects.bulk_create(
            [Conversation(customer=customer, last_inbound_at=now) for customer in customers])
        Message.objects.bulk_create([Message(
            conversation=conversation, direction=Message.Direction.INBOUND, channel=Message.Channel.WHATSAPP,
            channel_message_id=f"wamid.backlog-{uuid.uuid4().hex}", text="qual meu saldo?", sent_at=now)
            for conversation in conversations])


def handled(schema: str) -> int:
    with schema_context(schema):
        return Message.objects.filter(direction="in", handled_at__isnull=False).count()


def wait_for(predicate, what: str, timeout: float = 120) -> None:
    """Bounded wait for the worker (a deadline that only stops a hung test, not a speed assertion)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def test_a_backlog_of_ten_thousand_does_not_delay_another_organisations_customer(real_worker, platform):
    backlog("demobank", BACKLOG)
    assert inbound_sweep(older_than_seconds=0) == {"demobank": 8}  # admitted up to its cap, not 500 at once
    wait_for(lambda: handled("demobank") >= 20, "the backlog to drain")  # the worker pumps it, turn by turn

    message = inbound("text", {"body": "Hola, ¿qué celulares tienen?"}, from_="5491155550001")
    body = encode(envelope(change(number=STORE_NUMBER, messages=[message])))
    before = handled("demobank")
    assert post(platform, body, **signed(body, "demostore")).json()["accepted"] is True

    def answered() -> bool:
        with schema_context("demostore"):
            return Delivery.objects.filter(message__conversation__customer__channel_user_id="5491155550001",
                                           status="sent").exists()

    wait_for(answered, "the other organisation's reply")
    drained_meanwhile = handled("demobank") - before
    try:
        # Behind a bounded share of the backlog (turns in flight and the worker's two children), not behind it.
        print(f"backlog turns run while the other customer waited: {drained_meanwhile}")
        assert drained_meanwhile <= 3 * int(conf.setting("WHATSAPP_TURNS_IN_FLIGHT")), drained_meanwhile
        assert BACKLOG - handled("demobank") > 9_000
    finally:
        with schema_context("demobank"):  # the rest of the backlog: not for the session's worker to go on with
            Message.objects.filter(direction="in", handled_at__isnull=True).update(handled_at=timezone.now())
