from django.shortcuts import render

from tenants.models import Organisation


def platform_home(request):
    """A directory of the organisations with their back-office addresses."""
    organisations = Organisation.objects.exclude(schema_name="public").prefetch_related("domains")
    port = request.get_port()
    return render(request, "platform_home.html", {"organisations": organisations, "port": port})
