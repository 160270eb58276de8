"""`manage.py chat --org <schema> --customer <id>`: a terminal conversation through the same turn code.

Lines come from standard input (so it can be scripted); every message in and out is numbered. Besides text:
`/tap N` taps the N-th button of the last message that had buttons, `/tap N K` the N-th button of message K,
`/reply K <text>` swipe-replies to message K, `/wait 70m` (or 2h, 30s) shifts the clock of the next messages.
Taps go through the same path as a WhatsApp button reply. `--json` prints one JSON object per outbound message.
"""

from __future__ import annotations

import json
import re
import sys
import uuid
from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from django_tenants.utils import tenant_context

from agent.models import Turn
from agent.turn import turn_handle
from asks.selectors import ask_slots
from conversations.models import Customer, Message
from conversations.rendering import message_text_for_customer
from conversations.services import customer_create_sandbox, message_store_inbound
from tenants.models import Organisation

WAIT = re.compile(r"^(\d+)\s*([smhd])$")
UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser):
        parser.add_argument("--org", required=True, help="organisation schema, e.g. demobank")
        parser.add_argument("--customer", default="5511999990001", help="the customer's channel user id")
        parser.add_argument("--name", default="", help="the customer's profile name")
        parser.add_argument("--json", action="store_true", help="one JSON object per outbound message")

    def handle(self, *args, org: str, customer: str, name: str, json: bool, **options):
        from testing.organisations import TEST_SCHEMAS, organisations_ensure

        if org in TEST_SCHEMAS:  # a database just created: migrated and the demo seeded, as the eval does
            organisations_ensure()
        organisation = Organisation.objects.filter(schema_name=org).exclude(schema_name="public").first()
        if organisation is None:
            raise CommandError(f"no organisation {org!r}")
        self.as_json = json
        self.numbered: list[Message] = []
        self.shift = timedelta(0)
        with tenant_context(organisation):
            self.sandbox_only(customer, name)
            for raw in sys.stdin:
                line = raw.strip()
                if line:
                    self.line(line, customer, name)

    def sandbox_only(self, customer: str, name: str) -> None:
        """A terminal is a test tool: it talks as a sandbox customer (a new id becomes one), never as a real one."""
        if Customer.objects.filter(channel_user_id=customer, is_sandbox=True).exists():
            return
        if Customer.objects.filter(channel_user_id=customer, is_sandbox=False).exists():
            raise CommandError(f"{customer} is a real customer: manage.py chat talks only as sandbox customers "
                               "(pick a sandbox customer's id, or a new id, which becomes one).")
        customer_create_sandbox(channel_user_id=customer, name=name)

    def number_of(self, message: Message) -> int:
        self.numbered.append(message)
        return len(self.numbered)

    def line(self, line: str, customer: str, name: str) -> None:
        kind, payload, text, reply_to = "text", "", line, ""
        if line.startswith("/wait"):
            found = WAIT.match(line[5:].strip())
            if not found:
                self.stderr.write("usage: /wait 70m (s, m, h or d)")
                return
            self.shift += timedelta(**{UNITS[found[2]]: int(found[1])})
            return
        if line.startswith("/tap"):
            button = self.button(line.split()[1:])
            if button is None:
                return
            kind, payload, text = "button", button["id"], button["title"]
        elif line.startswith("/reply"):
            parts = line.split(maxsplit=2)
            quoted = self.message(parts[1] if len(parts) > 1 else "")
            if quoted is None or len(parts) < 3:
                self.stderr.write("usage: /reply K <text>")
                return
            reply_to, text = quoted.channel_message_id, parts[2]
        stored = message_store_inbound(
            channel_user_id=customer, channel_message_id=f"term-{uuid.uuid4().hex}", sent_at=timezone.now() + self.shift,
            text=text, kind=kind, payload=payload, reply_to=reply_to, name=name, channel=Message.Channel.TERMINAL,
        )
        number = self.number_of(stored.message)
        if not self.as_json:
            self.stdout.write(f"[{number}] > {text}")
        turn_handle(message_id=stored.message.pk)
        turn = Turn.objects.filter(message=stored.message).select_related("reply_message", "ask").first()
        if turn and turn.reply_message:
            self.show(turn.reply_message, turn)

    def message(self, number: str) -> Message | None:
        try:
            index = int(number)
            return self.numbered[index - 1]
        except (ValueError, IndexError):
            self.stderr.write(f"no message {number}")
            return None

    def button(self, args: list[str]) -> dict | None:
        if len(args) == 2:
            message = self.message(args[1])
        else:
            message = next((m for m in reversed(self.numbered) if m.buttons), None)
        if message is None or not message.buttons:
            self.stderr.write("no message with buttons")
            return None
        try:
            return message.buttons[int(args[0]) - 1]
        except (ValueError, IndexError):
            self.stderr.write(f"that message has {len(message.buttons)} button(s)")
            return None

    def show(self, reply: Message, turn: Turn) -> None:
        number = self.number_of(reply)
        ask = turn.ask
        if ask is not None:
            ask.refresh_from_db()
        if self.as_json:
            self.stdout.write(json.dumps({
                "n": number, "text": message_text_for_customer(message=reply), "buttons": [b["title"] for b in reply.buttons],
                "ask": ask.pk if ask else None, "kind": ask.kind if ask else None,
                "state": ask.status if ask else None, "slots": ask_slots(ask) if ask else {},
                "decision": turn.decision, "rule": turn.rule,
            }, ensure_ascii=False))
            return
        self.stdout.write(f"[{number}] < {message_text_for_customer(message=reply)}")
        for index, button in enumerate(reply.buttons, start=1):
            self.stdout.write(f"      [{index}] {button['title']}")
