"""Back-office pages of a school: the catalogue (editable by its admins), bookings and payment links (read-only).

Only organisations of kind "school" see them (KindScopedAdminMixin). Saves go through booking.services.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.db.models import IntegerField, OuterRef, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _
from unfold.admin import ModelAdmin, TabularInline

from booking import selectors, services
from booking.models import Activity, ActivityEquipment, Booking, EquipmentType, Instructor, PaymentLink, TimeSlot
from magie.admin_readonly import ReadOnlyMixin
from magie.admin_sites import backoffice_site
from magie.choices import OrganisationKind
from magie.scoping import KindScopedAdminMixin
from staff.columns import duration_words, money_column


class SchoolAdmin(KindScopedAdminMixin, ModelAdmin):
    organisation_kinds = (OrganisationKind.SCHOOL,)


class CatalogueAdmin(SchoolAdmin):
    def save_model(self, request, obj, form, change) -> None:
        services.catalogue_item_save(item=obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # slots and bookings refer to the catalogue; retire rather than delete


class ActivityEquipmentInline(KindScopedAdminMixin, TabularInline):
    organisation_kinds = (OrganisationKind.SCHOOL,)
    model = ActivityEquipment
    extra = 0


@admin.register(Activity, site=backoffice_site)
class ActivityAdmin(CatalogueAdmin):
    list_display = ["name", "slug", "price", "duration_text"]
    search_fields = ["name", "slug"]
    price = money_column("price_cents", _("price per person"))

    @admin.display(description=_("duration"), ordering="duration")
    def duration_text(self, obj: Activity) -> str:
        """"3 horas" / "2 h 30 min", not Python's "3:00:00"."""
        return duration_words(obj.duration)
    inlines = [ActivityEquipmentInline]


@admin.register(Instructor, site=backoffice_site)
class InstructorAdmin(CatalogueAdmin):
    list_display = ["name", "teaches"]
    search_fields = ["name"]
    filter_horizontal = ["activities"]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("activities")

    @admin.display(description=_("activities"))
    def teaches(self, obj: Instructor) -> str:
        return ", ".join(activity.name for activity in obj.activities.all())


@admin.register(EquipmentType, site=backoffice_site)
class EquipmentTypeAdmin(CatalogueAdmin):
    list_display = ["name", "slug", "stock"]


def _booked_places():
    booked = (
        Booking.objects.filter(slot=OuterRef("pk")).exclude(status=Booking.Status.CANCELLED)
        .order_by().values("slot").annotate(places=Sum("party_size")).values("places")
    )
    return Coalesce(Subquery(booked, output_field=IntegerField()), Value(0))


class TimeSlotForm(forms.ModelForm):
    class Meta:
        model = TimeSlot
        fields = ["activity", "instructor", "start", "end", "capacity"]

    def clean_capacity(self) -> int:
        capacity = self.cleaned_data["capacity"]
        if self.instance.pk:
            booked = selectors.slot_load(TimeSlot.objects.get(pk=self.instance.pk)).booked_places
            if capacity is not None and capacity < booked:
                raise forms.ValidationError(f"{booked} places are already booked in this slot.")
        return capacity


@admin.register(TimeSlot, site=backoffice_site)
class TimeSlotAdmin(SchoolAdmin):
    form = TimeSlotForm
    list_display = ["start", "end", "activity", "instructor", "capacity", "booked", "places_left"]
    list_filter = ["activity", "instructor"]
    date_hierarchy = "start"
    list_select_related = ["activity", "instructor"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(booked_places=_booked_places())

    @admin.display(description=_("booked"), ordering="booked_places")
    def booked(self, obj: TimeSlot) -> int:
        return obj.booked_places  # type: ignore[attr-defined]  # annotated by get_queryset

    @admin.display(description=_("places left"))
    def places_left(self, obj: TimeSlot) -> int:
        return max(obj.capacity - obj.booked_places, 0)  # type: ignore[attr-defined]  # annotated by get_queryset

    def save_model(self, request, obj, form, change) -> None:
        services.time_slot_save(slot=obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class SchoolReadOnlyAdmin(ReadOnlyMixin, SchoolAdmin):
    """Bookings and payment links change through services only."""


@admin.register(Booking, site=backoffice_site)
class BookingAdmin(SchoolReadOnlyAdmin):
    list_display = ["id", "slot", "customer_name", "customer_ref", "party_size", "amount", "status", "created_at"]
    list_filter = ["status", "slot__activity", "created_at"]
    search_fields = ["customer_name", "customer_ref"]
    date_hierarchy = "created_at"
    amount = money_column("amount_cents", _("amount"))
    list_select_related = ["slot__activity", "slot__instructor"]


@admin.register(PaymentLink, site=backoffice_site)
class PaymentLinkAdmin(SchoolReadOnlyAdmin):
    list_display = ["id", "booking", "amount", "created_at", "expires_at", "paid_at"]
    list_select_related = ["booking"]
    list_filter = ["created_at", "paid_at"]
    search_fields = ["booking__customer_name", "booking__customer_ref"]
    date_hierarchy = "created_at"
    amount = money_column("amount_cents", _("amount"))
    exclude = ["token"]  # a bearer secret: whoever holds it can pay; staff have no need to see it
