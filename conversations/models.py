"""Customers, their conversation and every message in and out (the organisation's schema)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Customer(models.Model):
    """Someone who writes to the organisation. Keyed by the channel's user id: WhatsApp's `wa_id` (`from`) when Meta
    sends one, else the business-scoped user id (`from_user_id`) of a customer who uses a username. Both are kept
    when known; the phone number is optional because users with usernames may arrive without one.

    A sandbox customer (a test identity of the simulator and `manage.py chat`) is a record of its own, apart from the
    real one: the same number may be both, and a real channel's message never lands on the sandbox record nor a
    simulated one on the real record (`conversations.services.message_store_inbound`)."""

    channel_user_id = models.CharField(max_length=256, verbose_name=_("WhatsApp id"))
    # WhatsApp's business-scoped user id (BSUID, e.g. "BR.1502576394655843"): found again even when `from` is absent.
    whatsapp_user_id = models.CharField(max_length=256, unique=True, null=True, blank=True,
                                        verbose_name=_("WhatsApp user id"))
    phone = models.CharField(max_length=20, blank=True, verbose_name=_("phone"))  # E.164 when known
    name = models.CharField(max_length=120, blank=True, verbose_name=_("name"))  # the profile name the channel reports
    # A test identity of the organisation: the only customers the WhatsApp simulator may talk as. Set when the
    # customer is created (the demo, the back office's "add sandbox customer"), never on a real customer.
    is_sandbox = models.BooleanField(default=False, verbose_name=_("sandbox customer"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    class Meta:
        verbose_name = _("customer")
        verbose_name_plural = _("customers")
        constraints = [models.UniqueConstraint(fields=["channel_user_id", "is_sandbox"],
                                               name="one_customer_per_id_and_sandbox")]

    def __str__(self) -> str:
        return self.name or self.channel_user_id


class Conversation(models.Model):
    """The one thread between a customer and the organisation; its row is the lock that serialises turns."""

    customer = models.OneToOneField(Customer, on_delete=models.PROTECT, related_name="conversation",
                                    verbose_name=_("customer"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))
    last_inbound_at = models.DateTimeField(null=True, blank=True,
                                           verbose_name=_("last message from the customer"))  # opens WhatsApp's 24-hour service window
    # Bumped by whoever changes the conversation outside its turn (a decision on the approval page, people taking
    # or handing back the chat): a turn that read version N applies its reply only if it is still N.
    version = models.PositiveBigIntegerField(default=0, verbose_name=_("version"))
    # The customer's language, as the last clear message said it (one of the organisation's languages; empty until
    # then = the organisation's own): the turn reads the next message and words its replies in it.
    language = models.CharField(max_length=8, blank=True, verbose_name=_("language"))
    # The turn lease: which attempt runs this conversation's turns while it waits on the model without holding the
    # row lock (see agent.turn). Empty token = free; an expired lease, or one held by a dead process, is taken over.
    turn_lease_token = models.CharField(max_length=32, blank=True, verbose_name=_("turn lock token"))
    turn_lease_holder = models.CharField(max_length=160, blank=True,
                                         verbose_name=_("turn lock holder"))  # "host:pid" of the attempt holding it
    turn_lease_expires_at = models.DateTimeField(null=True, blank=True, verbose_name=_("turn lock expires"))

    class Meta:
        verbose_name = _("conversation")
        verbose_name_plural = _("conversations")

    def __str__(self) -> str:
        from staff.labels import CONVERSATION_WITH  # the staff catalogue's words (conversations/locale: customers')

        return str(CONVERSATION_WITH) % {"customer": self.customer}


class Message(models.Model):
    class Direction(models.TextChoices):
        INBOUND = "in", _("from the customer")
        OUTBOUND = "out", _("to the customer")

    class Kind(models.TextChoices):
        TEXT = "text", _("Text")
        BUTTON = "button", _("Button")
        LIST = "list", _("List")
        MEDIA = "media", _("Media")
        OTHER = "other", _("Other")
        # Notices about earlier messages or the account, stored and shown to staff, never answered with a canned
        # reply. EDIT and DELETION: `reply_to` holds the channel id of the original message, `text` the new text
        # (empty for a deletion).
        EDIT = "edit", _("Edit")
        DELETION = "deletion", _("Deletion")
        SYSTEM = "system", _("System")

    class Channel(models.TextChoices):
        WHATSAPP = "whatsapp", _("WhatsApp Cloud API")
        TERMINAL = "terminal", _("manage.py chat")
        SIMULATOR = "simulator", _("WhatsApp simulator (staff, sandbox customers)")  # never delivered to Meta

    conversation = models.ForeignKey(Conversation, on_delete=models.PROTECT, related_name="messages",
                                     verbose_name=_("conversation"))
    # Inbound: where it came from. Outbound: who delivers it (the WhatsApp outbox, or the terminal reading it back).
    channel = models.CharField(max_length=16, choices=Channel.choices, default=Channel.WHATSAPP,
                               verbose_name=_("channel"))
    direction = models.CharField(max_length=3, choices=Direction.choices, verbose_name=_("direction"))
    # Unique forever: a channel redelivering the same message days later finds it and nothing happens twice.
    channel_message_id = models.CharField(max_length=256, unique=True)
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.TEXT, verbose_name=_("kind"))
    text = models.TextField(blank=True, verbose_name=_("text"))
    payload = models.CharField(max_length=512, blank=True,
                               verbose_name=_("payload"))  # a button's or list row's id, as the channel sent it
    buttons = models.JSONField(default=list, blank=True)  # outbound: [{"id": ..., "title": ...}]
    # The channel id this message quotes (swipe-reply); for an edit or a deletion, the message edited or deleted.
    reply_to = models.CharField(max_length=256, blank=True, verbose_name=_("reply to"))
    sent_at = models.DateTimeField(verbose_name=_("sent"))  # the channel's timestamp; the clock rules read it
    # Inbound: when its turn finished (the sweeper re-queues committed messages whose turn never ran).
    handled_at = models.DateTimeField(null=True, blank=True)
    # Typed in the WhatsApp simulator by this staff username (inbound); the replies travel on the simulator channel.
    simulated_by = models.CharField(max_length=150, blank=True)
    # Inbound media the channel refused to read, and why ("too_large": more pixels than it decodes); the turn
    # answers that honestly instead of "text only".
    media_refused = models.CharField(max_length=16, blank=True, verbose_name=_("media refused"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    class Meta:
        verbose_name = _("message")
        verbose_name_plural = _("messages")
        ordering = ["sent_at", "pk"]
        indexes = [
            models.Index(fields=["conversation", "sent_at"]),
            models.Index(fields=["created_at"], condition=models.Q(direction="in", handled_at__isnull=True),
                         name="inbound_unhandled"),
            # The turn's "next message of this conversation to answer" (agent.turn): only the few waiting
            # messages, in arrival order. Without it PostgreSQL walks the whole conversation by (conversation,
            # sent_at) — outbound messages have no handled_at either, so it expects a quarter of them to match.
            models.Index(fields=["conversation", "sent_at", "id"],
                         condition=models.Q(direction="in", handled_at__isnull=True), name="inbound_pending"),
            # The outbound sweeper's "replies of the last hours never handed to a channel" (whatsapp.services).
            models.Index(fields=["created_at"], condition=models.Q(direction="out"), name="outbound_by_created"),
        ]

    def __str__(self) -> str:
        """How staff read the message in a list or a link: its words (cut at 80 characters), else its kind — never
        the channel's id, which means nothing to a person."""
        text = " ".join(self.text.split())
        if text:
            return text if len(text) <= 80 else text[:79] + "…"
        return f"[{self.get_kind_display()}]"

    @property
    def is_simulated(self) -> bool:
        return self.channel == self.Channel.SIMULATOR
