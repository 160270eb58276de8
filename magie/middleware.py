from zoneinfo import ZoneInfo

from django.utils import timezone


class OrganisationTimeZoneMiddleware:
    """Staff read times in their organisation's time zone (stored times stay UTC)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        tenant = getattr(request, "tenant", None)
        if tenant is not None and not tenant.is_platform:
            timezone.activate(ZoneInfo(tenant.time_zone))
        else:
            timezone.deactivate()
        return self.get_response(request)
