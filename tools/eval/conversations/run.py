"""Run the conversations of a split through `manage.py chat --json` and check each one in the database.

See the package docstring for the format. Needs Django set up (`__main__` does it with the test settings).
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from django.core.management import call_command
from django.db import transaction
from django.utils import timezone
from django_tenants.utils import schema_context

from language.text import fold

HERE = Path(__file__).parent
SPLITS = ("heldout", "heldout2", "tuning")
SCHEMA = {"bank": "demobank", "school": "demoschool", "store": "demostore"}
BANK_CUSTOMER = "5511999990001"  # the demo bank's sandbox customer: R$ 5.000,00, contacts Pedro, Ana, João, Maria
MONEY_SLOTS = ("recipient", "pix_key", "amount", "when")
PIX_KINDS = ("pix_transfer", "pix_transfer_change")  # a Pix made, or a scheduled one changed (its own preview)


class _RolledBack(Exception):
    pass


@dataclass
class Outcome:
    conversation: dict[str, Any]
    replies: list[dict[str, Any]] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    silent_changes: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.misses and not self.silent_changes


def load(split: str) -> list[dict[str, Any]]:
    conversations = []
    for path in sorted((HERE / split).glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                conversations.append(json.loads(line))
    return conversations


def chat(schema: str, customer: str, lines: list[str]) -> list[dict[str, Any]]:
    """The parsed replies of one `manage.py chat --json` run."""
    stdin, sys.stdin = sys.stdin, io.StringIO("\n".join(lines) + "\n")
    out = io.StringIO()
    try:
        call_command("chat", "--org", schema, "--customer", customer, "--json", stdout=out, stderr=io.StringIO())
    finally:
        sys.stdin = stdin
    return [json.loads(line) for line in out.getvalue().splitlines() if line.strip()]


def _snapshot() -> dict[str, set[int]]:
    from bank.models import PixTransfer
    from booking.models import Booking
    from inbox.models import Escalation
    from store.models import UsedDeviceQuote

    return {
        "pix": set(PixTransfer.objects.values_list("pk", flat=True)),
        "booking": set(Booking.objects.values_list("pk", flat=True)),
        "quote": set(UsedDeviceQuote.objects.values_list("pk", flat=True)),
        "escalation": set(Escalation.objects.values_list("pk", flat=True)),
    }


def run_conversation(conversation: dict[str, Any], number: int) -> Outcome:
    from whatsapp.admission import admission_reset

    org = conversation["org"]
    schema = SCHEMA[org]
    customer = BANK_CUSTOMER if org == "bank" else f"3499{number:07d}"
    outcome = Outcome(conversation)
    try:
        with transaction.atomic():
            with schema_context(schema):
                before = _snapshot()
            outcome.replies = chat(schema, customer, conversation["say"])
            with schema_context(schema):
                check(outcome, before, customer)
            raise _RolledBack
    except _RolledBack:
        pass
    except Exception as exc:  # a crash is a failed conversation, reported with its cause
        outcome.misses.append(f"crashed: {type(exc).__name__}: {exc}")
    finally:
        admission_reset(schema_name=schema)
    return outcome


def _local_today(zone: str) -> date:
    return timezone.now().astimezone(ZoneInfo(zone)).date()


WEEKDAY_CODES = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


def wanted_day(day: int | str, today: date) -> int:
    """Days after today of an expected `day`: a number, a weekday ("fri": the next Friday after today) or a day
    of the month ("15th": this month's if still ahead, else next month's), as a customer saying "sexta", "el 15"
    means them."""
    if isinstance(day, int):
        return day
    if day in WEEKDAY_CODES:
        return (WEEKDAY_CODES.index(day) - today.weekday() - 1) % 7 + 1
    match = re.fullmatch(r"(\d{1,2})th", day)
    if not match:
        raise ValueError(f"expected day {day!r}: a number, a weekday (mon…sun) or a day of the month (15th)")
    wanted = int(match.group(1))
    year, month = today.year, today.month
    if wanted <= today.day:
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return (date(year, month, wanted) - today).days


def _texts(replies: list[dict[str, Any]]) -> str:
    return "\n".join(reply.get("text") or "" for reply in replies)


def check(outcome: Outcome, before: dict[str, set[int]], customer: str) -> None:
    from bank.models import PixTransfer
    from booking.models import Booking
    from conversations.models import Conversation
    from inbox.models import Escalation
    from store.models import UsedDeviceQuote
    from tenants.models import Organisation

    conversation, replies, misses = outcome.conversation, outcome.replies, outcome.misses
    expect = conversation["expect"]
    organisation = Organisation.objects.get(schema_name=SCHEMA[conversation["org"]])
    today = _local_today(organisation.time_zone)
    zone = ZoneInfo(organisation.time_zone)

    pix = list(PixTransfer.objects.exclude(pk__in=before["pix"]).order_by("pk"))
    wanted_pix = expect.get("pix")
    if wanted_pix is None:
        if pix:
            misses.append(f"unexpected Pix: {[(p.amount_cents, p.recipient_name) for p in pix]}")
    elif len(pix) != 1:
        misses.append(f"expected one Pix, found {len(pix)}")
    else:
        made = pix[0]
        when = (made.scheduled_for.astimezone(zone).date()
                if made.status in (PixTransfer.Status.SCHEDULED, PixTransfer.Status.CANCELLED) and made.scheduled_for
                else made.created_at.astimezone(zone).date())
        got = (made.amount_cents, fold(made.recipient_name), (when - today).days, made.status)
        statuses = (wanted_pix["status"],) if "status" in wanted_pix else ("settled", "scheduled")
        if (got[0] != wanted_pix["cents"] or fold(wanted_pix["to"]) not in got[1] or got[2] != wanted_day(wanted_pix["day"], today)
                or got[3] not in statuses):
            misses.append(f"Pix {got} != {wanted_pix}")

    bookings = list(Booking.objects.exclude(pk__in=before["booking"]).select_related("slot__activity"))
    active = [b for b in bookings if b.status != Booking.Status.CANCELLED]
    cancelled = len(bookings) - len(active)
    if cancelled != expect.get("cancelled", 0):
        misses.append(f"{cancelled} booking(s) cancelled, expected {expect.get('cancelled', 0)}")
    wanted_booking = expect.get("booking")
    if wanted_booking is None:
        if active:
            misses.append(f"unexpected booking(s): {[_booking(b, zone, today) for b in active]}")
    elif len(active) != 1:
        misses.append(f"expected one booking, found {[_booking(b, zone, today) for b in active]}")
    else:
        got_booking = _booking(active[0], zone, today)
        wanted_booking = {**wanted_booking, "day": wanted_day(wanted_booking["day"], today)}
        if got_booking != wanted_booking:
            misses.append(f"booking {got_booking} != {wanted_booking}")

    quotes = list(UsedDeviceQuote.objects.exclude(pk__in=before["quote"]))
    wanted_quote = expect.get("quote")
    if wanted_quote is None:
        if quotes:
            misses.append("unexpected used-device quote")
    elif len(quotes) != 1:
        misses.append(f"expected one quote, found {len(quotes)}")
    else:
        quote = quotes[0]
        got_quote = {"model": quote.quoted_model, "gb": quote.capacity_gb, "battery": quote.battery_health}
        if fold(got_quote["model"]) != fold(wanted_quote["model"]) or got_quote["gb"] != wanted_quote["gb"] \
                or got_quote["battery"] != wanted_quote["battery"]:
            misses.append(f"quote {got_quote} != {wanted_quote}")

    handed = Escalation.objects.exclude(pk__in=before["escalation"]).filter(
        conversation__customer__channel_user_id=customer).exists()
    if handed != bool(expect.get("handoff")):
        misses.append("not handed to a person" if expect.get("handoff") else "handed to a person")

    texts = _texts(replies)
    for said in expect.get("says", ()):
        if fold(said) not in fold(texts):
            misses.append(f"does not say {said!r}")
    if "says_digits" in expect and expect["says_digits"] not in re.sub(r"\D", "", texts):
        misses.append(f"does not say the figure {expect['says_digits']}")
    last = replies[-1] if replies else {}
    if "kind" in expect and last.get("kind") != expect["kind"]:
        misses.append(f"last kind {last.get('kind')!r} != {expect['kind']!r}")
    for slot, value in expect.get("slots", {}).items():
        got_slot = (last.get("slots") or {}).get(slot)
        if got_slot is None or fold(str(value)) not in fold(json.dumps(got_slot, ensure_ascii=False)):
            misses.append(f"slot {slot} {got_slot!r} != {value!r}")

    lang = conversation["lang"]
    if lang == organisation.language or lang in (organisation.languages or ()):
        stored = Conversation.objects.filter(customer__channel_user_id=customer).values_list(
            "language", flat=True).first()
        allowed = {lang, ""} if lang == organisation.language else {lang}
        if stored not in allowed:
            misses.append(f"conversation language {stored!r}, expected {lang!r}")

    outcome.silent_changes.extend(silent_changes(replies, pix))


def _booking(booking: Any, zone: ZoneInfo, today: date) -> dict[str, Any]:
    start = booking.slot.start.astimezone(zone)
    return {"activity": booking.slot.activity.slug, "party": booking.party_size, "day": (start.date() - today).days,
            "time": start.strftime("%H:%M")}


def _money_values(reply: dict[str, Any]) -> tuple[str, ...]:
    slots = reply.get("slots") or {}
    return tuple(json.dumps(slots.get(name), sort_keys=True, ensure_ascii=False) for name in MONEY_SLOTS)


def _is_preview(reply: dict[str, Any]) -> bool:
    return reply.get("state") == "awaiting_confirmation" and bool(reply.get("buttons"))


def silent_changes(replies: list[dict[str, Any]], pix: list[Any]) -> list[str]:
    """Changes of a Pix request's recipient, key, amount or date after its preview, not shown in a new preview; and
    Pix made without a preview or with other values than the last one shown."""
    found: list[str] = []
    shown: dict[int, tuple[str, ...]] = {}  # ask → its values when the last preview was shown
    last_preview: dict[str, Any] | None = None
    for reply in replies:
        ask = reply.get("ask")
        if reply.get("kind") not in PIX_KINDS or ask is None:
            continue
        values = _money_values(reply)
        if _is_preview(reply):
            shown[ask], last_preview = values, reply
        elif ask in shown and values != shown[ask] and reply.get("state") not in ("abandoned", "failed", "cancelled"):
            found.append(f"reply {reply.get('n')}: {MONEY_SLOTS} changed from {shown[ask]} to {values} without a "
                         "new preview")
    # a preview left unconfirmed (a change of a scheduled Pix the customer did not tap) changed nothing: the Pix is
    # compared with the last preview of a request that completed, if any
    completed = {reply.get("ask") for reply in replies if reply.get("state") == "completed"}
    confirmed = [reply for reply in replies if reply.get("kind") in PIX_KINDS and _is_preview(reply)
                 and reply.get("ask") in completed]
    last_preview = confirmed[-1] if confirmed else last_preview
    for made in pix:
        if last_preview is None:
            found.append(f"Pix of {made.amount_cents} made with no preview shown")
            continue
        slots = last_preview.get("slots") or {}
        amount = (slots.get("amount") or {}).get("amount_cents")
        recipient = slots.get("recipient")
        if amount != made.amount_cents:
            found.append(f"Pix of {made.amount_cents} made after a preview of {amount}")
        if isinstance(recipient, str) and fold(recipient) not in fold(made.recipient_name):
            found.append(f"Pix to {made.recipient_name} made after a preview for {recipient}")
        when = slots.get("when")
        if made.status == "scheduled" and made.scheduled_for and (
                not when or str(when)[:10] != made.scheduled_for.astimezone(
                    ZoneInfo("America/Sao_Paulo")).date().isoformat()):
            found.append(f"Pix scheduled for {made.scheduled_for} after a preview for {when}")
    return found


def report(outcomes: list[Outcome], *, split: str) -> dict[str, Any]:
    by: dict[str, dict[str, list[int]]] = {"language": defaultdict(lambda: [0, 0]), "kind": defaultdict(lambda: [0, 0])}
    for outcome in outcomes:
        for axis, key in (("language", outcome.conversation["lang"]), ("kind", outcome.conversation["org"])):
            by[axis][key][0] += outcome.passed
            by[axis][key][1] += 1
    passed = sum(o.passed for o in outcomes)
    return {
        "split": split, "passed": passed, "total": len(outcomes),
        "rate": round(100 * passed / len(outcomes), 1) if outcomes else 0.0,
        "by_language": {k: v for k, v in sorted(by["language"].items())},
        "by_kind": {k: v for k, v in sorted(by["kind"].items())},
        "changed_without_new_preview": sum(1 for o in outcomes if o.silent_changes),
    }


def print_report(figures: dict[str, Any], outcomes: list[Outcome], *, misses: bool) -> None:
    if misses:
        for outcome in outcomes:
            if not outcome.passed:
                conversation = outcome.conversation
                print(f"MISS {conversation['id']} {conversation['say']}")
                for line in outcome.misses + outcome.silent_changes:
                    print(f"     - {line}")
                for reply in outcome.replies:
                    text = (reply.get("text") or "").replace("\n", " | ")
                    print(f"     < [{reply.get('kind')}/{reply.get('state')}/{reply.get('rule')}] {text[:200]}")
    print(f"split {figures['split']}: {figures['passed']}/{figures['total']} passed ({figures['rate']}%)")
    for axis in ("by_language", "by_kind"):
        cells = ", ".join(f"{k} {p}/{t} ({100 * p / t:.0f}%)" for k, (p, t) in figures[axis].items())
        print(f"  {axis.replace('_', ' ')}: {cells}")
    print(f"  changed without a new preview: {figures['changed_without_new_preview']}")


def run_perturbed(conversations: list[dict[str, Any]], specs: list[str], *, seed: int, as_json: bool,
                  sample: int = 1) -> int:
    """Each spec (kinds joined by commas) applied to every conversation; the ones it changes run and are reported:
    their pass rate and each miss with the lines as typed."""
    from tools.eval.conversations.perturb import KINDS, perturb_conversation

    results = []
    for spec in specs:
        kinds = tuple(kind.strip() for kind in spec.split(",") if kind.strip())
        unknown = set(kinds) - set(KINDS)
        if unknown:
            raise SystemExit(f"unknown perturbation kind(s) {sorted(unknown)}; known: {', '.join(KINDS)}")
        changed = [p for c in conversations if (p := perturb_conversation(c, kinds, seed=seed))["say"] != c["say"]]
        changed = changed[::max(1, sample)]
        outcomes = [run_conversation(c, number) for number, c in enumerate(changed, start=1)]
        figures = report(outcomes, split=f"tuning+{'+'.join(kinds)}")
        figures["unchanged"] = len(conversations) - len(changed)
        figures["missed_ids"] = [o.conversation["id"] for o in outcomes if not o.passed]
        results.append(figures)
        if not as_json:
            print(f"== perturbation {'+'.join(kinds)} (seed {seed}): {len(changed)} of {len(conversations)} "
                  f"conversations changed{f', every {sample}th run' if sample > 1 else ''}")
            print_report(figures, outcomes, misses=True)
    if as_json:
        print(json.dumps(results))
    else:
        for figures in results:
            print(f"{figures['split']}: {figures['passed']}/{figures['total']} ({figures['rate']}%), "
                  f"changed without a new preview {figures['changed_without_new_preview']}")
    return 0


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m tools.eval.conversations", description=__doc__)
    parser.add_argument("--split", choices=SPLITS, default="heldout")
    parser.add_argument("--lang", help="only conversations in this language")
    parser.add_argument("--org", choices=tuple(SCHEMA), help="only this organisation kind")
    parser.add_argument("--id", action="append", help="only this conversation (repeatable)")
    parser.add_argument("--misses", action="store_true", help="print each failed conversation with its replies")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--perturb", action="append", metavar="KIND[,KIND]",
                        help="tuning only: rewrite each customer line by these kinds together (repeatable: each run "
                             "and reported apart); runs only the conversations it changes and prints their misses")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the typos (--perturb)")
    parser.add_argument("--sample", type=int, default=1, metavar="N",
                        help="with --perturb: run every Nth changed conversation only (a quicker, still fixed, look)")
    args = parser.parse_args(argv)
    if args.perturb and args.split != "tuning":
        parser.error("--perturb runs on the tuning split only: held-out conversations are never perturbed")

    from testing.organisations import organisations_seed_today

    organisations_seed_today()  # the demo as of today: "tomorrow's 09:00 climbing is full" holds at any hour
    conversations = [c for c in load(args.split) if (not args.lang or c["lang"] == args.lang)
                     and (not args.org or c["org"] == args.org) and (not args.id or c["id"] in args.id)]
    if args.perturb:
        return run_perturbed(conversations, args.perturb, seed=args.seed, as_json=args.json, sample=args.sample)
    outcomes = [run_conversation(c, number) for number, c in enumerate(conversations, start=1)]
    figures = report(outcomes, split=args.split)
    if args.json:
        print(json.dumps(figures))
    else:
        print_report(figures, outcomes, misses=args.misses)
    return 0
