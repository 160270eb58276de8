from django.apps import AppConfig


class BookingConfig(AppConfig):
    name = "booking"
    verbose_name = "Bookings"

    def seed_demo(self, organisation) -> None:
        """Demo catalogue, slots and a few bookings for organisations of kind "school" only (idempotent)."""
        if getattr(organisation, "kind", None) != "school":
            return
        from booking.demo import seed_school

        seed_school(organisation)
