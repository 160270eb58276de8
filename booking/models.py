"""The school's catalogue (activities, instructors, equipment, time slots), bookings and payment links.

Invariants that the database itself guards: a slot has places and ends after it starts, an instructor starts at
most one slot at a time, stock is never negative, a party has people, an idempotency key names one booking of a
customer, a payment token names one link. What needs several rows at once (free places, the instructor not being
in two overlapping slots, equipment over overlapping slots) is guarded by `booking.services.booking_create`
under row locks.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_fsm import FSMField, FSMModelMixin, transition

from magie.fsm import ConcurrentTransitionMixin


class EquipmentType(models.Model):
    """Gear lent to each participant (ski set, harness, helmet…); `stock` pieces exist in all."""

    slug = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=80)
    stock = models.IntegerField()

    class Meta:
        ordering = ["name"]
        constraints = [models.CheckConstraint(condition=Q(stock__gte=0), name="booking_equipment_stock_not_negative")]

    def __str__(self) -> str:
        return f"{self.name} ({self.stock})"


class Activity(models.Model):
    """What a customer books: `names` holds the name per language ({"ca": "Esquí alpí", "en": "Alpine skiing"})."""

    slug = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=80, help_text=_("Name used when the organisation's language has none."))
    names = models.JSONField(default=dict, blank=True)
    price_cents = models.IntegerField(help_text=_("Price per person, in cents of `currency`."))
    currency = models.CharField(max_length=3)
    duration = models.DurationField(default=timedelta(hours=3))
    equipment = models.ManyToManyField(EquipmentType, through="ActivityEquipment", blank=True)

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "activities"
        constraints = [
            models.CheckConstraint(condition=Q(price_cents__gte=0), name="booking_activity_price_not_negative"),
            models.CheckConstraint(condition=Q(duration__gt=timedelta(0)), name="booking_activity_duration_positive"),
        ]

    def __str__(self) -> str:
        return self.name

    def name_in(self, language: str) -> str:
        return self.names.get(language) or self.name


class ActivityEquipment(models.Model):
    """Each participant of `activity` needs `quantity` pieces of `equipment_type`."""

    activity = models.ForeignKey(Activity, on_delete=models.CASCADE, related_name="needs")
    equipment_type = models.ForeignKey(EquipmentType, on_delete=models.PROTECT, related_name="needed_by")
    quantity = models.PositiveSmallIntegerField(default=1)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["activity", "equipment_type"], name="booking_activity_equipment_unique"),
            models.CheckConstraint(condition=Q(quantity__gt=0), name="booking_activity_equipment_quantity_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} × {self.equipment_type.name}"


class Instructor(models.Model):
    name = models.CharField(max_length=120)
    activities = models.ManyToManyField(Activity, related_name="instructors", blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class TimeSlot(models.Model):
    """One session of an activity with one instructor, for at most `capacity` people."""

    activity = models.ForeignKey(Activity, on_delete=models.PROTECT, related_name="slots")
    instructor = models.ForeignKey(Instructor, on_delete=models.PROTECT, related_name="slots")
    start = models.DateTimeField(db_index=True)
    end = models.DateTimeField()
    capacity = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["start", "activity_id"]
        constraints = [
            models.CheckConstraint(condition=Q(capacity__gt=0), name="booking_slot_capacity_positive"),
            models.CheckConstraint(condition=Q(end__gt=F("start")), name="booking_slot_ends_after_start"),
            models.UniqueConstraint(fields=["instructor", "start"], name="booking_slot_instructor_start_unique"),
        ]

    def __str__(self) -> str:
        # in the time zone and date format of the reader (the organisation's zone under a request)
        return f"{self.activity} · {self.instructor} · {date_format(timezone.localtime(self.start), 'SHORT_DATETIME_FORMAT')}"


class Booking(ConcurrentTransitionMixin, FSMModelMixin, models.Model):
    """Places in a slot for a customer's party. Created only by `booking_create`; amount is fixed at booking."""

    class Status(models.TextChoices):
        PENDING_PAYMENT = "pending_payment", "Pending payment"
        PAID = "paid", "Paid"
        CANCELLED = "cancelled", "Cancelled"

    slot = models.ForeignKey(TimeSlot, on_delete=models.PROTECT, related_name="bookings")
    customer_ref = models.CharField(max_length=120, db_index=True)
    customer_name = models.CharField(max_length=120)
    party_size = models.PositiveSmallIntegerField()
    amount_cents = models.IntegerField()
    currency = models.CharField(max_length=3)
    status = FSMField(choices=Status.choices, default=Status.PENDING_PAYMENT, protected=True)
    # NULL, not "": bookings made without a key must not collide in the unique constraint on the key.
    idempotency_key = models.CharField(max_length=80, null=True, blank=True)  # noqa: DJ001
    created_at = models.DateTimeField()
    paid_at = models.DateTimeField(null=True, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(party_size__gt=0), name="booking_party_size_positive"),
            models.CheckConstraint(condition=Q(amount_cents__gte=0), name="booking_amount_not_negative"),
            models.UniqueConstraint(
                fields=["customer_ref", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="booking_idempotency_key_unique",
            ),
        ]
        indexes = [models.Index(fields=["slot", "status"], name="booking_slot_status_idx")]

    def __str__(self) -> str:
        return gettext("Booking #%(number)s · %(customer)s × %(people)s") % {
            "number": self.pk, "customer": self.customer_name, "people": self.party_size}

    @transition(field=status, source=Status.PENDING_PAYMENT, target=Status.PAID)
    def pay(self, *, at) -> None:
        self.paid_at = at

    @transition(field=status, source=Status.PENDING_PAYMENT, target=Status.CANCELLED)
    def cancel(self, *, at) -> None:
        self.cancelled_at = at


class PaymentLink(models.Model):
    """An unguessable link (`/pay/<token>/`) to pay one booking's amount until `expires_at`."""

    booking = models.ForeignKey(Booking, on_delete=models.PROTECT, related_name="payment_links")
    token = models.CharField(max_length=64, unique=True)
    amount_cents = models.IntegerField()
    currency = models.CharField(max_length=3)
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField()
    paid_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount_cents__gte=0), name="booking_payment_link_amount_not_negative"),
            models.CheckConstraint(condition=Q(expires_at__gt=F("created_at")), name="booking_payment_link_expiry"),
        ]

    def __str__(self) -> str:
        return gettext("Payment link for booking #%(number)s") % {"number": self.booking_id}

    def __repr__(self) -> str:  # the token is a bearer secret: keep it out of logs
        return f"<PaymentLink {self.pk} booking={self.booking_id}>"


class CustomerToken(models.Model):
    """The app flow's credential: `Authorization: Token <key>` acts as the customer `customer_ref`."""

    key = models.CharField(max_length=64, unique=True)  # SHA-256 of the key (magie.auth.token_digest)
    customer_ref = models.CharField(max_length=120)
    customer_name = models.CharField(max_length=120)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return gettext("Token of %(holder)s") % {"holder": f"{self.customer_name} ({self.customer_ref})"}

    def __repr__(self) -> str:
        return f"<CustomerToken {self.pk} {self.customer_ref}>"
