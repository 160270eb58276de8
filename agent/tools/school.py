"""School tools over the booking engine's interface (`booking.interface.SandboxBookingEngine`)."""

from __future__ import annotations

from dataclasses import asdict
from datetime import date

from pydantic import Field

from agent.references import reference_issue, reference_resolve, references_issue
from agent.tools.arguments import IsoDay, Name, PartySize, Reference
from agent.tools.base import ToolArgs, ToolContext, ToolFailure, ToolSpec, engine_tools, fields_of, ok, result_fields
from approvals.previews import booking_preview
from booking.interface import BookingResult, PaymentLinkResult, SandboxBookingEngine, SlotOffer, booking_result
from booking.selectors import activity_names, booking_get_for_customer
from guards.evidence import Evidence, Identifier, MoneyEvidence, StatusEvidence
from magie.errors import DomainError

OFFERS_SHOWN = 6  # the free slots one answer lists (the earliest)


class CheckAvailabilityArgs(ToolArgs):
    activity: Name | None = Field(description="Activity name or slug, e.g. 'ski' or 'escalada'; null = any")
    date: IsoDay | None = Field(description="ISO date; null = the next days")
    party_size: PartySize | None = Field(description="People who will take part; null = 1")


class CreateBookingArgs(ToolArgs):
    slot_ref: Reference = Field(description="A slot_ref check_availability returned in this conversation")
    party_size: PartySize


class MyBookingsArgs(ToolArgs):
    pass


class CancelBookingArgs(ToolArgs):
    booking_ref: Reference = Field(description="A booking_ref my_bookings returned")


class ChangeBookingArgs(ToolArgs):
    booking_ref: Reference = Field(description="A booking_ref my_bookings returned: the booking to change")
    slot_ref: Reference = Field(description="A slot_ref check_availability returned: its new time (or the same)")
    party_size: PartySize


class SendPaymentLinkArgs(ToolArgs):
    booking_ref: Reference = Field(description="The booking_ref create_booking returned")


def _offers(ctx: ToolContext, offers) -> list[dict]:
    """The offers as references; the engine named each activity in the customer's language ("Raquetas de nieve"
    to a Spanish customer of the Catalan school, who read "Raquetes de neu")."""
    listed = []
    shown = offers[:OFFERS_SHOWN]
    tokens = references_issue(kind="slot", conversation_id=ctx.conversation_id, ask_id=ctx.ask_id or 0,
                              payloads=[{"slot_id": offer.slot_id} for offer in shown], issued_by="check_availability",
                              now=ctx.now, writes=ctx.writes)
    for offer, token in zip(shown, tokens, strict=True):
        entry = result_fields(offer)
        entry.pop("slot_id")
        listed.append({"slot_ref": token, **entry})
    return listed


def check_availability(ctx: ToolContext, args: CheckAvailabilityArgs) -> dict:
    if ctx.ask_id is None:
        raise ToolFailure("invalid_argument", "no open request to bind the slots to")
    day = date.fromisoformat(args.date) if args.date else None  # checked by the arguments (IsoDay)
    offers = SandboxBookingEngine().availability(activity=args.activity, day=day, party_size=args.party_size or 1,
                                                 limit=OFFERS_SHOWN, language=ctx.language)
    return ok({"slots": _offers(ctx, offers)})


def create_booking(ctx: ToolContext, args: CreateBookingArgs) -> dict:
    slot = reference_resolve(token=args.slot_ref, kind="slot", conversation_id=ctx.conversation_id,
                             ask_id=ctx.ask_id or 0, now=ctx.now, writes=ctx.writes)
    key = f"approval-{ctx.approval.pk}" if ctx.approval is not None else f"turn-{ctx.message_id}-{ctx.calls}"
    try:
        result = SandboxBookingEngine().book(slot_id=slot["slot_id"], customer_ref=ctx.customer_ref,
                                             customer_name=ctx.customer_name or ctx.customer_ref,
                                             party_size=args.party_size, idempotency_key=key)
    except DomainError as error:  # the engine's fresh alternatives come back as references, never raw ids
        alternatives = error.extra.get("alternatives")
        if alternatives:
            error.extra["alternatives"] = [_as_reference(ctx, alternative) for alternative in alternatives]
        raise
    token = reference_issue(kind="booking", conversation_id=ctx.conversation_id, ask_id=ctx.ask_id or 0,
                            payload={"booking_id": result.booking_id}, issued_by="create_booking", now=ctx.now, writes=ctx.writes)
    data = asdict(result)
    data.pop("booking_id")
    data.pop("slot_id")
    return ok({"booking_ref": token, **data})


def _as_reference(ctx: ToolContext, alternative: dict) -> dict:
    entry = dict(alternative)
    slot_id = entry.pop("slot_id")
    token = reference_issue(kind="slot", conversation_id=ctx.conversation_id, ask_id=ctx.ask_id or 0,
                            payload={"slot_id": slot_id}, issued_by="create_booking", now=ctx.now, writes=ctx.writes)
    return {"slot_ref": token, **entry}


def _booking_entry(ctx: ToolContext, result: BookingResult, names: dict[str, str], issued_by: str) -> dict:
    """A booking as the customer's tools see it: references of this Ask to it and to its slot (a change that keeps
    the time moves it to its own slot_ref), never their ids."""
    token = reference_issue(kind="booking", conversation_id=ctx.conversation_id, ask_id=ctx.ask_id or 0,
                            payload={"booking_id": result.booking_id}, issued_by=issued_by, now=ctx.now,
                            writes=ctx.writes)
    slot_token = reference_issue(kind="slot", conversation_id=ctx.conversation_id, ask_id=ctx.ask_id or 0,
                                 payload={"slot_id": result.slot_id}, issued_by=issued_by, now=ctx.now,
                                 writes=ctx.writes)
    data = asdict(result)
    data.pop("booking_id")
    data.pop("slot_id")
    data["activity_name"] = names.get(result.activity, result.activity)
    return {"booking_ref": token, "slot_ref": slot_token, **data}


def my_bookings(ctx: ToolContext, args: MyBookingsArgs) -> dict:
    """The customer's bookings still to come (not cancelled), the latest made first, each with a booking_ref."""
    if ctx.ask_id is None:
        raise ToolFailure("invalid_argument", "no open request to bind the bookings to")
    found = SandboxBookingEngine().upcoming(customer_ref=ctx.customer_ref)
    names = activity_names(language=ctx.language) if found else {}
    return ok({"bookings": [_booking_entry(ctx, result, names, "my_bookings") for result in found]})


def cancel_booking(ctx: ToolContext, args: CancelBookingArgs) -> dict:
    booking = reference_resolve(token=args.booking_ref, kind="booking", conversation_id=ctx.conversation_id,
                                ask_id=ctx.ask_id or 0, now=ctx.now, writes=ctx.writes)
    result = SandboxBookingEngine().cancel(booking_id=booking["booking_id"], customer_ref=ctx.customer_ref)
    names = activity_names(language=ctx.language)
    return ok(_booking_entry(ctx, result, names, "cancel_booking"))


def change_booking(ctx: ToolContext, args: ChangeBookingArgs) -> dict:
    booking = reference_resolve(token=args.booking_ref, kind="booking", conversation_id=ctx.conversation_id,
                                ask_id=ctx.ask_id or 0, now=ctx.now, writes=ctx.writes)
    slot = reference_resolve(token=args.slot_ref, kind="slot", conversation_id=ctx.conversation_id,
                             ask_id=ctx.ask_id or 0, now=ctx.now, writes=ctx.writes)
    try:
        result = SandboxBookingEngine().change(booking_id=booking["booking_id"], customer_ref=ctx.customer_ref,
                                               slot_id=slot["slot_id"], party_size=args.party_size)
    except DomainError as error:  # the engine's fresh alternatives come back as references, never raw ids
        alternatives = error.extra.get("alternatives")
        if alternatives:
            error.extra["alternatives"] = [_as_reference(ctx, alternative) for alternative in alternatives]
        raise
    names = activity_names(language=ctx.language)
    return ok(_booking_entry(ctx, result, names, "change_booking"))


def _booking_of(ctx: ToolContext, booking_ref: str) -> BookingResult:
    booking = reference_resolve(token=booking_ref, kind="booking", conversation_id=ctx.conversation_id,
                                ask_id=ctx.ask_id or 0, now=ctx.now, writes=ctx.writes)
    return booking_result(booking_get_for_customer(booking_id=booking["booking_id"], customer_ref=ctx.customer_ref))


def cancel_booking_preview(ctx: ToolContext, args: CancelBookingArgs) -> dict:
    """The booking as the engine has it now, for a policy that gates reversible actions."""
    held = _booking_of(ctx, args.booking_ref)
    name = activity_names(language=ctx.language).get(held.activity, held.activity)
    return booking_preview(activity=name, start=held.start, party_size=held.party_size,
                           amount_cents=held.amount_cents, currency=held.currency, slot_id=held.slot_id,
                           lang=ctx.language, tz=ctx.time_zone, action="cancel")


def change_booking_preview(ctx: ToolContext, args: ChangeBookingArgs) -> dict:
    """The booking as it would be after the change (the new slot as the engine has it now, price × party)."""
    _booking_of(ctx, args.booking_ref)  # the customer's own, still there
    slot = reference_resolve(token=args.slot_ref, kind="slot", conversation_id=ctx.conversation_id,
                             ask_id=ctx.ask_id or 0, now=ctx.now, writes=ctx.writes)
    offer = SandboxBookingEngine().slot(slot_id=slot["slot_id"])
    return booking_preview(activity=offer.activity_name, start=offer.start, party_size=args.party_size,
                           amount_cents=offer.price_cents * args.party_size, currency=offer.currency,
                           slot_id=offer.slot_id, lang=ctx.language, tz=ctx.time_zone, action="change")


def send_payment_link(ctx: ToolContext, args: SendPaymentLinkArgs) -> dict:
    booking = reference_resolve(token=args.booking_ref, kind="booking", conversation_id=ctx.conversation_id,
                                ask_id=ctx.ask_id or 0, now=ctx.now, writes=ctx.writes)
    link = SandboxBookingEngine().payment_link(booking_id=booking["booking_id"], customer_ref=ctx.customer_ref)
    data = asdict(link)
    data.pop("token")
    data.pop("booking_id")
    data["url"] = ctx.public_base_url + link.path + f"?lang={ctx.language}"  # the page in the customer's language
    return ok(data)


def create_booking_preview(ctx: ToolContext, args: CreateBookingArgs) -> dict:
    """The slot as the engine has it now (activity, start, price × party), for a policy that gates bookings."""
    slot = reference_resolve(token=args.slot_ref, kind="slot", conversation_id=ctx.conversation_id,
                             ask_id=ctx.ask_id or 0, now=ctx.now, writes=ctx.writes)
    offer = SandboxBookingEngine().slot(slot_id=slot["slot_id"])
    return booking_preview(activity=offer.activity_name, start=offer.start, party_size=args.party_size,
                           amount_cents=offer.price_cents * args.party_size, currency=offer.currency,
                           slot_id=offer.slot_id, lang=ctx.language, tz=ctx.time_zone)


# The booking engine's refusals that concern one slot of the Ask (engine code → slot to re-ask).
FAILED_SLOTS = {"slot_taken": "when", "slot_in_the_past": "when", "party_too_large": "party_size",
                "activity_not_found": "activity"}
# A paid, cancelled or past booking cannot be changed or cancelled here: no other value gets past that.
CLOSES_FOLLOW_UP = frozenset({"booking_not_changeable", "booking_not_cancellable"})
# Of the booking engine's refusals only a change or cancellation of a booking no longer awaiting payment closes a
# request: it has no customer accounts, and a time taken, an instructor or equipment out, a booking not payable or
# a link expired all pass or concern another time.
CLOSES_ASK: frozenset[str] = CLOSES_FOLLOW_UP
# What each result's fields mean, for the guards: a slot's price is per person, so price × the party size the call
# was made for is a supported total ("45 € per persona, 90 € en total per a 2").
# A booking's status in a draft's words: a booking waiting for its payment is booked all the same.
_BOOKING_STATUS = StatusEvidence("status", (("pending_payment", "booked"), ("paid", "paid"), ("cancelled", "cancelled")))
# A slot's capacity is its largest group ("groups of up to 4 people").
AVAILABILITY_EVIDENCE = Evidence(money=(MoneyEvidence("price_cents", role="price"),), quantities=("party_size", "capacity"),
                                 dates=("start", "end"), identifiers=(Identifier("slot_ref", "reference"),
                                                                      Identifier("slot_id", "reference")),
                                 names=("activity_name", "instructor", "activity"), places_left=("places_left",),
                                 plain=("currency", "slots"))
BOOKING_EVIDENCE = Evidence(money=(MoneyEvidence("amount_cents"),), quantities=("party_size",), dates=("start",), identifiers=(Identifier("booking_ref", "reference"),
                                                                 Identifier("slot_ref", "reference"),
                                                                 Identifier("booking_id", "reference"),
                                                                 Identifier("slot_id", "reference")),
                            names=("activity",), statuses=(_BOOKING_STATUS,), plain=("currency",))
MY_BOOKINGS_EVIDENCE = Evidence(money=(MoneyEvidence("amount_cents"),), quantities=("party_size",), dates=("start",),
                                identifiers=(Identifier("booking_ref", "reference"), Identifier("slot_ref", "reference"),
                                             Identifier("booking_id", "reference"), Identifier("slot_id", "reference")),
                                names=("activity", "activity_name"), statuses=(_BOOKING_STATUS,),
                                plain=("currency", "bookings"),
                                # the list recounts bookings already made: "Kayak, sábado (pagada)" is a report
                                reports=("create_booking",))
ONE_BOOKING_EVIDENCE = Evidence(money=(MoneyEvidence("amount_cents"),), quantities=("party_size",), dates=("start",),
                                identifiers=(Identifier("booking_ref", "reference"), Identifier("slot_ref", "reference"),
                                             Identifier("booking_id", "reference"), Identifier("slot_id", "reference")),
                                names=("activity", "activity_name"), statuses=(_BOOKING_STATUS,), plain=("currency",))
PAYMENT_LINK_EVIDENCE = Evidence(money=(MoneyEvidence("amount_cents"),), dates=("expires_at",), links=("url",),
                                 identifiers=(Identifier("path", "reference"), Identifier("booking_id", "reference"),
                                              Identifier("token", "reference")), plain=("currency",))

TOOLS = engine_tools(
    ToolSpec("check_availability", "Free time slots now, per activity and day; each with a slot_ref.", "none",
             CheckAvailabilityArgs, check_availability, completes=("availability",), evidence=AVAILABILITY_EVIDENCE,
             returns=fields_of(SlotOffer, extra=("slots", "slot_ref"))),
    ToolSpec("create_booking", "Book a slot_ref from check_availability for party_size people (atomic).",
             "reversible", CreateBookingArgs, create_booking, effect=True, references=(("slot_ref", "slot"),),
             preview=create_booking_preview, completes=("booking",), evidence=BOOKING_EVIDENCE,
             returns=fields_of(BookingResult, extra=("booking_ref",)), effect_kind="booking"),
    ToolSpec("my_bookings", "The customer's bookings still to come, latest made first; each with a booking_ref.",
             "own_data", MyBookingsArgs, my_bookings, evidence=MY_BOOKINGS_EVIDENCE,
             returns=fields_of(BookingResult, extra=("bookings", "booking_ref", "slot_ref", "activity_name"))),
    ToolSpec("cancel_booking", "Cancel a booking_ref from my_bookings (a booking awaiting payment).", "reversible",
             CancelBookingArgs, cancel_booking, effect=True, references=(("booking_ref", "booking"),),
             preview=cancel_booking_preview, completes=("booking_cancel",), evidence=ONE_BOOKING_EVIDENCE,
             returns=fields_of(BookingResult, extra=("booking_ref", "slot_ref", "activity_name")),
             effect_kind="booking"),
    ToolSpec("change_booking", "Move a booking_ref from my_bookings to a slot_ref from check_availability and/or "
             "another party_size, keeping the same booking (atomic).", "reversible", ChangeBookingArgs,
             change_booking, effect=True, references=(("booking_ref", "booking"), ("slot_ref", "slot")),
             preview=change_booking_preview, completes=("booking_change",), evidence=ONE_BOOKING_EVIDENCE,
             returns=fields_of(BookingResult, extra=("booking_ref", "slot_ref", "activity_name")),
             effect_kind="booking"),
    ToolSpec("send_payment_link", "A payment link for a booking_ref from create_booking.", "own_data",
             SendPaymentLinkArgs, send_payment_link, references=(("booking_ref", "booking"),),
             evidence=PAYMENT_LINK_EVIDENCE, returns=fields_of(PaymentLinkResult, extra=("url",))),
    failed_slots=FAILED_SLOTS,
    closes_ask=CLOSES_ASK,
)
