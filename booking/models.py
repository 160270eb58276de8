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

from magie.db.fsm import ConcurrentTransitionMixin


class EquipmentType(models.Model):
    """Gear lent to each participant (ski set, harness, helmet…); `stock` pieces exist in all."""

    slug = models.SlugField(max_length=40, unique=True, verbose_name=_("code"))
    name = models.CharField(max_length=80, verbose_name=_("name"))
    stock = models.IntegerField(verbose_name=_("stock"))

    class Meta:
        verbose_name = _("equipment")
        verbose_name_plural = _("equipment")
        ordering = ["name"]
        constraints = [models.CheckConstraint(condition=Q(stock__gte=0), name="booking_equipment_stock_not_negative")]

    def __str__(self) -> str:
        return f"{self.name} ({self.stock})"


class Activity(models.Model):
    """What a customer books: `names` holds the name per language ({"ca": "Esquí alpí", "en": "Alpine skiing"})."""

    slug = models.SlugField(max_length=40, unique=True, verbose_name=_("code"))
    name = models.CharField(max_length=80, help_text=_("Name used when the organisation's language has none."),
                            verbose_name=_("name"))
    names = models.JSONField(default=dict, blank=True, verbose_name=_("names by language"))
    price_cents = models.IntegerField(help_text=_("Price per person, in cents of `currency`."),
                                      verbose_name=_("price per person (cents)"))
    currency = models.CharField(max_length=3, verbose_name=_("currency"))
    duration = models.DurationField(default=timedelta(hours=3), verbose_name=_("duration"))
    equipment = models.ManyToManyField(EquipmentType, through="ActivityEquipment", blank=True,
                                       verbose_name=_("equipment"))

    class Meta:
        verbose_name = _("activity")
        verbose_name_plural = _("activities")
        ordering = ["name"]
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

    activity = models.ForeignKey(Activity, on_delete=models.CASCADE, related_name="needs", verbose_name=_("activity"))
    equipment_type = models.ForeignKey(EquipmentType, on_delete=models.PROTECT, related_name="needed_by",
                                       verbose_name=_("equipment"))
    quantity = models.PositiveSmallIntegerField(default=1, verbose_name=_("quantity"))

    class Meta:
        verbose_name = _("equipment of an activity")
        verbose_name_plural = _("equipment of the activity")
        constraints = [
            models.UniqueConstraint(fields=["activity", "equipment_type"], name="booking_activity_equipment_unique"),
            models.CheckConstraint(condition=Q(quantity__gt=0), name="booking_activity_equipment_quantity_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} × {self.equipment_type.name}"


class Instructor(models.Model):
    name = models.CharField(max_length=120, verbose_name=_("name"))
    activities = models.ManyToManyField(Activity, related_name="instructors", blank=True, verbose_name=_("activities"))

    class Meta:
        verbose_name = _("instructor")
        verbose_name_plural = _("instructors")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class TimeSlot(models.Model):
    """One session of an activity with one instructor, for at most `capacity` people."""

    activity = models.ForeignKey(Activity, on_delete=models.PROTECT, related_name="slots", verbose_name=_("activity"))
    instructor = models.ForeignKey(Instructor, on_delete=models.PROTECT, related_name="slots",
                                   verbose_name=_("instructor"))
    start = models.DateTimeField(db_index=True, verbose_name=_("start"))
    end = models.DateTimeField(verbose_name=_("end"))
    capacity = models.PositiveSmallIntegerField(verbose_name=_("places"))

    class Meta:
        verbose_name = _("time slot")
        verbose_name_plural = _("time slots")
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
        PENDING_PAYMENT = "pending_payment", _("Pending payment")
        PAID = "paid", _("Paid")
        CANCELLED = "cancelled", _("Cancelled")

    slot = models.ForeignKey(TimeSlot, on_delete=models.PROTECT, related_name="bookings", verbose_name=_("time slot"))
    customer_ref = models.CharField(max_length=120, db_index=True, verbose_name=_("customer reference"))
    customer_name = models.CharField(max_length=120, verbose_name=_("customer name"))
    party_size = models.PositiveSmallIntegerField(verbose_name=_("people"))
    amount_cents = models.IntegerField(verbose_name=_("amount (cents)"))
    currency = models.CharField(max_length=3, verbose_name=_("currency"))
    status = FSMField(choices=Status.choices, default=Status.PENDING_PAYMENT, protected=True, verbose_name=_("status"))
    # NULL, not "": bookings made without a key must not collide in the unique constraint on the key.
    idempotency_key = models.CharField(max_length=80, null=True, blank=True,  # noqa: DJ001
                                       verbose_name=_("idempotency key"))
    created_at = models.DateTimeField(verbose_name=_("created"))
    paid_at = models.DateTimeField(null=True, blank=True, verbose_name=_("paid"))
    cancelled_at = models.DateTimeField(null=True, blank=True, verbose_name=_("cancelled"))

    class Meta:
        verbose_name = _("booking")
        verbose_name_plural = _("bookings")
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

    booking = models.ForeignKey(Booking, on_delete=models.PROTECT, related_name="payment_links",
                                verbose_name=_("booking"))
    token = models.CharField(max_length=64, unique=True, verbose_name=_("token"))
    amount_cents = models.IntegerField(verbose_name=_("amount (cents)"))
    currency = models.CharField(max_length=3, verbose_name=_("currency"))
    created_at = models.DateTimeField(verbose_name=_("created"))
    expires_at = models.DateTimeField(verbose_name=_("expires"))
    paid_at = models.DateTimeField(null=True, blank=True, verbose_name=_("paid"))

    class Meta:
        verbose_name = _("payment link")
        verbose_name_plural = _("payment links")
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
    customer_ref = models.CharField(max_length=120, verbose_name=_("customer reference"))
    customer_name = models.CharField(max_length=120, verbose_name=_("customer name"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    class Meta:
        verbose_name = _("customer sign-in token")
        verbose_name_plural = _("customer sign-in tokens")

    def __str__(self) -> str:
        return gettext("Token of %(holder)s") % {"holder": f"{self.customer_name} ({self.customer_ref})"}

    def __repr__(self) -> str:
        return f"<CustomerToken {self.pk} {self.customer_ref}>"
