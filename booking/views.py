"""The payment page a customer opens from a payment link: /pay/<token>/ on the school's host.

GET shows the booking and the amount (formatted by babel in the organisation's language); POST pays it (the
demo's stand-in for a card form) through `payment_link_pay`. Paying twice shows "already paid" and changes
nothing; an unknown token answers 404, an expired link 410, a cancelled booking 409, each with a clear page.
"""

from __future__ import annotations

from typing import Any

from babel.dates import format_datetime
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from booking import selectors, services
from booking.errors import BookingNotPayable, PaymentLinkExpired, PaymentLinkNotFound
from booking.models import Booking
from language.locales import babel_locale
from language.money import format_money
from magie.errors import DomainError
from magie.scoping import current_kind
from magie.tenancy import tenancy_current

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Pay your booking", "activity": "Activity", "when": "When", "instructor": "Instructor",
        "people": "People", "amount": "Amount", "pay": "Pay", "due": "Awaiting payment",
        "paid_now": "Payment received. Thank you!", "already_paid": "This booking is already paid.",
        "expired": "This payment link has expired. Ask for a new one.",
        "not_found": "This payment link does not exist.", "not_payable": "This booking can no longer be paid.",
    },
    "ca": {
        "title": "Pagueu la reserva", "activity": "Activitat", "when": "Quan", "instructor": "Monitor",
        "people": "Persones", "amount": "Import", "pay": "Paga", "due": "Pendent de pagament",
        "paid_now": "Pagament rebut. Gràcies!", "already_paid": "Aquesta reserva ja està pagada.",
        "expired": "Aquest enllaç de pagament ha caducat. Demaneu-ne un de nou.",
        "not_found": "Aquest enllaç de pagament no existeix.", "not_payable": "Aquesta reserva ja no es pot pagar.",
    },
    "es": {
        "title": "Paga tu reserva", "activity": "Actividad", "when": "Cuándo", "instructor": "Monitor",
        "people": "Personas", "amount": "Importe", "pay": "Pagar", "due": "Pendiente de pago",
        "paid_now": "Pago recibido. ¡Gracias!", "already_paid": "Esta reserva ya está pagada.",
        "expired": "Este enlace de pago ha caducado. Pide uno nuevo.",
        "not_found": "Este enlace de pago no existe.", "not_payable": "Esta reserva ya no se puede pagar.",
    },
    "pt-BR": {
        "title": "Pague sua reserva", "activity": "Atividade", "when": "Quando", "instructor": "Instrutor",
        "people": "Pessoas", "amount": "Valor", "pay": "Pagar", "due": "Aguardando pagamento",
        "paid_now": "Pagamento recebido. Obrigado!", "already_paid": "Esta reserva já está paga.",
        "expired": "Este link de pagamento expirou. Peça um novo.",
        "not_found": "Este link de pagamento não existe.", "not_payable": "Esta reserva não pode mais ser paga.",
    },
}
STATE_OF_ERROR = {PaymentLinkNotFound: "not_found", PaymentLinkExpired: "expired", BookingNotPayable: "not_payable"}


def _page(request, state: str, *, status: int = 200, link=None):
    language = selectors.organisation_language()
    texts = TEXTS.get(language, TEXTS["en"])
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
    if current_kind() != "school":
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
