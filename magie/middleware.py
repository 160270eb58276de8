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


class PoolExhaustedMiddleware:
    """Every connection of this process's pool was lent for DATABASE_POOL_TIMEOUT seconds: answer 503 with
    Retry-After instead of a 500 (Meta redelivers a webhook that was not answered 200; nothing is lost)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        return pool_exhausted_response(exception)


def pool_exhausted_response(exception: BaseException):
    """503 with Retry-After when `exception` (or its cause) is the pool's timeout, else None."""
    from django.http import JsonResponse
    from psycopg_pool import PoolTimeout

    cause: BaseException | None = exception
    while cause is not None and not isinstance(cause, PoolTimeout):
        cause = cause.__cause__
    if cause is None:
        return None
    response = JsonResponse({"code": "busy", "message": "no database connection free; try again"}, status=503)
    response["Retry-After"] = "1"
    return response


BEARER_PREFIXES = ("/approve/", "/pay/")


class BearerLinkHeadersMiddleware:
    """Pages reached by a bearer link (an approval or payment link: the token is the path) are never cached by a
    browser or proxy and never name their address to another site: `Cache-Control: no-store` and
    `Referrer-Policy: no-referrer` (set before SecurityMiddleware's same-origin default, which then keeps them)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.path_info.startswith(BEARER_PREFIXES):
            response["Cache-Control"] = "no-store"
            response["Referrer-Policy"] = "no-referrer"
        return response
