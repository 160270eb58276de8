"""The payment page a customer opens from a payment link: /pay/<token>/ on the school's host.

GET shows the booking and the amount (formatted by babel in the organisation's language); POST pays it (the
demo's stand-in for a card form) through `payment_link_pay`. Paying twice shows "already paid" and changes
nothing; an unknown token answers 404, an expired link 410, a cancelled booking 409, each with a clear page.
"""

from __future__ import annotations

from typing import Any

from babel.dates import format_datetime
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_http_methods

from booking import selectors, services
from booking.errors import BookingNotPayable, PaymentLinkExpired, PaymentLinkNotFound
from booking.models import Booking
from language.locales import LANGS, Lang, babel_locale, lang_of
from language.money import format_money
from magie.choices import OrganisationKind
from magie.errors import DomainError
from magie.scoping import current_kind
from magie.tenancy import tenancy_current

# Customer wording (English msgids, context "customer", translated in the customer catalogues of conversations/locale).
TEXTS: dict[str, Any] = {
    "title": pgettext_lazy("customer", "Pay your booking"), "activity": pgettext_lazy("customer", "Activity"),
    "when": pgettext_lazy("customer", "When"), "instructor": pgettext_lazy("customer", "Instructor"),
    "people": pgettext_lazy("customer", "People"), "amount": pgettext_lazy("customer", "Amount"),
    "pay": pgettext_lazy("customer", "Pay"), "due": pgettext_lazy("customer", "Awaiting payment"),
    "paid_now": pgettext_lazy("customer", "Payment received. Thank you!"),
    "already_paid": pgettext_lazy("customer", "This booking is already paid."),
    "expired": pgettext_lazy("customer", "This payment link has expired. Ask for a new one."),
    "not_found": pgettext_lazy("customer", "This payment link does not exist."),
    "not_payable": pgettext_lazy("customer", "This booking can no longer be paid."),
}
STATE_OF_ERROR = {PaymentLinkNotFound: "not_found", PaymentLinkExpired: "expired", BookingNotPayable: "not_payable"}


def _language(request) -> Lang:
    """The customer's language when the link carries one the organisation serves (`?lang=es`), else its own."""
    wanted, tenancy = request.GET.get("lang", ""), tenancy_current()
    return lang_of(wanted) if wanted in tenancy.languages and wanted in LANGS else selectors.organisation_language()


def _page(request, state: str, *, status: int = 200, link=None):
    language = _language(request)
    with translation.override(language):
        texts = {key: str(text) for key, text in TEXTS.items()}
    context: dict[str, Any] = {"state": state, "message": texts.get(state, ""), "t": texts, "lang": language,
               "organisation": tenancy_current().name}
    if link is not None:
        booking: Booking = link.booking
        tz = selectors.organisation_time_zone()
        context.update(
            booking=booking,
            activity=booking.slot.activity.name_in(language),
            instructor=booking.slot.instructor.name,
            when=format_datetime(booking.slot.start.astimezone(tz), "EEEE d MMMM y, HH:mm",
                                 locale=babel_locale(language)),
            amount=format_money(link.amount_cents, link.currency, language),
        )
    return render(request, "booking/pay.html", context, status=status)


@require_http_methods(["GET", "POST"])
def pay_page(request, token: str):
    if current_kind() != OrganisationKind.SCHOOL:
        return _page(request, "not_found", status=404)
    try:
        if request.method == "POST":
            _, already_paid = services.payment_link_pay(token=token)
            link = selectors.payment_link_get(token=token)
            return _page(request, "already_paid" if already_paid else "paid_now", link=link)
        link = selectors.payment_link_get(token=token)
        if link.booking.status == Booking.Status.PAID:
            return _page(request, "already_paid", link=link)
        selectors.payment_link_check_usable(link=link)
        return _page(request, "due", link=link)
    except DomainError as error:
        return _page(request, STATE_OF_ERROR.get(type(error), "not_payable"), status=error.http_status)
