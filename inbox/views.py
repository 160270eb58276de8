"""The queue page of the back office: staff read it, agents and admins claim, reply and resolve (POST + CSRF).

Views are wrapped by `backoffice_site.admin_view`: anonymous visitors go to the back office's login, non-staff are
refused, and the organisation's schema (its host) is the only place the user exists at all.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from inbox import selectors, services
from inbox.errors import EscalationReplyInvalid
from inbox.forms import ReplyForm, ResolveForm
from magie.admin_sites import backoffice_site
from magie.errors import DomainError


def _back(escalation_id: int | None = None) -> HttpResponseRedirect:
    url = reverse("inbox:queue")
    return HttpResponseRedirect(f"{url}#escalation-{escalation_id}" if escalation_id else url)


@require_GET
def _queue(request: HttpRequest) -> HttpResponse:
    if not selectors.user_may_view_queue(request.user):
        raise PermissionDenied
    items = [{"escalation": escalation,
              "messages": selectors.escalation_recent_messages(escalation=escalation),
              "mine": escalation.claimed_by_id == request.user.pk}
             for escalation in selectors.escalation_queue()]
    context = {
        **backoffice_site.each_context(request),
        "title": "Inbox: escalated chats",
        "items": items,
        "may_act": selectors.user_may_act(request.user),
        "reply_form": ReplyForm(),
        "resolve_form": ResolveForm(),
    }
    return render(request, "inbox/queue.html", context)


def _action(act: Callable[[HttpRequest, int], str]) -> Callable[..., HttpResponse]:
    """POST only, agents and admins only; a domain error is shown by its code on the queue page."""

    @require_POST
    def view(request: HttpRequest, escalation_id: int) -> HttpResponse:
        if not selectors.user_may_act(request.user):
            raise PermissionDenied
        try:
            done = act(request, escalation_id)
        except DomainError as error:
            messages.error(request, f"Escalation {escalation_id}: refused ({error.code}).")
        else:
            messages.success(request, done)
        return _back(escalation_id)

    return view


def _staff(request: HttpRequest) -> User:
    """The signed-in staff member (`_action` lets no one else through)."""
    assert isinstance(request.user, User)
    return request.user


def _claim(request: HttpRequest, escalation_id: int) -> str:
    services.escalation_claim(escalation_id=escalation_id, user=_staff(request))
    return f"You hold escalation {escalation_id}."


def _reply(request: HttpRequest, escalation_id: int) -> str:
    form = ReplyForm(request.POST)
    if not form.is_valid():
        raise EscalationReplyInvalid(escalation_id=escalation_id, errors=form.errors.get_json_data())
    services.escalation_reply(escalation_id=escalation_id, user=_staff(request), text=form.cleaned_data["text"])
    return f"Reply sent in escalation {escalation_id}."


def _resolve(request: HttpRequest, escalation_id: int) -> str:
    form = ResolveForm(request.POST)
    note = form.cleaned_data["note"] if form.is_valid() else ""
    services.escalation_resolve(escalation_id=escalation_id, user=_staff(request), note=note)
    return f"Escalation {escalation_id} resolved; the bot answers this chat again."


queue = backoffice_site.admin_view(_queue)
claim = backoffice_site.admin_view(_action(_claim))
reply = backoffice_site.admin_view(_action(_reply))
resolve = backoffice_site.admin_view(_action(_resolve))
