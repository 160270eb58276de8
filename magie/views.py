from django.http import HttpRequest, HttpResponse
from django.views.decorators.csrf import csrf_exempt


@csrf_exempt
def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness for load balancers and `manage.py up`: the process answers (through the same middleware as every
    request, so the platform host resolved); no query of its own. Also the bench's bare view."""
    return HttpResponse(b'{"status":"ok"}', content_type="application/json")
