"""The approval page (channel `app`): a signed one-time link shows the preview exactly as stored, with approve and
decline. The link is the credential; the decision is recorded once and announced to the agent. Once decided (or
expired) the page says what happened in the customer's words (`STATUS_TEXTS`), never the stored status code; an
unknown link gets a page of its own in the organisation's language, not Django's English "Not Found"."""

from __future__ import annotations

from django.shortcuts import render
from django.utils import timezone, translation
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_http_methods

from approvals.errors import ApprovalAlreadyDecided
from approvals.links import approval_from_token
from approvals.models import ApprovalRequest
from approvals.previews import word
from approvals.services import approval_decide
from conversations.wording import django_language
from magie.tenancy import tenancy_current

# Customer wording (English msgids, context "customer", translated in the customer catalogues of conversations/locale).
STATUS_TEXTS = {
    "approved": pgettext_lazy("customer", "You approved it. The confirmation comes in the chat."),
    "executed": pgettext_lazy("customer", "You approved it, and it was done."),
    "execution_failed": pgettext_lazy("customer", "You approved it, but it could not be done. The chat says why."),
    "declined": pgettext_lazy("customer", "You declined it. Nothing was done."),
    "expired": pgettext_lazy("customer", "This confirmation expired. Nothing was done; ask again in the chat."),
    "voided": pgettext_lazy("customer", "This confirmation was replaced or cancelled. Nothing was done."),
    "not_found": pgettext_lazy("customer", "This approval link does not exist."),
}


def _status_text(status: str, lang: str) -> str:
    with translation.override(django_language(lang)):
        return str(STATUS_TEXTS.get(status, STATUS_TEXTS["voided"]))


@require_http_methods(["GET", "POST"])
def approval_page(request, token: str):
    approval = approval_from_token(token)
    if approval is None:
        lang = tenancy_current().language
        return render(request, "approvals/page.html", {"lang": lang, "said": _status_text("not_found", lang)},
                      status=404)
    lang = approval.conversation.language or tenancy_current().language  # the customer's, as the preview's
    status = 200
    if request.method == "POST" and request.POST.get("decision") in ("approve", "decline"):
        try:
            approval = approval_decide(
                approval_id=approval.pk, approve=request.POST["decision"] == "approve",
                by=f"app-link:{approval.conversation.customer.channel_user_id}", channel="app", at=timezone.now(),
                announce=True,
            )
        except ApprovalAlreadyDecided:
            approval.refresh_from_db()
            status = 409
        if approval.status == ApprovalRequest.Status.EXPIRED:
            status = 410
    pending = approval.status == ApprovalRequest.Status.PENDING and approval.expires_at > timezone.now()
    shown = approval.status if approval.status != ApprovalRequest.Status.PENDING else "expired"  # pending past expiry
    return render(request, "approvals/page.html", {
        "approval": approval, "lines": approval.preview["text"].split("\n"), "pending": pending,
        "approve": word(lang, "approve"), "decline": word(lang, "decline"), "lang": lang,
        "said": "" if pending else _status_text(shown, lang),
    }, status=status)
