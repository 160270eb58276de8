"""The booking API of the web/app flow (mounted at /api/booking/ on a school's host).

Authenticated as a customer with `Authorization: Token <key>` (see booking.auth). Other kinds of organisation
answer 404. Each view calls one service or selector; refusals are rendered by magie.api.exception_handler as
`{"code", "message", "extra"}` (e.g. 409 `slot_taken` with `extra.alternatives`).

    GET  activities/                          the catalogue
    GET  availability/?activity=&day=&party_size=   slots with room now (live)
    POST bookings/  {slot_id, party_size, idempotency_key?, customer_name?}   → 201 the booking
    GET  bookings/<id>/                       the customer's own booking
    POST bookings/<id>/payment-link/          → 201 a link to pay it
    POST bookings/<id>/cancel/                cancel while awaiting payment
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from booking import selectors, services
from booking.auth import BookingCustomerAuthentication
from booking.models import Activity, Booking, PaymentLink, TimeSlot
from booking.selectors import SlotAvailability
from language.money import format_money
from magie.api import ResultSerializer, validated
from magie.choices import OrganisationKind
from magie.scoping import organisation_kind_is


class BookingCustomerApi(APIView):
    authentication_classes = [BookingCustomerAuthentication]
    permission_classes = [organisation_kind_is(OrganisationKind.SCHOOL), IsAuthenticated]


class AmountDisplayed(serializers.Serializer):
    """Mixed into an output of something with `amount_cents` and `currency`: the amount worded for the school."""

    amount_display = serializers.SerializerMethodField()

    def get_amount_display(self, priced: Booking | PaymentLink) -> str:
        return format_money(priced.amount_cents, priced.currency, selectors.organisation_language())


# Outputs of the engine's rows list the model's fields by name (ModelSerializer types them from the model); what
# the API words or renames is declared beside.
class SlotBriefSerializer(serializers.ModelSerializer):
    activity = serializers.CharField(source="activity.slug")
    activity_name = serializers.SerializerMethodField()
    instructor = serializers.CharField(source="instructor.name")

    class Meta:
        model = TimeSlot
        fields = ("id", "activity", "activity_name", "instructor", "start", "end")

    def get_activity_name(self, slot: TimeSlot) -> str:
        return slot.activity.name_in(selectors.organisation_language())


class BookingOutputSerializer(AmountDisplayed, serializers.ModelSerializer):
    slot = SlotBriefSerializer()

    class Meta:
        model = Booking
        fields = ("id", "status", "customer_name", "party_size", "amount_cents", "currency", "amount_display",
                  "created_at", "paid_at", "cancelled_at", "slot")


class ActivityListApi(BookingCustomerApi):
    class EquipmentSerializer(serializers.Serializer):
        slug = serializers.CharField(source="equipment_type.slug")
        name = serializers.CharField(source="equipment_type.name")
        per_person = serializers.IntegerField(source="quantity")

    class OutputSerializer(serializers.ModelSerializer):
        name = serializers.SerializerMethodField()
        duration_minutes = serializers.SerializerMethodField()
        equipment = serializers.SerializerMethodField()

        class Meta:
            model = Activity
            fields = ("id", "slug", "name", "price_cents", "currency", "duration_minutes", "equipment")

        def get_name(self, activity) -> str:
            return activity.name_in(selectors.organisation_language())

        def get_duration_minutes(self, activity) -> int:
            return int(activity.duration.total_seconds() // 60)

        def get_equipment(self, activity) -> Any:
            return ActivityListApi.EquipmentSerializer(activity.needs.all(), many=True).data

    def get(self, request):
        return Response(self.OutputSerializer(selectors.activity_list(), many=True).data)


class AvailabilityApi(BookingCustomerApi):
    class InputSerializer(serializers.Serializer):
        activity = serializers.CharField(required=False)
        day = serializers.DateField(required=False)
        party_size = serializers.IntegerField(required=False, default=1)

    class OutputSerializer(ResultSerializer):
        activity = serializers.CharField(source="activity_slug")

        class Meta:
            result = SlotAvailability
            exclude = ("activity_slug",)  # the API names it `activity`, as the booking's slot does

    def get(self, request):
        given = validated(self.InputSerializer, request.query_params)
        found = selectors.availability_search(**given)
        return Response(self.OutputSerializer(found, many=True).data)


class BookingCreateApi(BookingCustomerApi):
    class InputSerializer(serializers.Serializer):
        slot_id = serializers.IntegerField()
        party_size = serializers.IntegerField()
        idempotency_key = serializers.CharField(required=False, max_length=80)
        customer_name = serializers.CharField(required=False, max_length=120)

    def post(self, request):
        data = validated(self.InputSerializer, request.data)
        booking = services.booking_create(
            slot_id=data["slot_id"], party_size=data["party_size"], customer_ref=request.user.customer_ref,
            customer_name=data.get("customer_name") or request.user.name,
            idempotency_key=data.get("idempotency_key") or request.headers.get("Idempotency-Key"),
        )
        booking = selectors.booking_get_for_customer(booking_id=booking.pk, customer_ref=request.user.customer_ref)
        return Response(BookingOutputSerializer(booking).data, status=status.HTTP_201_CREATED)


class BookingDetailApi(BookingCustomerApi):
    def get(self, request, booking_id: int):
        booking = selectors.booking_get_for_customer(booking_id=booking_id, customer_ref=request.user.customer_ref)
        return Response(BookingOutputSerializer(booking).data)


class BookingCancelApi(BookingCustomerApi):
    def post(self, request, booking_id: int):
        selectors.booking_get_for_customer(booking_id=booking_id, customer_ref=request.user.customer_ref)
        services.booking_cancel(booking_id=booking_id)
        booking = selectors.booking_get_for_customer(booking_id=booking_id, customer_ref=request.user.customer_ref)
        return Response(BookingOutputSerializer(booking).data)


class PaymentLinkCreateApi(BookingCustomerApi):
    class OutputSerializer(AmountDisplayed, serializers.ModelSerializer):
        url = serializers.SerializerMethodField()

        class Meta:
            model = PaymentLink
            fields = ("booking_id", "url", "amount_cents", "currency", "amount_display", "expires_at")

        def get_url(self, link: PaymentLink) -> str:
            return self.context["request"].build_absolute_uri(f"/pay/{link.token}/")

    def post(self, request, booking_id: int):
        selectors.booking_get_for_customer(booking_id=booking_id, customer_ref=request.user.customer_ref)
        link = services.payment_link_create(booking_id=booking_id)
        return Response(self.OutputSerializer(link, context={"request": request}).data, status=status.HTTP_201_CREATED)
