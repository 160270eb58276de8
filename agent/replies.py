"""Customer-facing wording of the agent, through Django's i18n (see `conversations.wording`): English msgids with
the context "customer", translated in the catalogues of `conversations/locale` for pt-BR, es, ca and en. Values
(money, dates, times, party sizes, Pix keys) are rendered by code (babel) for the customer's locale before they
reach a message, never written by a model. Keys are stable; every language has every message (a test checks it)."""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any, TypeGuard
from zoneinfo import ZoneInfo

from django.utils.translation import npgettext_lazy, pgettext_lazy

from conversations import wording

MESSAGES: dict[str, Any] = {
    "approval_expired": pgettext_lazy(
        "customer", "This confirmation expired; nothing was sent. Ask again to see a new preview."),
    "done": pgettext_lazy("customer", "Done."),
    "approve": pgettext_lazy("customer", "Approve"),
    "decline": pgettext_lazy("customer", "Decline"),
    "ask_amount": pgettext_lazy("customer", "How much do you want to send%(to)s?"),
    "ask_recipient": pgettext_lazy("customer", "Who is the Pix for? A saved contact or a Pix key."),
    "ask_activity": pgettext_lazy("customer", "Which activity would you like?"),
    "ask_when": pgettext_lazy("customer", "For which day and time?"),
    "ask_party_size": pgettext_lazy("customer", "For how many people?"),
    # a number typed alone when the day was asked ("dos"): people or a day of the month, asked, never guessed
    "bare_number_for_when": pgettext_lazy(
        "customer", "Is that the number of people, or a day of the month? Tell me the day and the time you want."),
    "ask_device_model": pgettext_lazy("customer", "Which model is the device?"),
    "ask_capacity_gb": pgettext_lazy("customer", "What is its storage (GB)?"),
    "ask_battery_health": pgettext_lazy("customer", "What is the battery health (%%)?"),
    "ask_product": pgettext_lazy("customer", "Which product are you looking for?"),
    "to": pgettext_lazy("customer", " to %(name)s"),
    "balance": pgettext_lazy("customer", "Your balance is %(amount)s."),
    "night_limit": pgettext_lazy("customer", "Your night-time Pix limit (from %(starts)s to %(ends)s) is %(limit)s; "
                                 "%(left)s of it is left for tonight. Your balance is %(amount)s."),
    "history": npgettext_lazy("customer", "From %(since)s to %(until)s you sent %(count)s Pix, %(total)s in total.",
                              "From %(since)s to %(until)s you sent %(count)s Pix, %(total)s in total.", "count"),
    # A statement of one day names it once ("De ter. 1 dez. a ter. 1 dez." read as a stutter).
    "history_day": npgettext_lazy("customer", "On %(day)s you sent %(count)s Pix, %(total)s in total.",
                                  "On %(day)s you sent %(count)s Pix, %(total)s in total.", "count"),
    # No Pix went out (said without "sent": a statement holding only scheduled Pix has no sent one to back it).
    "history_none": pgettext_lazy("customer", "From %(since)s to %(until)s no Pix left your account."),
    "history_day_none": pgettext_lazy("customer", "On %(day)s no Pix left your account."),
    "pix_needs_approval": pgettext_lazy(
        "customer", "Pix of %(amount)s to %(name)s (%(document)s, %(bank)s). This Pix needs your approval and "
                    "cannot be undone; nothing has been sent yet."),
    "pix_sent": pgettext_lazy("customer", "Pix of %(amount)s sent to %(name)s. Code: %(e2e)s."),
    "pix_scheduled": pgettext_lazy("customer", "Pix of %(amount)s to %(name)s scheduled for %(date)s. Code: %(e2e)s."),
    "contact_not_found": pgettext_lazy("customer", "I couldn't find \"%(name)s\" in your contacts."),
    "saved_contacts": pgettext_lazy("customer", "Saved contacts: %(contacts)s."),
    "which_contact": pgettext_lazy("customer", "Which of these do you mean?\n%(lines)s"),
    "key_not_found": pgettext_lazy("customer", "That Pix key was not found. Please check it and send it again."),
    "limit": pgettext_lazy("customer", "That was not possible: %(reason)s."),
    "booking_done": pgettext_lazy(
        "customer", "Booked: %(activity)s, %(start)s, %(party)s, %(amount)s in total. Pay here: %(url)s"),
    "slots": pgettext_lazy("customer", "Free times:\n%(lines)s\nWhich time would you like?"),
    "no_slots": pgettext_lazy("customer", "No free times for that. Another day?"),
    # Before the free times offered instead (`slots`, `no_slots`): why the time asked for is not booked, named. A
    # time not among the free ones may be full or on no schedule (the engine lists only free ones): "not free".
    "time_not_free": pgettext_lazy("customer", "Sorry, %(time)s is not free."),
    "time_just_taken": pgettext_lazy("customer", "Sorry, %(time)s was just taken."),
    "times_not_free": pgettext_lazy("customer", "Sorry, on %(day)s neither %(first)s nor %(second)s is free."),
    # An hour said without its half of the day ("a las 7") when both readings are free.
    "which_half": pgettext_lazy("customer",
                                "On %(day)s both %(first)s and %(second)s are free. Which one would you like?"),
    "places_left": npgettext_lazy("customer", "%(count)s place left", "%(count)s places left", "count"),
    "products": pgettext_lazy("customer", "I found:\n%(lines)s"),
    "products_within": pgettext_lazy("customer", "Within %(budget)s I found:\n%(lines)s"),
    "price_range": pgettext_lazy("customer", "Prices from %(low)s to %(high)s."),
    "quote_line": pgettext_lazy("customer", "• %(count)s × %(name)s — %(each)s each: %(amount)s"),
    "products_quote": pgettext_lazy("customer", "Your quote, at today's prices:\n%(lines)s\nTotal: %(total)s."),
    "in_stock": npgettext_lazy("customer", "%(count)s in stock", "%(count)s in stock", "count"),
    "sold_out": pgettext_lazy("customer", "sold out"),
    "warranty_months": npgettext_lazy("customer", "%(count)s-month warranty", "%(count)s-month warranty", "count"),
    "no_warranty": pgettext_lazy("customer", "no warranty"),
    "warranty_unknown": pgettext_lazy("customer", "warranty to be confirmed by the store"),
    "no_products_within": pgettext_lazy("customer", "I couldn't find that within %(budget)s right now."),
    "handoff": pgettext_lazy("customer", "I'll pass you to a person who can help."),
    "dispute_handoff": pgettext_lazy(
        "customer", "I'm passing this to a person on our team, who will check your payment and answer you here."),
    "escalated_acknowledged": pgettext_lazy("customer", "A person from our team will answer you here soon."),
    "price_per_person": pgettext_lazy("customer", "%(activity)s: %(amount)s per person, groups of up to %(people)s."),
    # the price asked for a group ("quant em costarà l'esquí per a 4?"): the price × the party, each activity's
    "price_for_party": pgettext_lazy("customer", "%(activity)s for %(people)s: %(amount)s in total."),
    "person_handoff": pgettext_lazy(
        "customer", "I'm passing you to a person on our team, who will answer you here. Until then I won't reply "
                    "on my own."),
    "person_handoff_staffed": pgettext_lazy(
        "customer", "I'm passing you to a person on our team, who usually answers here within %(wait)s. Until then "
                    "I won't reply on my own."),
    "person_handoff_closed": pgettext_lazy(
        "customer", "I'm passing you to a person on our team. Nobody is in right now; they will answer you here as "
                    "soon as they are back. Until then I won't reply on my own."),
    "no_products": pgettext_lazy("customer", "I couldn't find that product right now."),
    # A model the catalogue lacks, with the products of the same name it has ("un iPhone 12" → the iPhones).
    "no_products_but": pgettext_lazy("customer", "I don't have %(what)s right now. I do have:\n%(lines)s"),
    "which_product": pgettext_lazy("customer", "Which of these do you mean?\n%(lines)s"),
    "quote": pgettext_lazy(
        "customer", "For your %(model)s %(capacity)s with %(battery)s battery we pay %(amount)s (valid until "
                    "%(until)s)."),
    "cancelled": pgettext_lazy("customer", "Request cancelled. Nothing was done."),
    "nothing_to_cancel": pgettext_lazy("customer", "There is no request in progress to cancel."),
    "stale_button": pgettext_lazy("customer", "That button belongs to an earlier request; nothing was done."),
    "value_without_request": pgettext_lazy("customer", "What would you like to do with %(value)s?"),
    "correct_or_new": pgettext_lazy(
        "customer", "Do you want to change the current request to %(value)s, or start a new one?"),
    "stale_bare_value": pgettext_lazy(
        "customer", "Your earlier request expired unconfirmed and was closed. Start a new one with %(value)s?"),
    "stale": pgettext_lazy("customer", "Your earlier request expired and was closed. How can I help?"),
    "typed_confirm": pgettext_lazy("customer", "To confirm, tap the button on the confirmation message."),
    "executing": pgettext_lazy("customer", "I'm finishing your request; one moment."),
    "correction_without_value": pgettext_lazy("customer", "What would you like to correct?"),
    "greeting": pgettext_lazy("customer", "Hi! I can help with: %(what)s."),
    "changed": pgettext_lazy("customer", "OK, I changed %(slot)s: %(old)s → %(new)s."),
    "time_added": pgettext_lazy("customer", "OK, the time is %(new)s."),
    "time_changed": pgettext_lazy("customer", "OK, I changed the time: %(old)s → %(new)s."),
    "unsupported": pgettext_lazy(
        "customer", "Here I can only read text messages and buttons. Could you write what you need?"),
    "image_too_large": pgettext_lazy(
        "customer", "That picture is too large for me to read. Send a screenshot or a cropped photo of the Pix QR "
                    "code, or paste the Pix copy-and-paste code here. Nothing was paid."),
    "location_received": pgettext_lazy(
        "customer", "Thanks, I got the location %(place)s. What would you like me to do with it?"),
    "call_permission_accepted": pgettext_lazy(
        "customer", "Thank you! We may call you here on WhatsApp when it helps with what you need."),
    "call_permission_declined": pgettext_lazy(
        "customer", "Understood: we will not call you. We carry on here in writing."),
    "pix_code_damaged": pgettext_lazy(
        "customer", "That Pix code is damaged or has been altered (its check digits do not match), so I will not "
                    "use it. Nothing was paid. Ask whoever is charging you for a new code."),
    "pix_code_invalid": pgettext_lazy(
        "customer", "I cannot pay that code: it is not a valid Pix code. Nothing was paid. If you like, send me the "
                    "Pix key and the amount."),
    "pix_code_several": pgettext_lazy(
        "customer", "I got more than one Pix code in the same message. Please send them one at a time; nothing was "
                    "paid."),
    "pix_code_dynamic_refused": pgettext_lazy(
        "customer", "That Pix code is dynamic: the charge lives at the address of whoever is charging you, and that "
                    "address is not one this bank looks up. Nothing was paid. If you like, send me the Pix key and "
                    "the amount."),
    "pix_code_dynamic_unavailable": pgettext_lazy(
        "customer", "I could not look up the charge of that Pix code just now. Nothing was paid. Please try again "
                    "in a few minutes."),
    "pix_code_expired": pgettext_lazy(
        "customer", "The charge of that Pix code is no longer active (it expired or was already paid). Nothing was "
                    "paid. Ask whoever is charging you for a new code."),
    "pix_code_amount_fixed": pgettext_lazy(
        "customer", "This Pix code fixes the amount at %(amount)s, so I cannot pay %(said)s with it. Nothing was "
                    "paid. To pay %(amount)s, send me the code again on its own; to pay another amount, ask whoever "
                    "is charging you for a new code, or send me the Pix key and the amount."),
    "history_scheduled": npgettext_lazy(
        "customer", "Still scheduled: %(count)s Pix (%(lines)s).",
        "Still scheduled: %(count)s Pix (%(lines)s).", "count"),
    "history_scheduled_line": pgettext_lazy("customer", "%(amount)s to %(name)s on %(day)s"),
    "provider_down": pgettext_lazy(
        "customer", "I'm having a technical problem right now. Please try again in a few minutes."),
    "turn_failed": pgettext_lazy(
        "customer", "I had a problem handling this message and did nothing with it. Could you send it again, "
                    "worded differently?"),
    "failed": pgettext_lazy("customer", "I couldn't finish: %(reason)s."),
    "no_account": pgettext_lazy(
        "customer", "I could not find an account of yours at this bank. If you are a customer, please contact your "
                    "branch or the bank's customer service."),
    "booking_fixed": pgettext_lazy(
        "customer", "Only a booking still awaiting payment can be changed or cancelled here, so I can't do it for "
                    "this one. Ask for a person if you need to change it."),
    "booking_changed": pgettext_lazy(
        "customer", "Booking changed: %(activity)s, %(start)s, %(party)s, %(amount)s in total. Pay here: %(url)s"),
    "booking_cancelled": pgettext_lazy("customer", "Booking cancelled: %(activity)s, %(start)s, %(party)s."),
    "no_upcoming_booking": pgettext_lazy("customer", "You have no booking still to come that I can change or cancel."),
    "which_booking": pgettext_lazy("customer", "Which booking do you mean?\n%(lines)s"),
    "pix_fixed": pgettext_lazy(
        "customer", "This Pix is no longer scheduled, so I can't change or cancel it here. If you need help with it, "
                    "ask to talk to a person."),
    "no_scheduled_pix": pgettext_lazy(
        "customer", "You have no scheduled Pix that I can change or cancel. A Pix already sent cannot be undone."),
    "schedule_new_instead": pgettext_lazy(
        "customer", "To schedule a new Pix, tell me who it is for, how much and which day."),
    "which_scheduled_pix": pgettext_lazy("customer", "Which scheduled Pix do you mean?\n%(lines)s"),
    "scheduled_pix_line": pgettext_lazy("customer", "• %(amount)s to %(name)s on %(date)s"),
    "pix_schedule_changed": pgettext_lazy(
        "customer", "Scheduled Pix changed: %(amount)s to %(name)s on %(date)s. Code: %(e2e)s."),
    "pix_schedule_cancelled": pgettext_lazy(
        "customer", "Scheduled Pix cancelled: %(amount)s to %(name)s on %(date)s. Nothing will be sent."),
    "own_account": pgettext_lazy(
        "customer", "You cannot send a Pix to your own account: that key belongs to the account the Pix would leave "
                    "from. Nothing was sent. To pay someone else, start a new request with their Pix key or a saved "
                    "contact's name."),
    "button_new": pgettext_lazy("customer", "New request"),
    "button_correct": pgettext_lazy("customer", "Change current"),
    "button_resume": pgettext_lazy("customer", "Resume %(kind)s"),
    "resume_offer": pgettext_lazy("customer", "You had a %(kind)s request in progress. Resume it?"),
}

KIND_NAMES: dict[str, Any] = {
    "pix_transfer": pgettext_lazy("customer", "Pix"),
    "balance": pgettext_lazy("customer", "balance"),
    "pix_history": pgettext_lazy("customer", "history"),
    "booking": pgettext_lazy("customer", "booking"),
    "availability": pgettext_lazy("customer", "availability"),
    "product_search": pgettext_lazy("customer", "products"),
    "used_quote": pgettext_lazy("customer", "trade-in quote"),
    "booking_change": pgettext_lazy("customer", "booking change"),
    "booking_cancel": pgettext_lazy("customer", "booking cancellation"),
    "pix_transfer_change": pgettext_lazy("customer", "change of a scheduled Pix"),
    "pix_transfer_cancel": pgettext_lazy("customer", "cancellation of a scheduled Pix"),
}

SLOT_NAMES: dict[str, Any] = {
    "amount": pgettext_lazy("customer", "the amount"),
    "recipient": pgettext_lazy("customer", "the recipient"),
    "pix_key": pgettext_lazy("customer", "the key"),
    "when": pgettext_lazy("customer", "the date"),
    "party_size": pgettext_lazy("customer", "the party size"),
    "day_part": pgettext_lazy("customer", "the part of the day"),
    "activity": pgettext_lazy("customer", "the activity"),
    "product": pgettext_lazy("customer", "the product"),
    "device_model": pgettext_lazy("customer", "the model"),
    "capacity_gb": pgettext_lazy("customer", "the storage"),
    "battery_health": pgettext_lazy("customer", "the battery health"),
}

# The reply to an engine refusal that closes the request (`ToolSpec.closes_ask`), instead of "I couldn't finish":
# what happened and what the customer can do next, since asking again here would only meet the same refusal.
NEXT_STEPS = {"account_not_found": "no_account", "same_account": "own_account",
              "booking_not_changeable": "booking_fixed", "booking_not_cancellable": "booking_fixed",
              "transfer_not_cancellable": "pix_fixed", "transfer_not_changeable": "pix_fixed"}

# Engine refusals as customers read them (the code stays in the trace); a test checks every engine code is here.
REASONS: dict[str, Any] = {
    "account_not_found": pgettext_lazy("customer", "I could not find an account of yours at this bank"),
    "insufficient_funds": pgettext_lazy("customer", "insufficient funds"),
    "insufficient_funds_balance": pgettext_lazy(
        "customer", "your balance is %(balance)s, less than this Pix; tell me an amount up to %(balance)s"),
    "night_limit_exceeded": pgettext_lazy("customer", "night-time Pix limit exceeded"),
    "key_not_found": pgettext_lazy("customer", "Pix key not found"),
    "invalid_key": pgettext_lazy("customer", "that is not a valid Pix key"),
    "contact_not_found": pgettext_lazy("customer", "contact not found"),
    "contact_ambiguous": pgettext_lazy("customer", "more than one contact has that name"),
    "lookup_budget_exceeded": pgettext_lazy("customer", "too many key lookups; please try later"),
    "amount_invalid": pgettext_lazy("customer", "invalid amount"),
    "amount_fixed_by_code": pgettext_lazy(
        "customer", "the Pix code fixes the amount at %(amount)s and cannot be paid another amount; to pay "
                    "%(amount)s, approve it as it is, and to pay another amount, ask whoever is charging you for a "
                    "new code or send me the Pix key and the amount"),
    "night_limit_left": pgettext_lazy(
        "customer", "the night-time Pix limit is %(limit)s and %(left)s of it is left tonight; you can send up to "
                    "%(left)s now, or schedule this Pix for tomorrow"),
    "night_limit_used": pgettext_lazy(
        "customer", "the night-time Pix limit of %(limit)s is used up for tonight; you can schedule this Pix for "
                    "tomorrow, or send it after 6:00"),
    "same_account": pgettext_lazy("customer", "the key belongs to your own account"),
    "schedule_invalid": pgettext_lazy("customer", "invalid schedule date"),
    "transfer_not_found": pgettext_lazy("customer", "I could not find that Pix"),
    "transfer_not_cancellable": pgettext_lazy("customer", "that Pix can no longer be cancelled"),
    "transfer_not_changeable": pgettext_lazy("customer", "that Pix can no longer be changed"),
    "slot_taken": pgettext_lazy("customer", "the time was just taken"),
    "booking_not_changeable": pgettext_lazy("customer", "that booking can no longer be changed"),
    "slot_not_found": pgettext_lazy("customer", "that time is not on the schedule"),
    "party_too_large": pgettext_lazy("customer", "not enough places for that many people"),
    "party_too_large_capacity": npgettext_lazy(
        "customer", "at most %(count)s person fits in that class; tell me fewer people, or ask to talk to a person",
        "at most %(count)s people fit in that class; tell me fewer people, or ask to talk to a person", "count"),
    "slot_places_left": npgettext_lazy(
        "customer", "only %(count)s place is left at that time; tell me fewer people or another time",
        "only %(count)s places are left at that time; tell me fewer people or another time", "count"),
    "invalid_party_size": pgettext_lazy("customer", "the number of people is not valid"),
    "slot_in_the_past": pgettext_lazy("customer", "that time has passed"),
    "activity_not_found": pgettext_lazy("customer", "activity not found"),
    "instructor_unavailable": pgettext_lazy("customer", "no instructor is free at that time"),
    "out_of_equipment": pgettext_lazy("customer", "there is not enough equipment at that time"),
    "booking_not_found": pgettext_lazy("customer", "I could not find that booking"),
    "booking_not_payable": pgettext_lazy("customer", "that booking cannot be paid any more"),
    "booking_not_cancellable": pgettext_lazy("customer", "that booking can no longer be cancelled"),
    "payment_link_not_found": pgettext_lazy("customer", "that payment link does not exist"),
    "payment_link_expired": pgettext_lazy("customer", "that payment link has expired"),
    "product_not_found": pgettext_lazy("customer", "product not found"),
    "out_of_stock": pgettext_lazy("customer", "out of stock"),
    "quote_incomplete": pgettext_lazy("customer", "device details are missing"),
    "model_not_quoted": pgettext_lazy("customer", "we do not quote that model yet"),
    "approval_required": pgettext_lazy("customer", "this needs your confirmation first"),
    "approval_expired": pgettext_lazy("customer", "the confirmation expired"),
    "approval_not_found": pgettext_lazy("customer", "I could not find that confirmation"),
    "approval_already_decided": pgettext_lazy("customer", "that confirmation was already answered"),
    "approval_not_usable": pgettext_lazy("customer", "that confirmation can no longer be used"),
    "approval_invalid": pgettext_lazy("customer", "that confirmation is not valid"),
    "simulated_decision_refused": pgettext_lazy("customer", "a test confirmation cannot decide this"),
    "real_money_refused": pgettext_lazy("customer", "a test chat can only use test money"),
    "idempotency_key_missing": pgettext_lazy("customer", "the request could not be identified"),
    "idempotency_key_reused": pgettext_lazy("customer", "this request was already made"),
    "txid_invalid": pgettext_lazy("customer", "the Pix code's charge identifier is not valid"),
    "text_invalid": pgettext_lazy("customer", "the text is not valid"),
    "not_found": pgettext_lazy("customer", "I could not find it"),
    "domain_error": pgettext_lazy("customer", "the request could not be completed"),
    "unexpected": pgettext_lazy("customer", "an unexpected error"),
    "amount_too_large": pgettext_lazy("customer", "the amount is above the maximum allowed per request"),
    "amount_too_large_max": pgettext_lazy("customer", "the amount is above the maximum of %(max)s per request"),
    "date_out_of_range": pgettext_lazy("customer", "that date is outside the period I can use"),
    "date_invalid": pgettext_lazy("customer", "the date is not valid"),
    "text_not_storable": pgettext_lazy("customer", "the message has characters I cannot read"),
    "invalid_argument": pgettext_lazy("customer", "a detail of the request is not valid"),
}


def say(lang: str, key: str, **values: object) -> str:
    """The message `key` in `lang`, filled with `values` (already rendered; a plural message counts `count`)."""
    return wording.render(lang, MESSAGES[key], values)


def next_step(lang: str, code: str | None) -> str | None:
    """What the customer reads when the refusal `code` closed their request (`NEXT_STEPS`): what happened and what
    they can do instead, in `lang`; None for any other code."""
    return say(lang, NEXT_STEPS[code]) if code in NEXT_STEPS else None


def kind_name(lang: str, kind: str) -> str:
    return wording.render(lang, KIND_NAMES[kind]) if kind in KIND_NAMES else kind


def slot_name(lang: str, slot: str) -> str:
    return wording.render(lang, SLOT_NAMES[slot]) if slot in SLOT_NAMES else slot


def change_note(lang: str, slot: str, old: Any, new: Any, tz: str) -> str:
    """What a correction really changed, as the customer reads it: a time joined to the day held is "the time
    is", a new time on the same day "changed the time", anything else the slot's old and new values. A time
    dropped on the same day to be chosen again ("la del vespre" answering which time, the one said not free) is no
    note: nothing is changed yet, and the reply that follows states the time chosen."""
    if slot == "when" and isinstance(old, str) and isinstance(new, str):
        before, after = _moment(old, tz), _moment(new, tz)
        if before is not None and after is not None and before[0] == after[0]:
            if after[1] is None:
                return ""
            if before[1] is None:
                return say(lang, "time_added", new=wording.clock(lang, after[1]))
            if before[1] != after[1]:
                return say(lang, "time_changed", old=wording.clock(lang, before[1]), new=wording.clock(lang, after[1]))
    return say(lang, "changed", slot=slot_name(lang, slot), old=wording.slot_value(lang, slot, old, tz),
               new=wording.slot_value(lang, slot, new, tz))


def _moment(value: str, tz: str) -> tuple[date, time | None] | None:
    """The day and time of day (None for a date alone) of an ISO `when`, in the organisation's time zone."""
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    if "T" not in value and " " not in value:
        return parsed.date(), None
    local = parsed.astimezone(ZoneInfo(tz)) if parsed.tzinfo else parsed
    return local.date(), local.time().replace(tzinfo=None)


def money(cents: int, currency: str, lang: str) -> str:
    return wording.money(lang, cents, currency)


def when(value: datetime, lang: str, tz: str) -> str:
    return wording.moment(lang, value, tz)


def party(lang: str, size: int) -> str:
    return wording.party(lang, size)


def slot_value(lang: str, slot: str, value: object, tz: str) -> str:
    """A slot value as people read it (see `conversations.wording.slot_value`)."""
    return wording.slot_value(lang, slot, value, tz)


def reason(lang: str, code: str) -> str:
    """An engine error code in the customer's language (never the raw code)."""
    return wording.render(lang, REASONS.get(code, REASONS["unexpected"]))


def _cents(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def failure_reason(lang: str, error: dict, currency: str) -> str:
    """A tool's failure (`result["error"]`) in the customer's language: the engine's code, else the bound that was
    broken, else the failure's kind; an amount above the organisation's maximum names the maximum, the night limit
    what is left of it, a balance too low the balance, a Pix code's fixed amount that amount — each with what the customer can do."""
    said = error.get("detail")
    detail = said if isinstance(said, dict) else {}
    code = detail.get("code") or error.get("code") or "unexpected"
    maximum = detail.get("max_cents")
    if code == "amount_too_large" and isinstance(maximum, int) and not isinstance(maximum, bool):
        return wording.render(lang, REASONS["amount_too_large_max"], {"max": money(maximum, currency, lang)})
    fixed = detail.get("amount_cents")
    if code == "amount_invalid" and detail.get("fixed_by") == "pix_code" and _cents(fixed):
        return wording.render(lang, REASONS["amount_fixed_by_code"], {"amount": money(fixed, currency, lang)})
    balance = detail.get("balance_cents")
    if code == "insufficient_funds" and _cents(balance):  # the balance there is, and what can be sent
        return wording.render(lang, REASONS["insufficient_funds_balance"], {"balance": money(balance, currency, lang)})
    left, limit = detail.get("available_cents"), detail.get("limit_cents")
    if code == "night_limit_exceeded" and _cents(left) and _cents(limit):  # what is true, and what can be done
        key = "night_limit_left" if left > 0 else "night_limit_used"
        return wording.render(lang, REASONS[key], {"left": money(left, currency, lang),
                                                   "limit": money(limit, currency, lang)})
    capacity, places = detail.get("capacity"), detail.get("places_left")
    if code == "party_too_large" and _cents(capacity) and capacity > 0:  # how many fit, not just "too many"
        return wording.render(lang, REASONS["party_too_large_capacity"], {"count": capacity})
    if code == "slot_taken" and _cents(places) and places > 0:
        return wording.render(lang, REASONS["slot_places_left"], {"count": places})
    return reason(lang, code)
