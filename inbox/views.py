"""The inbox of the back office: a list of escalated chats (tabs, filters, search, pages; polled by htmx so new
ones and status changes appear without reload) beside one chat's detail (the note, the conversation with delivery
status, the customer's Asks, private notes), where agents and admins claim, reassign, reply (typed or canned), note
and resolve (POST + CSRF). Auditors read.

Views are wrapped by `backoffice_site.admin_view`: anonymous visitors go to the back office's login, non-staff are
refused, and the organisation's schema (its host) is the only place the user exists at all.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict, StreamingHttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from conversations.services import conversation_topic
from inbox import assignment, selectors, services
from inbox.errors import EscalationAssigneeInvalid, EscalationNotFound, EscalationReplyInvalid
from inbox.forms import NoteForm, ReplyForm, ResolveForm
from inbox.guard_words import guard_words
from inbox.selectors import InboxFilters
from language.locales import LANGS
from magie.admin_sites import backoffice_site
from magie.choices import OrganisationKind
from magie.errors import DomainError
from magie.live import live_hub
from magie.tenancy import schema_name_current, tenancy_current


def _list_context(request: HttpRequest, filters: InboxFilters, selected_id: int | None) -> dict:
    page = Paginator(selectors.escalation_inbox(user=_staff(request), filters=filters), selectors.PAGE_SIZE)
    current = page.get_page(filters.page)
    current.object_list = selectors.escalations_with_sla(current.object_list)  # each chat's SLA clocks
    counts = selectors.escalation_tab_counts(user=_staff(request))
    labels = {"mine": _("Mine"), "unassigned": _("Unassigned"), "all": _("All")}
    return {"filters": filters, "page": current, "paginator": page, "selected_id": selected_id, "counts": counts,
            "tabs": [{"name": tab, "label": labels[tab], "count": counts[tab], "query": filters.query(tab=tab, page=1)}
                     for tab in selectors.TABS],
            "previous_query": filters.query(page=current.number - 1) if current.has_previous() else None,
            "next_query": filters.query(page=current.number + 1) if current.has_next() else None,
            "list_url": f"{reverse('inbox:list')}?{filters.query()}"}


def _detail_context(request: HttpRequest, escalation_id: int | None, drafts: dict[str, str] | None = None) -> dict:
    escalation = selectors.escalation_get(escalation_id=escalation_id) if escalation_id else None
    if escalation is None:
        return {"escalation": None}
    selectors.escalations_with_sla([escalation])
    conversation = selectors.escalation_conversation(escalation=escalation)
    services.conversation_read_mark(user=_staff(request), conversation_id=escalation.conversation_id,
                                    up_to_message_id=max((item["message"].pk for item in conversation), default=0))
    mine = escalation.claimed_by_id == request.user.pk
    drafts = drafts or {}
    return {
        "escalation": escalation, "mine": mine, "guard_words": guard_words(escalation.guard),
        "conversation": conversation,
        "sidebar": selectors.escalation_customer_context(escalation=escalation),
        "organisation": tenancy_current(),  # the open Ask's amounts in its currency and language
        "bank_section": (tenancy_current().kind == OrganisationKind.BANK
                         and selectors.user_may_see_customer_bank(request.user, escalation)),
        "private_notes": list(escalation.private_notes.select_related("author")),
        "canned": selectors.canned_replies_filled(escalation=escalation, agent=_staff(request)),
        "staff": [user for user in selectors.acting_staff() if user.pk != escalation.claimed_by_id],
        "kept": {name: text for name, text in drafts.items() if text.strip()},
        "reply_form": ReplyForm(initial={"text": drafts.get("reply", "")}),
        "note_form": NoteForm(initial={"text": drafts.get("note", "")}),
        "resolve_form": ResolveForm(initial={"note": drafts.get("resolve", "")}),
    }


def _render_page(request: HttpRequest, escalation_id: int | None, *, status: int = 200,
                 drafts: dict[str, str] | None = None) -> HttpResponse:
    """The three panes; on a phone one at a time: the list at /inbox/, the chat at /inbox/<id>/ (`screen`)."""
    if not selectors.user_may_view_queue(request.user):
        raise PermissionDenied
    screen = "list" if escalation_id is None else "chat"
    filters = InboxFilters.from_query(request.GET)
    listing = _list_context(request, filters, escalation_id)
    if escalation_id is None and listing["page"].object_list:
        escalation_id = listing["page"].object_list[0].pk
        listing["selected_id"] = escalation_id
    context = {
        **backoffice_site.each_context(request),
        "title": _("Inbox: escalated chats"),
        **listing,
        **_detail_context(request, escalation_id, drafts),
        "may_act": selectors.user_may_act(request.user),
        "availability": selectors.agent_availability(user=_staff(request)),
        "guards": selectors.escalation_guards(), "languages": LANGS, "screen": screen,
    }
    return render(request, "inbox/inbox.html", context, status=status)


@require_GET
def _queue(request: HttpRequest) -> HttpResponse:
    return _render_page(request, None)


@require_GET
def _detail(request: HttpRequest, escalation_id: int) -> HttpResponse:
    return _render_page(request, escalation_id)


@require_GET
def _customer_bank(request: HttpRequest, escalation_id: int) -> HttpResponse:
    """The sidebar's bank section (the page loads it with htmx): the customer's balance and recent Pix, read-only.
    404 for no such escalation here or an organisation that is not a bank; 403 for an agent and a chat another
    agent holds (or a resolved one). Each showing is recorded: who, when, which customer, what."""
    escalation = selectors.escalation_get(escalation_id=escalation_id)
    if escalation is None or tenancy_current().kind != OrganisationKind.BANK:
        raise Http404
    if not selectors.user_may_see_customer_bank(request.user, escalation):
        raise PermissionDenied
    bank = selectors.escalation_customer_bank(escalation=escalation)
    if bank is not None:
        services.customer_data_view_record(escalation=escalation, user=_staff(request), pix_count=len(bank["pix"]))
    return render(request, "inbox/_bank.html", {"escalation": escalation, "bank": bank})


@require_GET
def _list(request: HttpRequest) -> HttpResponse:
    """The list pane alone: what the page polls (htmx) to show arrivals and status changes without reload."""
    if not selectors.user_may_view_queue(request.user):
        raise PermissionDenied
    filters = InboxFilters.from_query(request.GET)
    selected = request.GET.get("selected", "")
    context = _list_context(request, filters, int(selected) if selected.isdigit() else None)
    return render(request, "inbox/_list.html", context)


@require_GET
def _messages(request: HttpRequest, escalation_id: int) -> HttpResponse:
    """What the open chat fetches: its messages with an id above `?after=` as `<li>` items (an empty
    body when nothing arrived), marked read for the staff member on the way. Only the chat's list grows, so the
    reply box the agent types in is never touched.

    The page asks when the chat's event stream (`live/`) says something arrived, on each (re)connection of that
    stream, every 15 s as a safety net, and every 0.8 s when it has no stream (the fallback)."""
    if not selectors.user_may_view_queue(request.user):
        raise PermissionDenied
    after = request.GET.get("after", "")
    if not after.isdigit():
        return HttpResponse(_("Give ?after= the id of the last message shown."), status=400,
                            content_type="text/plain; charset=utf-8")
    escalation = selectors.escalation_get(escalation_id=escalation_id)
    if escalation is None:
        raise Http404
    fresh = selectors.conversation_messages_after(escalation=escalation, after_id=int(after))
    if fresh:
        services.conversation_read_mark(user=_staff(request), conversation_id=escalation.conversation_id,
                                        up_to_message_id=fresh[-1]["message"].pk)
    return render(request, "inbox/_messages.html", {"conversation": fresh})


@require_GET
def _live(request: HttpRequest, escalation_id: int) -> HttpResponse | StreamingHttpResponse:
    """The open chat's server-sent events (magie.live): `message`, `receipt` (ref: the message) and `note` (ref:
    the note) as they are committed, only this organisation's and only this chat's, for staff who may read the
    inbox. Events carry ids only: the page fetches what changed through `messages/` and `notes/`, which check
    access again. 204 when this process already serves its most streams: EventSource stops and the page polls."""
    if not selectors.user_may_view_queue(request.user):
        raise PermissionDenied
    escalation = selectors.escalation_get(escalation_id=escalation_id)
    if escalation is None:
        raise Http404
    stream = live_hub().subscribe(schema=schema_name_current(), topic=conversation_topic(escalation.conversation_id))
    if stream is None:
        return HttpResponse(status=204)
    response = StreamingHttpResponse(stream, content_type="text/event-stream; charset=utf-8")
    response["Cache-Control"] = "no-cache, no-store"
    response["X-Accel-Buffering"] = "no"  # a proxy in front (nginx) passes each event on at once
    return response


@require_GET
def _notes(request: HttpRequest, escalation_id: int) -> HttpResponse:
    """The chat's private notes alone: what the open chat fetches when a colleague adds one."""
    if not selectors.user_may_view_queue(request.user):
        raise PermissionDenied
    escalation = selectors.escalation_get(escalation_id=escalation_id)
    if escalation is None:
        raise Http404
    return render(request, "inbox/_notes.html",
                  {"private_notes": list(escalation.private_notes.select_related("author"))})


@require_POST
def _availability(request: HttpRequest) -> HttpResponse:
    """The staff member's own switch: available for new chats (the automatic assignment gives them chats up to
    their capacity) or not."""
    if not selectors.user_may_act(request.user):
        raise PermissionDenied
    available = request.POST.get("available") == "1"
    assignment.agent_availability_set(user=_staff(request), available=available)
    messages.success(request, _("You are available for new chats.") if available
                     else _("You no longer receive new chats."))
    query = request.POST.get("query", "")
    return HttpResponseRedirect(f"{reverse('inbox:queue')}?{query}" if query else reverse("inbox:queue"))


def _back(request: HttpRequest, escalation_id: int) -> HttpResponseRedirect:
    query = request.POST.get("query", "")
    url = reverse("inbox:detail", args=[escalation_id])
    return HttpResponseRedirect(f"{url}?{query}" if query else url)


def _action(act: Callable[[HttpRequest, int], str], draft_field: tuple[str, str] | None = None
            ) -> Callable[..., HttpResponse]:
    """POST only, agents and admins only. Done → back to the chat with a message; refused → the same page with the
    error code and whatever was typed kept in its field."""

    @require_POST
    def view(request: HttpRequest, escalation_id: int) -> HttpResponse:
        if not selectors.user_may_act(request.user):
            raise PermissionDenied
        try:
            done = act(request, escalation_id)
        except EscalationNotFound:
            messages.error(request, _("Escalation %(id)s: refused (%(code)s).") % {
                "id": escalation_id, "code": "escalation_not_found"})
            return HttpResponseRedirect(reverse("inbox:queue"))
        except DomainError as error:
            messages.error(request, _("Escalation %(id)s: refused (%(code)s).") % {"id": escalation_id,
                                                                                   "code": error.code})
            if draft_field is not None:
                form_name, field = draft_field
                request.GET = QueryDict(request.POST.get("query", ""))  # the list as the agent had it
                return _render_page(request, escalation_id, status=400,
                                    drafts={form_name: request.POST.get(field, "")})
            return _back(request, escalation_id)
        messages.success(request, done)
        return _back(request, escalation_id)

    return view


def _staff(request: HttpRequest) -> User:
    """The signed-in staff member (`_action` lets no one else through)."""
    assert isinstance(request.user, User)
    return request.user


def _claim(request: HttpRequest, escalation_id: int) -> str:
    services.escalation_claim(escalation_id=escalation_id, user=_staff(request))
    return _("You hold escalation %(id)s.") % {"id": escalation_id}


def _reply(request: HttpRequest, escalation_id: int) -> str:
    text = request.POST.get("text", "")
    form = ReplyForm({"text": text})
    if text.strip() and not form.is_valid():  # longer than a WhatsApp text (an empty one: the service says so)
        raise EscalationReplyInvalid(escalation_id=escalation_id, errors=form.errors.get_json_data())
    services.escalation_reply(escalation_id=escalation_id, user=_staff(request), text=text)
    return _("Reply sent in escalation %(id)s.") % {"id": escalation_id}


def _note(request: HttpRequest, escalation_id: int) -> str:
    services.escalation_note_add(escalation_id=escalation_id, user=_staff(request), text=request.POST.get("text", ""))
    return _("Private note added to escalation %(id)s.") % {"id": escalation_id}


def _reassign(request: HttpRequest, escalation_id: int) -> str:
    to_user = get_user_model().objects.filter(pk=request.POST.get("to_user") or 0).first()
    if to_user is None:
        raise EscalationAssigneeInvalid(escalation_id=escalation_id)
    services.escalation_reassign(escalation_id=escalation_id, user=_staff(request), to_user=to_user)
    return _("Escalation %(id)s is now held by %(user)s.") % {"id": escalation_id, "user": to_user.get_username()}


def _resolve(request: HttpRequest, escalation_id: int) -> str:
    services.escalation_resolve(escalation_id=escalation_id, user=_staff(request), note=request.POST.get("note", ""))
    return _("Escalation %(id)s resolved; the customer was told and the bot answers this chat again.") % {
        "id": escalation_id}


queue = backoffice_site.admin_view(_queue)
detail = backoffice_site.admin_view(_detail)
inbox_list = backoffice_site.admin_view(_list)
customer_bank = backoffice_site.admin_view(_customer_bank)
messages_after = backoffice_site.admin_view(_messages)
live = backoffice_site.admin_view(_live)
notes = backoffice_site.admin_view(_notes)
availability = backoffice_site.admin_view(_availability)
claim = backoffice_site.admin_view(_action(_claim))
reply = backoffice_site.admin_view(_action(_reply, ("reply", "text")))
note = backoffice_site.admin_view(_action(_note, ("note", "text")))
reassign = backoffice_site.admin_view(_action(_reassign))
resolve = backoffice_site.admin_view(_action(_resolve, ("resolve", "note")))
