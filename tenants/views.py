from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt

from tenants.models import Organisation


def platform_home(request):
    """A directory of the organisations with their back-office addresses."""
    organisations = Organisation.objects.exclude(schema_name="public").prefetch_related("domains")
    port = request.get_port()
    return render(request, "platform_home.html", {"organisations": organisations, "port": port})


@csrf_exempt
def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness for load balancers and `manage.py up`: the process answers (through the same middleware as every
    request, so the platform host resolved); no query of its own. Also the bench's bare view."""
    return HttpResponse(b'{"status":"ok"}', content_type="application/json")
