"""The workspace's pages: thin views over `workspace.selectors`, wrapped by the back office's `admin_view` (login,
staff only, the organisation's own schema), readable by admins and auditors."""

from __future__ import annotations

from collections.abc import Callable
from zoneinfo import ZoneInfo

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from magie.admin_sites import backoffice_site
from magie.errors import NotFound
from tenants.selectors import organisation_current
from workspace.access import user_may_audit
from workspace.exports import table_csv, trace_csv, trace_file_name, trace_json
from workspace.ranges import RangeInvalid, day_range
from workspace.selectors.dashboard import dashboard_figures, recent_asks
from workspace.selectors.trace import Trace, ask_for_transfer, trace_for_ask, trace_for_conversation
from workspace.tables import CODE_COLUMNS, SECTIONS, section_chart, section_table, section_title
from workspace.wording import KIND_LABELS, entry_codes, entry_summary, money


def _auditing(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @require_GET
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not user_may_audit(request.user):
            raise PermissionDenied
        try:
            return view(request, *args, **kwargs)
        except NotFound as error:
            raise Http404(str(error)) from None

    return backoffice_site.admin_view(wrapped)


def _trace_page(request: HttpRequest, trace: Trace, exports: dict[str, str]) -> HttpResponse:
    organisation = organisation_current()
    entries = [{"entry": entry, "label": KIND_LABELS.get(entry.kind, entry.kind),
                "summary": entry_summary(entry, organisation), "codes": entry_codes(entry),
                "amount": money(entry.detail.get("amount_cents"), organisation, entry.detail.get("currency"))}
               for entry in trace.entries]
    subject = (_("Ask %(id)s") % {"id": trace.ask.pk}) if trace.ask else \
        (_("Conversation %(id)s") % {"id": trace.conversation.pk})
    context = {
        **backoffice_site.each_context(request),
        "title": _("Trace of %(subject)s") % {"subject": subject},
        "trace": trace, "entries": entries, "exports": exports, "organisation": organisation,
        "conversation_url": reverse("workspace:trace_conversation", args=[trace.conversation.pk]),
    }
    return render(request, "workspace/trace.html", context)


def _export(trace: Trace, fmt: str) -> HttpResponse:
    organisation = organisation_current()
    if fmt == "csv":
        response = HttpResponse(trace_csv(organisation=organisation, trace=trace), content_type="text/csv")
    elif fmt == "json":
        response = HttpResponse(trace_json(organisation=organisation, trace=trace), content_type="application/json")
    else:
        raise Http404(fmt)
    name = trace_file_name(organisation=organisation, trace=trace, extension=fmt)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@_auditing
def trace_ask(request: HttpRequest, ask_id: int) -> HttpResponse:
    trace = trace_for_ask(organisation=organisation_current(), ask_id=ask_id)
    return _trace_page(request, trace, {fmt: reverse("workspace:trace_ask_export", args=[ask_id, fmt])
                                        for fmt in ("csv", "json")})


@_auditing
def trace_ask_export(request: HttpRequest, ask_id: int, fmt: str) -> HttpResponse:
    return _export(trace_for_ask(organisation=organisation_current(), ask_id=ask_id), fmt)


@_auditing
def trace_conversation(request: HttpRequest, conversation_id: int) -> HttpResponse:
    trace = trace_for_conversation(organisation=organisation_current(), conversation_id=conversation_id)
    return _trace_page(request, trace, {
        fmt: reverse("workspace:trace_conversation_export", args=[conversation_id, fmt]) for fmt in ("csv", "json")})


@_auditing
def trace_conversation_export(request: HttpRequest, conversation_id: int, fmt: str) -> HttpResponse:
    return _export(trace_for_conversation(organisation=organisation_current(), conversation_id=conversation_id), fmt)


@_auditing
def trace_transfer(request: HttpRequest, end_to_end_id: str) -> HttpResponse:
    ask_id = ask_for_transfer(end_to_end_id=end_to_end_id)
    if ask_id is None:
        raise Http404(end_to_end_id)
    return HttpResponseRedirect(f"{reverse('workspace:trace_ask', args=[ask_id])}#transfer-{end_to_end_id}")


def _range(request: HttpRequest):
    return day_range(organisation=organisation_current(), since=request.GET.get("since"),
                     until=request.GET.get("until"))


@_auditing
def dashboard(request: HttpRequest) -> HttpResponse:
    """The dashboard of the range asked; a range refused shows the default one with what was wrong (400)."""
    organisation = organisation_current()
    try:
        days, refused = _range(request), None
    except RangeInvalid as error:
        days, refused = day_range(organisation=organisation), error
    figures = dashboard_figures(since=days.since, until=days.until, zone=ZoneInfo(organisation.time_zone))
    sections = []
    for section in SECTIONS:
        headers, rows = section_table(section, figures)
        sections.append({"id": section, "title": section_title(section), "chart": section_chart(section, figures),
                         "headers": headers, "rows": rows, "code_column": CODE_COLUMNS.get(section),
                         "csv": f"{reverse('workspace:dashboard_csv', args=[section])}?{days.query}"})
    kind = request.GET.get("kind", "")
    context = {
        **backoffice_site.each_context(request),
        "title": _("Dashboard"), "days": days, "figures": figures, "sections": sections, "kind": kind,
        "kinds": list(figures["outcomes"]["by_kind"]),
        "recent": recent_asks(since=days.since, until=days.until, kind=kind),
        "organisation": organisation, "refused": str(refused) if refused else "",
    }
    return render(request, "workspace/dashboard.html", context, status=400 if refused else 200)


@_auditing
def dashboard_csv(request: HttpRequest, section: str) -> HttpResponse:
    organisation = organisation_current()
    if section not in SECTIONS:
        raise Http404(section)
    try:
        days = _range(request)
    except RangeInvalid as error:
        return HttpResponseBadRequest(str(error))
    figures = dashboard_figures(since=days.since, until=days.until, zone=ZoneInfo(organisation.time_zone))
    headers, rows = section_table(section, figures)
    response = HttpResponse(table_csv(headers, rows), content_type="text/csv")
    name = f"{section}_{organisation.schema_name}_{days.first.isoformat()}_{days.end.isoformat()}.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
