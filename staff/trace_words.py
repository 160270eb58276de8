"""An Ask's history in the staff member's words: the decision engine's actions and rules, the agent's tools, why a
call or an execution failed, and the JSON the records keep (tool arguments and results, preview facts, the
perception) as a table of labelled values, amounts as money and times in the organisation's zone.

The stored codes never change: the words are chosen at display, as for statuses and guards (`stored_words`). An
unknown code (a tool or a rule added later, an exception's text) is shown readably — a code's underscores become
spaces, a text stays as it is — never as a crash. `staff/tests/test_trace_words.py` fails when a code the system
can produce has no words here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import date, datetime
from typing import Any

from django.utils import formats, timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from language.locales import lang_of
from language.money import format_money
from staff.stored_words import ask_kind_label, channel_label, risk_label, slot_label, status_label

# What the decision engine decided for a message (asks.decide.Action).
DECISIONS = {"fill": _("fill in details"), "correct": _("correct a detail"), "start_new": _("start a new request"),
             "resume": _("resume a request"), "cancel": _("cancel"), "confirm": _("confirm"),
             "refuse_stale": _("refuse an old button"), "clarify": _("ask the customer to clarify")}

# The rule that fired: the decision engine's (asks.decide's table), then the turn's and the continuation's.
RULES = {
    "button_confirms": _("the customer tapped the approval button"),
    "button_declines": _("the customer tapped the decline button"),
    "stale_confirmation_button": _("a button of an earlier preview or of a closed request"),
    "resume_button": _("the customer tapped the button to resume a paused request"),
    "stale_resume_button": _("a resume button of a request that is no longer paused"),
    "clarified_as_correction": _("the customer chose to change the open request"),
    "clarified_as_new_request": _("the customer chose to start a new request"),
    "stale_choice_button": _("an answer to a question that is no longer open"),
    "swipe_reply_resumes_parked": _("a reply quoting a message of a paused request"),
    "swipe_reply_resumes_from_quoted_message": _("a reply quoting a message of a closed request"),
    "swipe_reply_resumes_open_from_quoted_message": _("a reply quoting an earlier message of the open request"),
    "customer_cancelled": _("the customer asked to cancel"),
    "cancel_without_open_ask": _("the customer asked to cancel with no request open"),
    "typed_resume_of_parked": _("the customer asked to resume a paused request"),
    "detail_narrows_done_search": _("a detail that narrows the search just answered"),
    "bare_same_kind_resumes_parked": _("the customer asked again for a paused request"),
    "new_request_without_open_ask": _("a new request, none open"),
    "request_after_its_question": _("a request after the question it follows, its details carried"),
    "question_asked_again": _("the question just answered, asked again with other details"),
    "value_without_request": _("details without a request"),
    "values_complete_a_request": _("details that make up a whole request"),
    "value_starts_the_only_request": _("details that start the one request they belong to"),
    "cancel_of_done_request": _("the customer cancels a booking made"),
    "change_of_done_request": _("the customer changes a booking made"),
    "nothing_to_act_on": _("nothing to act on"),
    "side_request_parks_open_ask": _("another request: the open one is paused"),
    "side_request_supersedes_open_ask": _("another request: the open one is replaced"),
    "correction_wording": _("the customer corrected a detail"),
    "correction_without_value": _("a correction without a new detail"),
    "typed_confirmation_needs_button": _("a typed yes: the approval needs the button"),
    "new_request_wording_same_kind": _("a new request of the same kind"),
    "same_kind_fills_collecting_ask": _("the same request said again with what it lacked"),
    "value_under_preview_changes_it": _("an amount or a day under a preview: it changes it"),
    "same_kind_wording_under_preview_changes_it": _("the same request with another detail under a preview: it changes it"),
    "stale_ask_cooled_kind_restarts": _("the open request had gone stale: a new one starts"),
    "stale_ask_cooled_bare_value": _("the open request had gone stale: a detail alone"),
    "stale_ask_cooled": _("the open request had gone stale"),
    "ask_executing": _("the request is being carried out"),
    "fills_missing_slots": _("details that were missing"),
    "value_for_filled_slot_without_wording": _("a different detail without saying it is a correction"),
    "no_new_information": _("nothing new"),
    "answers_the_slot_asked_for": _("the answer to the detail the agent asked for"),
    # the turn's and the continuation's
    "preview_shown": _("the preview was shown to the customer"),
    "change_voids_preview": _("a change voids the preview"),
    "new_preview_replaces_old": _("a new preview replaces the earlier one"),
    "parked_ask_cooled": _("a paused request went stale"),
    "approval_declined": _("the customer declined the approval"),
    "approval_expired": _("the approval expired"),
    "approved_effect_failed": _("approved, but the system refused it"),
    "effect_completed": _("carried out"),
    "turn_failed": _("the agent failed on this message"),
    "turn_failed_holds": _("the agent failed: the request waits for the customer"),
    "tool_failure_closes": _("the system refused it: the request is closed"),
    "tool_failure_holds": _("the system refused a detail: it is asked again"),
    "escalated_silent": _("the chat is with a person: the agent stays silent"),
    "escalated_acknowledged": _("the chat is with a person: the customer was told once that a person will answer"),
    "edit_recorded": _("an edited message, recorded"),
    "csat_recorded": _("the customer rated the chat a person resolved"),
    "csat_already_rated": _("a second rating of the same chat, not recorded"),
    "csat_refused": _("a rating tap that rates nothing (forged, or another chat's), not recorded"),
    "deletion_recorded": _("a deleted message, recorded"),
    "system_notice_recorded": _("a notice of WhatsApp, recorded"),
    "payment_dispute_to_person": _("a disputed payment: handed to a person"),
    "person_requested_to_person": _("the customer asked for a person: handed to a person"),
    "problem_reported_to_person": _("something stolen, broken or to return: handed to a person"),
    "limit_change_to_person": _("a limit to change: handed to a person"),
    "pix_code_several": _("several Pix codes in one message"),
    "pix_code_damaged": _("a damaged Pix code"),
    "pix_code_invalid": _("not a valid Pix code"),
    "pix_code_amount_fixed": _("another amount said beside a Pix code that fixes its own"),
}
_APPROVED_VIA = re.compile(r"^approved_via_(?P<channel>\w+)$")
_SUCCEEDED = re.compile(r"^(?P<tool>\w+)_succeeded$")

# The agent's tools (agent.tools.*: one tuple per organisation kind).
TOOLS = {"get_balance": _("read the account balance"), "lookup_pix_key": _("look up the Pix recipient"),
         "send_pix": _("send the Pix"), "list_pix_history": _("list the Pix history"),
         "check_availability": _("check free times"), "create_booking": _("book"),
         "send_payment_link": _("send the payment link"), "search_catalog": _("search the catalogue"),
         "quote_used_device": _("quote a used device"), "quote_products": _("quote several products"),
         "shown_products": _("read the products just shown"), "my_bookings": _("list the customer's bookings"),
         "scheduled_pix": _("list the customer's scheduled Pix"), "cancel_scheduled_pix": _("cancel a scheduled Pix"),
         "change_scheduled_pix": _("change a scheduled Pix"),
         "cancel_booking": _("cancel the booking"), "change_booking": _("change the booking")}

# Why a tool call, an execution or a turn failed: the engines' error codes, the registry's and the gate's.
FAILURES = {
    "account_not_found": _("account not found"), "real_money_refused": _("real money refused in the simulator"), "transfer_not_found": _("Pix transfer not found"),
    "invalid_key": _("not a valid Pix key"), "key_not_found": _("Pix key not found"),
    "lookup_budget_exceeded": _("too many Pix key lookups"), "amount_invalid": _("invalid amount"),
    "same_account": _("the key is the customer's own account"), "insufficient_funds": _("insufficient funds"),
    "night_limit_exceeded": _("night-time Pix limit exceeded"),
    "idempotency_key_reused": _("the same request was already made"),
    "idempotency_key_missing": _("the request had no idempotency key"),
    "schedule_invalid": _("invalid schedule date"), "transfer_not_cancellable": _("the Pix can no longer be cancelled"),
    "transfer_not_changeable": _("the Pix can no longer be changed"),
    "contact_not_found": _("saved contact not found"), "contact_ambiguous": _("several saved contacts have that name"),
    "txid_invalid": _("invalid Pix code charge identifier"),
    "slot_not_found": _("time slot not found"), "activity_not_found": _("activity not found"),
    "booking_not_found": _("booking not found"), "payment_link_not_found": _("payment link not found"),
    "invalid_party_size": _("invalid number of people"), "slot_taken": _("the time slot was just taken"),
    "party_too_large": _("not enough places for that many people"),
    "instructor_unavailable": _("no instructor free at that time"),
    "out_of_equipment": _("not enough equipment at that time"), "slot_in_the_past": _("the time has passed"),
    "booking_not_payable": _("the booking can no longer be paid"),
    "booking_not_cancellable": _("the booking can no longer be cancelled"),
    "booking_not_changeable": _("the booking can no longer be changed"),
    "payment_link_expired": _("the payment link expired"),
    "product_not_found": _("product not found"), "out_of_stock": _("out of stock"),
    "invalid_argument": _("a detail of the call is not valid"), "quote_incomplete": _("device details missing"),
    "model_not_quoted": _("the store does not quote that model"),
    "approval_not_found": _("approval not found"), "approval_expired": _("the approval expired"),
    "approval_already_decided": _("the approval was already decided"),
    "approval_not_usable": _("the approval can no longer be used"), "approval_invalid": _("invalid approval"),
    "simulated_decision_refused": _("a test decision cannot decide this"),
    "domain_error": _("refused by the system"), "not_found": _("not found"), "text_invalid": _("invalid text"),
    # the kinds of failure the model is told (agent.tools.base.FAILURE_KIND), the registry's and the gate's
    "conflict": _("conflict with the current data"), "limit_exceeded": _("a limit was exceeded"),
    "failed": _("failed"), "approval_required": _("waits for the customer's approval"),
    "invalid_reference": _("a reference the agent was never given"), "unknown_tool": _("no such tool"),
    "arguments_too_long": _("the call's details are too long"),
    "arguments_not_json": _("the call's details are not readable"),
    "arguments_not_object": _("the call's details are not readable"),
    "reference_malformed": _("a malformed reference"), "amount_too_large": _("the amount is above the maximum"),
    "date_out_of_range": _("a date outside the usable period"), "date_invalid": _("invalid date"),
    "text_not_storable": _("text with characters that cannot be stored"),
    "ask_moved_on": _("the request had moved on"),
    # a turn's
    "turn_failed": _("the agent failed several turns in a row"), "unexpected_error": _("an unexpected error"),
    "database_error": _("a database error"),
}
_DATABASE = re.compile(r"^database_(?P<sqlstate>[0-9A-Z]{5})$")
_CODE = re.compile(r"^[a-z][a-z0-9_]*$")

# Who answered the turn (agent.models.Turn.provider).
PROVIDERS = {"builtin": _("built-in agent"), "openai": _("language model"), "none": _("no agent")}

# What the perceiver noticed in the wording (language.markers.Marker).
MARKERS = {"correction": _("a correction"), "new_request": _("a new request"), "confirm": _("a confirmation"),
           "cancel": _("a cancellation"), "decline": _("a bare no"), "greeting": _("a greeting"), "help": _("a request for help"),
           "resume": _("resuming"), "warranty": _("warranty"), "stock": _("stock"), "cheap": _("a cheap option"),
           "dispute": _("a disputed payment"), "person": _("a request for a person"),
           "problem": _("something stolen, broken or to return"), "limit": _("a request to change a limit"),
           "limit_asked": _("a question about a limit"), "same_time": _("the same time on another day")}

KEY_TYPES = {"cpf": _("CPF"), "cnpj": _("CNPJ"), "phone": _("Phone"), "email": _("E-mail"),
             "random": _("Random key")}

# The names of the fields the records' JSON keeps (slot names are `stored_words.SLOTS`).
KEYS = {
    # the perception
    "lang": _("language"), "slots": _("details said"), "markers": _("wording noticed"),
    "asked_for": _("detail just asked for"), "perceiver": _("read by"), "replies_to": _("quotes message"),
    "request_kind": _("kind of request"), "type": _("key type"),
    # tool arguments
    "key": _("Pix key"), "contact_name": _("contact name"), "recipient_ref": _("recipient reference"),
    "amount_cents": _("amount"), "since": _("from"), "until": _("until"), "date": _("date"),
    "slot_ref": _("time slot reference"), "booking_ref": _("booking reference"),
    "transfer_ref": _("Pix transfer reference"),
    "query": _("search words"), "max_price_cents": _("highest price"), "product_ref": _("product reference"),
    # tool results, errors and preview facts
    "code": _("reason"), "message": _("technical message"), "retryable": _("may be retried"),
    "detail": _("details"), "alternatives": _("alternatives"), "call_first": _("call first"),
    "approval_id": _("approval"), "recipient": _("recipient"), "key_value": _("key"),
    "masked_document": _("document"), "transfer_id": _("Pix transfer"), "txid": _("charge identifier"),
    "scheduled": _("scheduled"), "irreversible": _("cannot be undone"), "balance_cents": _("balance"),
    "pix_code": _("Pix code"), "merchant_name": _("name in the Pix code"), "names_match": _("names match"),
    "max_cents": _("maximum"), "field": _("field"), "fields": _("fields"), "price_cents": _("price"),
    "total_cents": _("total"), "booking_id": _("booking"), "slot_id": _("time slot"), "free": _("free places"),
    "url": _("link"), "hits": _("results"), "items": _("products to quote"), "first": _("first"), "last": _("last"), "count": _("count"),
    "transfers": _("Pix transfers"), "problem": _("problem"), "was": _("as it was"),
    # a decision's detail (asks.services.ask_decide)
    "choices": _("options offered"), "slot": _("value"), "old": _("previous value"),
    "new": _("new value"), "closed": _("closed request"), "parked": _("paused request"),
    # a guard's failure and an escalation's note (guards.contract.GuardVerdict.note)
    "guard_problem": _("why the check could not judge"), "turns": _("turns"), "at": _("when"),
    "delivery_id": _("delivery"), "message_id": _("message"), "attempts": _("attempts"),
    # a turn's trace (agent.models.Turn): its tool calls and tokens
    "ok": _("succeeded"), "data": _("data returned"), "ms": _("milliseconds"),
    "effect": _("carried out an effect"), "approval": _("approval"), "account_number": _("account number"), "prompt": _("prompt tokens"),
    "completion": _("completion tokens"), "total_ms": _("milliseconds"), "passed": _("passed"),
}
# Why a draft was held back and the chat handed to people, as staff read it: worded at display from the stored
# code and its parameters (the guard's evidence), never from the sentence the model was told (that one is in the
# customer's language). One entry per guard of magie.choices.GUARD_NAMES and per other reason a chat goes to
# people (staff.labels.ESCALATION_REASONS); `%(evidence)s` quotes what the guard found.
GUARD_EXPLANATIONS = {
    "unsupported_amount": _("The draft quoted amounts that no result and nothing in the conversation supports: "
                            "%(evidence)s."),
    "unsupported_fact": _("The draft stated names, dates, times, counts, statuses or references that no result and "
                          "nothing in the conversation supports: %(evidence)s."),
    "policy_bypass": _("The draft promised something the organisation's rules do not allow (skipping an approval, "
                       "a higher limit, a refund or a discount no tool gave): %(evidence)s."),
    "stock_contradiction": _("The draft contradicted the stock search: %(evidence)s."),
    "sold_out_offered": _("The draft offered a sold-out item as available: %(evidence)s."),
    "warranty_without_data": _("The draft promised a warranty although the record has no warranty data: "
                               "%(evidence)s."),
    "quote_without_required_info": _("The draft quoted a price for the customer's device before its model, capacity "
                                     "and battery health were known: %(evidence)s."),
    "internal_vocabulary": _("The draft used internal terms the customer must not see: %(evidence)s."),
    "effect_claim_without_effect": _("The draft said something was done (sent, transferred, booked) but nothing was "
                                     "carried out in that turn: %(evidence)s."),
    "unusable_request": _("The draft asked the customer for something no tool uses or that is never asked for "
                          "(password, card, code), or sent them outside the organisation's channels: %(evidence)s."),
    "no_full_account_number": _("The draft showed a full account number: %(evidence)s."),
    "payment_dispute": _("The customer says they already paid or disputes a charge: check the payment before "
                         "answering."),
    "person_requested": _("The customer asked to be served by a person."),
    "problem_reported": _("The customer reports something stolen, broken or to return: only a person can act on it."),
    "limit_change_requested": _("The customer asks to change a limit: no tool changes one, only a person can."),
    "turn_failed": _("Several turns in a row failed (the last one: %(error)s): the agent could not answer this "
                     "chat."),
    "delivery_failed": _("A reply could not be delivered to the customer (%(error)s)."),
    "delivery_possibly_duplicated": _("WhatsApp did not confirm a reply in time, so it was sent again: the customer "
                                      "may have received it twice (%(error)s)."),
}
# Why a guard failed without judging the draft (guards.contract.PROBLEMS).
GUARD_PROBLEMS = {
    "budget_exceeded": _("The check “%(guard)s” did not finish in time: the draft was held back."),
    "guard_error": _("The check “%(guard)s” broke: the draft was held back to be safe."),
    "unknown_guard": _("The policy names a check that does not exist (“%(guard)s”): the draft was held back."),
}
# The same, short, as a value of the records' JSON (`guard_problem`).
PROBLEM_WORDS = {"budget_exceeded": _("out of time"), "guard_error": _("the check broke"),
                 "unknown_guard": _("no such check")}
# What an older trace kept as the evidence of a problem, before the problem had its own code.
_PROBLEM_EVIDENCE = {"budget exceeded": "budget_exceeded", "guard error": "guard_error",
                     "unknown guard": "unknown_guard"}
_ISO_MOMENT = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}")
_ISO_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def readable(code: str) -> str:
    """An unknown code as words ("send_refund" → "send refund"); a text that is no code stays as it is."""
    return code.replace("_", " ") if _CODE.match(code) else code


def _word(table: Mapping[str, object], code: str) -> str:
    word = table.get(code)
    return str(word) if word is not None else readable(code)


def decision_label(action: str) -> str:
    return _word(DECISIONS, action)


def tool_label(name: str) -> str:
    return _word(TOOLS, name)


def provider_label(provider: str) -> str:
    return _word(PROVIDERS, provider)


def marker_label(marker: str) -> str:
    return _word(MARKERS, marker)


def rule_label(rule: str) -> str:
    """The rule that fired ("button_confirms" → "the customer tapped the approval button"); a rule made of a
    channel or a tool ("approved_via_web_page", "send_pix_succeeded") names them in the same words."""
    if rule in RULES:
        return str(RULES[rule])
    via = _APPROVED_VIA.match(rule)
    if via:
        return gettext("approved on %(channel)s") % {"channel": channel_label(via["channel"])}
    succeeded = _SUCCEEDED.match(rule)
    if succeeded:
        return gettext("%(tool)s: done") % {"tool": tool_label(succeeded["tool"])}
    return readable(rule)


def failure_label(code: str) -> str:
    """Why something failed: an error code in words, a database's SQLSTATE named, an exception's text as it is."""
    if code in FAILURES:
        return str(FAILURES[code])
    database = _DATABASE.match(code)
    if database:
        return gettext("a database error (%(sqlstate)s)") % {"sqlstate": database["sqlstate"]}
    return readable(code)


# The records' JSON keys that share a name with a model field, in the words the models give that field.
RECORD_FIELDS = {
    "created_at": _("created"), "updated_at": _("updated"), "status": _("status"), "kind": _("kind"),
    "name": _("name"), "currency": _("currency"), "customer": _("customer"), "conversation": _("conversation"),
    "ask": _("request"), "message": _("message"), "phone": _("phone"), "number": _("number"), "holder": _("holder"),
    "organisation": _("organisation"), "balance_cents": _("balance (cents)"), "amount_cents": _("amount (cents)"),
    "price_cents": _("price (cents)"), "base_cents": _("base price (cents)"),
    "night_limit_cents": _("night limit (cents)"), "changed_at": _("changed"), "changed_by": _("changed by"),
    "changes": _("changes"), "snapshot": _("the whole policy"), "version": _("version"),
    "phone_number_id": _("WhatsApp phone number id"), "display_phone_number": _("phone number"),
    "channel_user_id": _("WhatsApp id"), "whatsapp_user_id": _("WhatsApp user id"),
    "is_sandbox": _("sandbox customer"), "is_test": _("test money"),
    "decision_claimed_at": _("time the decision claimed"), "received_at": _("received"), "by": _("by"), "last_inbound_at": _("last message from the customer"),
    "abandon_reason": _("why abandoned"), "failure_code": _("failure"), "closed_at": _("closed"),
    "last_activity_at": _("last activity"), "resumed_from": _("resumed from"),
    "pending_approval_id": _("pending approval"), "document": _("document"), "customer_ref": _("customer reference"),
    "key_type": _("key type"), "value": _("value"), "owner_name": _("owner"), "owner_document": _("owner document"),
    "bank_name": _("bank"), "bank_ispb": _("bank ISPB"), "account": _("account"),
    "end_to_end_id": _("end-to-end id"), "idempotency_key": _("idempotency key"),
    "request_fingerprint": _("request fingerprint"), "recipient_name": _("recipient"),
    "recipient_document": _("recipient document"), "recipient_bank_name": _("recipient bank"),
    "recipient_ispb": _("recipient ISPB"), "recipient_key_type": _("recipient key type"),
    "recipient_key_value": _("recipient key"), "description": _("description"), "scheduled_for": _("scheduled for"),
    "settled_at": _("settled"), "failed_at": _("failed"), "cancelled_at": _("cancelled"),
    "from_account": _("from account"), "to_account": _("to account"), "pix_key": _("Pix key"),
    "nickname": _("nickname"), "ispb": _("ISPB"), "slug": _("code"), "names": _("names by language"),
    "duration": _("duration"), "activity": _("activity"), "activities": _("activities"),
    "instructor": _("instructor"), "start": _("start"), "end": _("end"), "capacity": _("places"),
    "places_left": _("places left"), "activity_name": _("activity name"),
    "slot": _("time slot"), "customer_name": _("customer name"), "party_size": _("people"), "paid_at": _("paid"),
    "booking": _("booking"), "token": _("token"), "expires_at": _("expires"), "stock": _("stock"), "sku": _("SKU"),
    "brand": _("brand"), "model": _("model"), "capacity_gb": _("capacity (GB)"), "condition": _("condition"),
    "warranty_months": _("warranty (months)"), "sold_out": _("sold out"), "device_model": _("device"),
    "price_row": _("price row"), "quoted_brand": _("quoted brand"), "quoted_model": _("quoted model"),
    "battery_health": _("battery health"), "battery_percent": _("battery (%)"), "valid_until": _("valid until"),
    "provider": _("provider"), "decision": _("decision"), "rule": _("rule"), "reply": _("reply"),
    "queries": _("database queries"), "started_at": _("started"), "finished_at": _("finished"),
    "error": _("error"), "error_code": _("error code"), "error_class": _("error class"),
    "traceback_hash": _("traceback hash"), "perception": _("perception"), "tool_calls": _("tool calls"),
    "drafts": _("drafts"), "guards": _("checks"), "reply_message": _("reply message"), "tokens": _("tokens"),
    "asked_for": _("asked for"), "tool": _("tool"), "arguments": _("arguments"), "preview": _("preview"),
    "preview_hash": _("preview hash"), "risk": _("risk"), "channel": _("channel"), "decided_at": _("decided"),
    "decided_by": _("decided by"), "decision_channel": _("decided on"), "reason": _("reason"),
    "shown_in": _("shown in"), "executed_at": _("executed"), "result": _("result"), "guard": _("check"),
    "evidence": _("evidence"), "first_draft": _("first draft"), "second_draft": _("second draft"),
    "notes": _("notes"), "claimed_by": _("claimed by"), "claimed_at": _("claimed"), "resolved_by": _("resolved by"),
    "resolved_at": _("resolved"), "resolution_note": _("resolution note"), "author": _("author"),
    "openai_model": _("model"), "openai_base_url": _("model base URL"), "openai_api_key": _("model API key"),
    "action": _("action"), "previous": _("previous value"), "source": _("from"), "target": _("to"),
    "detail": _("detail"), "direction": _("direction"), "text": _("text"), "sent_at": _("sent"),
    "payload": _("payload"), "reply_to": _("reply to"), "time_zone": _("time zone"),
    "schema_name": _("schema (host name)"), "admin_totp_required": _("admins must use a second factor"),
    "agent_totp_required": _("human agents must use a second factor"),
    "auditor_totp_required": _("auditors must use a second factor"),
    "gates": _("approval rules"), "on_tool_failure": _("when a system call fails"),
    "side_request": _("when the customer asks something else"), "approval_expiry": _("approval expiry"),
    "ask_stale_after": _("request goes stale after"), "enabled_guards": _("checks on every reply"),
    "internal_vocabulary": _("words never said to customers"), "guard_retries": _("redrafts after a failed check"),
    "guard_time_budget_ms": _("time for the checks (ms)"), "amount_max_cents": _("largest amount per request (cents)"),
    "language": _("language"), "title": _("title"), "turn_lease_token": _("turn lock token"), "turn_lease_holder": _("turn lock holder"),
    "turn_lease_expires_at": _("turn lock expires"),
    "app_secret": _("app secret"), "verify_token": _("webhook verify token"), "access_token": _("access token"),
    "nickname_folded": _("nickname (for search)"), "equipment": _("equipment"),
    "equipment_type": _("equipment"), "quantity": _("quantity"),
    "viewer": _("shown to"), "viewed_at": _("shown at"), "shown": _("what was shown"),
    "pix_count": _("Pix listed"), "escalation": _("escalated chat"),
    "search_text": _("search text"), "brand_key": _("brand (for search)"), "model_key": _("model (for search)"),
}


def key_label(key: str) -> str:
    """A field of the records' JSON by its staff name: a slot's, else the table's, else the model field's of the
    same name (RECORD_FIELDS), else readable. KEYS holds only what the JSON names differently or alone."""
    from staff.stored_words import SLOTS

    return _word({**RECORD_FIELDS, **KEYS, **SLOTS}, key)


def language_label(code: str) -> str:
    """A language code ("pt-BR") by Django's own name for it in the reader's language ("português brasileiro")."""
    from django.utils.translation import get_language_info

    try:
        return str(get_language_info(code.lower())["name_translated"])
    except KeyError:
        return code


def moment_label(value: datetime | date | str) -> str:
    """A stored time (a datetime or an ISO string) in the organisation's zone (the active one), as the reader's
    language writes it; a day alone as a day."""
    if isinstance(value, str):
        try:
            value = date.fromisoformat(value) if _ISO_DAY.match(value) else datetime.fromisoformat(value)
        except ValueError:
            return str(value)
    if isinstance(value, datetime):
        return formats.date_format(timezone.localtime(value) if timezone.is_aware(value) else value,
                                   "SHORT_DATETIME_FORMAT")
    return formats.date_format(value, "SHORT_DATE_FORMAT")


_CODE_VALUES: dict[str, Callable[[str], str]] = {"status": status_label, "channel": channel_label, "decision_channel": channel_label,
                "risk": risk_label, "kind": ask_kind_label, "request_kind": ask_kind_label, "ask_kind": ask_kind_label,
                "key_type": lambda code: _word(KEY_TYPES, code), "lang": language_label, "language": language_label, "code": failure_label, "failure_code": failure_label,
                "error_code": failure_label, "asked_for": slot_label, "tool": tool_label, "call_first": tool_label,
                "rule": rule_label, "action": decision_label, "markers": marker_label, "slot": slot_label,
                "guard_problem": lambda code: _word(PROBLEM_WORDS, code), "guard": lambda code: _guard_label(code)}


class AmountWriter:
    """How a table's amounts are written: the organisation's currency (unless the record names its own) in its
    language."""

    def __init__(self, *, currency: str, language: str) -> None:
        self.currency, self.lang = currency, lang_of(language)

    def __call__(self, cents: int, currency: str | None = None) -> str:
        return format_money(int(cents), currency or self.currency, self.lang)


def value_label(key: str, value: Any, money: AmountWriter, *, currency: str | None = None) -> Any:
    """One stored value as staff read it: money for cents and amounts, times in the zone, codes in words; a dict
    or a list is kept (for `record_table`), anything else as it is."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, Mapping) and isinstance(value.get("amount_cents"), int) and len(value) <= 2:
        return money(value["amount_cents"], value.get("currency") or currency)  # an amount slot
    if isinstance(value, Mapping) and key == "pix_key" and {"type", "value"} <= set(value):
        return f"{_word(KEY_TYPES, str(value['type']))}: {value['value']}"
    if key.endswith("_cents") and isinstance(value, int):
        return money(value, currency)
    if key in _CODE_VALUES:
        words = _CODE_VALUES[key]
        if isinstance(value, list):
            return ", ".join(words(str(item)) for item in value) or None
        if isinstance(value, str) and value:
            return words(value)
    if isinstance(value, float):  # timings, scores: with the reader's decimal separator
        return formats.number_format(value)
    if isinstance(value, (datetime, date)) or (isinstance(value, str) and (_ISO_MOMENT.match(value)
                                                                          or _ISO_DAY.match(value))):
        return moment_label(value)
    return value


def record_table(data: Any, money: AmountWriter, *, depth: int = 0, currency: str | None = None) -> Any:
    """A record's JSON (tool arguments or result, preview facts, a perception, evidence) with staff names for its
    fields and staff values (see `value_label`), for `kv_table`. Empty fields of nested tables are left out (a
    perception's unsaid slots); a currency beside an amount is part of the amount; a failure's English message
    beside its code is left out."""
    if isinstance(data, list):
        return [record_table(item, money, depth=depth + 1, currency=currency) for item in data]
    if not isinstance(data, Mapping):
        return value_label("", data, money, currency=currency)
    currency = data.get("currency") if isinstance(data.get("currency"), str) else currency
    has_amount = any(key.endswith("_cents") for key in data)
    # A failure's `message` is the developer's English beside its code (whose words say it); the export keeps it.
    told = {"message"} if "code" in data else set()
    table: dict[str, Any] = {}
    for key, value in data.items():
        key = str(key)
        if (depth and value is None) or (key == "currency" and has_amount) or key in told:
            continue
        shown = value_label(key, value, money, currency=currency)
        if isinstance(shown, (Mapping, list)):
            shown = record_table(shown, money, depth=depth + 1, currency=currency)
        label = key_label(key)
        table[label if label not in table else f"{label} ({readable(key)})"] = shown
    return table


def _guard_label(code: str) -> str:
    from staff.labels import escalation_reason_label

    return escalation_reason_label(code)


def _quoted(items: list[Any]) -> str:
    """What the guard found, each quoted; at most eight, then "…"; nothing found is a dash."""
    shown = ", ".join(f"«{item}»" for item in items[:8]) + (" …" if len(items) > 8 else "")
    return shown or "—"


def guard_explanation(code: object, evidence: object = None) -> str:
    """Why the guard `code` held the draft back (or why a chat went to people), in the reader's language, from the
    stored parameters: an escalation's `evidence` dict, a trace's failure (`{"evidence": [...], "problem": ...}`)
    or the evidence list alone. The stored JSON is trusted for nothing: any shape gives words (plain text, for the
    template to escape), an unknown code names the check and quotes its evidence."""
    code = str(code or "")
    params: Mapping[str, Any] = evidence if isinstance(evidence, Mapping) else {"evidence": evidence}
    found = params.get("evidence")
    items = [str(item) for item in found] if isinstance(found, (list, tuple)) else [] if found is None else [str(found)]
    problem = str(params.get("guard_problem") or "") or (_PROBLEM_EVIDENCE.get(items[0], "") if len(items) == 1 else "")
    guard = _guard_label(code)
    if problem:
        words = GUARD_PROBLEMS.get(problem)
        if words is None:
            return gettext("The check “%(guard)s” could not judge the draft (%(problem)s).") % {
                "guard": guard, "problem": readable(problem)}
        return str(words) % {"guard": guard}
    if code == "turn_failed":
        error = params.get("error_code")
        return str(GUARD_EXPLANATIONS[code]) % {"error": failure_label(str(error)) if error else "—"}
    if code in ("delivery_failed", "delivery_possibly_duplicated"):
        error, number = params.get("error"), params.get("error_code")
        said = ", ".join(str(part) for part in (error, number) if part not in (None, ""))
        return str(GUARD_EXPLANATIONS[code]) % {"error": said or "—"}
    words = GUARD_EXPLANATIONS.get(code)
    if words is None:
        return gettext("The check “%(guard)s” held the draft back: %(evidence)s.") % {
            "guard": guard, "evidence": _quoted(items)}
    return str(words) % {"evidence": _quoted(items)}
