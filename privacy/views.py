"""The back office's data-rights page of one customer: what is held, an export (JSON download) and an erasure
(after a confirmation). Thin views over `privacy.services`; each needs its own permission, held by the admin role
(tenants/roles.py), and each use is recorded as a DataRequest."""

from __future__ import annotations

import json
from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from conversations.models import Customer
from magie.admin_sites import backoffice_site
from magie.tenancy import schema_name_current
from privacy.rules import Erase
from privacy.selectors import customer_holdings, customer_requests
from privacy.services import customer_erase, customer_export

EXPORT = "privacy.export_customer_data"
ERASE = "privacy.erase_customer_data"


def _staff_view(view: Callable[..., HttpResponse], *permissions: str) -> Callable[..., HttpResponse]:
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not any(request.user.has_perm(permission) for permission in permissions):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return backoffice_site.admin_view(wrapped)


def requested_by(request: HttpRequest) -> str:
    return f"{request.user.get_username()}@{schema_name_current()}"


def _page(request: HttpRequest, customer: Customer, template: str, title: str) -> HttpResponse:
    holdings = customer_holdings(customer)
    context = {
        **backoffice_site.each_context(request), "title": title, "customer": customer, "holdings": holdings,
        "requests": customer_requests(customer), "may_export": request.user.has_perm(EXPORT),
        "may_erase": request.user.has_perm(ERASE), "erased": [h for h in holdings if h.erase is not Erase.KEEP],
        "kept": [h for h in holdings if h.kept],
    }
    return render(request, template, context)


@require_http_methods(["GET"])
def customer_page(request: HttpRequest, customer_id: int) -> HttpResponse:
    customer = get_object_or_404(Customer, pk=customer_id)
    return _page(request, customer, "privacy/customer.html",
                 _("Data held about customer %(customer)s") % {"customer": customer.pk})


@require_POST
def customer_export_view(request: HttpRequest, customer_id: int) -> HttpResponse:
    if not request.user.has_perm(EXPORT):
        raise PermissionDenied
    customer = get_object_or_404(Customer, pk=customer_id)
    data = customer_export(customer=customer, requested_by=requested_by(request))
    response = HttpResponse(json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False, indent=1),
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="customer-{customer.pk}-data.json"'
    return response


@require_http_methods(["GET", "POST"])
def customer_erase_view(request: HttpRequest, customer_id: int) -> HttpResponse:
    if not request.user.has_perm(ERASE):
        raise PermissionDenied
    customer = get_object_or_404(Customer, pk=customer_id)
    if request.method == "POST":
        if request.POST.get("confirm") != "yes":
            messages.error(request, _("Tick the box to confirm the erasure; nothing was erased."))
        else:
            customer_erase(customer=customer, requested_by=requested_by(request))
            messages.success(request, _("The customer's data was erased; what the law keeps is listed below."))
            return HttpResponseRedirect(reverse("privacy:customer", args=[customer.pk]))
    return _page(request, customer, "privacy/erase.html",
                 _("Erase the data of customer %(customer)s") % {"customer": customer.pk})


customer_page_view = _staff_view(customer_page, EXPORT, ERASE)
customer_export_staff = _staff_view(customer_export_view, EXPORT)
customer_erase_staff = _staff_view(customer_erase_view, ERASE)
