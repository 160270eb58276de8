from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BookingConfig(AppConfig):
    name = "booking"
    verbose_name = _("School")

    def seed_demo(self, organisation) -> None:
        """Demo catalogue, slots and a few bookings for organisations of kind "school" only (idempotent)."""
        from magie.choices import OrganisationKind

        if getattr(organisation, "kind", None) != OrganisationKind.SCHOOL:
            return
        from booking.demo import seed_school

        seed_school(organisation)
