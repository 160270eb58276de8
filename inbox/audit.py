"""Which staff pages read bank data, and the middleware that writes one audit row (`CustomerDataView`) per showing.

The inbox's sidebar records its own showings (`inbox.services.customer_data_view_record`); every other page that
shows bank data — balances, Pix transfers, keys, holders, the arguments and results of bank tools, previews of
payments — is named here by its path, so a page added to one of these apps is audited without touching it: the
bank's back-office lists and records, approvals, turns and Pix codes (tool calls and their results), Asks (slot
values: keys and amounts), traces and their exports, and a customer's data export. A row is written for a
successful GET (or HEAD; a POST for the data export, which is one) by a signed-in staff member, with the customer
when the path names one.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.db import connection
from django.http import HttpRequest, HttpResponse

from asks.models import Ask
from conversations.models import Conversation
from inbox.models import CustomerDataView
from inbox.services import bank_data_read_record

Shown = CustomerDataView.Shown
ADMIN_APPS = r"(?:bank/\w+|approvals/\w+|agent/(?:turn|pixcode)|asks/(?:ask|slotevent))"


def _conversation_customer(conversation_id: str) -> int | None:
    return Conversation.objects.filter(pk=int(conversation_id)).values_list("customer_id", flat=True).first()


def _ask_customer(ask_id: str) -> int | None:
    return Ask.objects.filter(pk=int(ask_id)).values_list("conversation__customer_id", flat=True).first()


def _customer(customer_id: str) -> int | None:
    return int(customer_id)


CustomerOf = Callable[[str], "int | None"] | None
READS = ("GET", "HEAD")
AUDITED: list[tuple[re.Pattern[str], str, CustomerOf]] = [
    (re.compile(rf"^/admin/{ADMIN_APPS}/$"), Shown.ADMIN_LIST, None),
    (re.compile(rf"^/admin/{ADMIN_APPS}/(?P<id>[^/]+)/(?:change/)?$"), Shown.ADMIN_RECORD, None),
    (re.compile(r"^/workspace/trace/conversation/(?P<id>\d+)/$"), Shown.TRACE, _conversation_customer),
    (re.compile(r"^/workspace/trace/conversation/(?P<id>\d+)/export\.\w+$"), Shown.EXPORT, _conversation_customer),
    (re.compile(r"^/workspace/trace/ask/(?P<id>\d+)/$"), Shown.TRACE, _ask_customer),
    (re.compile(r"^/workspace/trace/ask/(?P<id>\d+)/export\.\w+$"), Shown.EXPORT, _ask_customer),
    (re.compile(r"^/workspace/trace/transfer/(?P<id>[^/]+)/$"), Shown.TRACE, None),
    (re.compile(r"^/privacy/customer/(?P<id>\d+)/export$"), Shown.EXPORT, _customer),
]
EXPORTED_BY_POST = re.compile(r"^/privacy/customer/\d+/export$")


def audited_page(path: str) -> tuple[str, CustomerOf, str] | None:
    """(what is shown, how to find its customer, the id in the path) when `path` is a page that shows bank data."""
    for pattern, shown, customer_of in AUDITED:
        match = pattern.match(path)
        if match:
            return shown, customer_of, match.group("id") if "id" in pattern.groupindex else ""
    return None


class BankDataReadAuditMiddleware:
    """After an organisation's staff page that shows bank data answered 200, one audit row (see the module)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 200 or not (request.method in READS or (
                request.method == "POST" and EXPORTED_BY_POST.match(request.path_info))):
            return response
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated or connection.schema_name == "public":  # type: ignore[attr-defined]
            return response
        found = audited_page(request.path_info)
        if found is not None:
            shown, customer_of, found_id = found
            customer_id = customer_of(found_id) if customer_of is not None and found_id else None
            query = request.META.get("QUERY_STRING", "")
            bank_data_read_record(user=user, shown=shown, customer_id=customer_id,
                                  page=request.path_info + (f"?{query}" if query else ""))
        return response
