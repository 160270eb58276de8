"""The approval page (channel `app`): a signed one-time link shows the preview exactly as stored, with approve and
decline. The link is the credential; the decision is recorded once and announced to the agent."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from approvals.errors import ApprovalAlreadyDecided
from approvals.links import approval_from_token
from approvals.models import ApprovalRequest
from approvals.previews import word
from approvals.services import approval_decide
from magie.tenancy import tenancy_current


@require_http_methods(["GET", "POST"])
def approval_page(request, token: str):
    approval = approval_from_token(token)
    if approval is None:
        raise Http404("unknown approval link")
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
    return render(request, "approvals/page.html", {
        "approval": approval, "lines": approval.preview["text"].split("\n"),
        "pending": approval.status == ApprovalRequest.Status.PENDING and approval.expires_at > timezone.now(),
        "approve": word(lang, "approve"), "decline": word(lang, "decline"), "lang": lang,
    }, status=status)
