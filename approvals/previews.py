"""Previews built by code from system data: the directory's owner name and masked document, the amount formatted by
babel in the customer's locale, the date (a scheduled Pix says it is scheduled, and for when), and whether it can be
undone; the wording goes through Django's i18n (`conversations.wording`). Nothing the model wrote is a fact."""

from __future__ import annotations

import hashlib
import json
from datetime import date, datetime
from typing import Any

from django.utils.translation import pgettext_lazy

from conversations import wording

TEXT: dict[str, Any] = {
    "pix": pgettext_lazy(
        "customer", "Confirm the Pix:\n• To: %(name)s (%(document)s)\n• Bank: %(bank)s\n• Amount: %(amount)s\n"
                    "• Date: %(date)s\nA Pix cannot be undone."),
    "pix_scheduled": pgettext_lazy(
        "customer", "Confirm the scheduled Pix:\n• To: %(name)s (%(document)s)\n• Bank: %(bank)s\n• Amount: "
                    "%(amount)s\n• Scheduled for: %(date)s\nIt will be sent on that date and cannot be undone."),
    "booking": pgettext_lazy(
        "customer", "Confirm the booking:\n• %(activity)s\n• %(start)s\n• %(party)s\n• Total: %(amount)s"),
    "booking_change": pgettext_lazy(
        "customer", "Confirm the change of your booking to:\n• %(activity)s\n• %(start)s\n• %(party)s\n• Total: %(amount)s"),
    "booking_cancel": pgettext_lazy(
        "customer", "Confirm the cancellation of your booking:\n• %(activity)s\n• %(start)s\n• %(party)s"),
    "pix_change": pgettext_lazy(
        "customer", "Confirm the change of your scheduled Pix:\n%(changes)s\nAs it will be:\n• To: %(name)s "
                    "(%(document)s)\n• Bank: %(bank)s\n• Amount: %(amount)s\n• Scheduled for: %(date)s\nIt will be "
                    "sent on that date and cannot be undone."),
    # one line of what a change of a scheduled Pix changes, before it is shown as it will be
    "pix_change_line": pgettext_lazy("customer", "• %(what)s: %(old)s → %(new)s"),
    "pix_change_amount": pgettext_lazy("customer", "Amount"),
    "pix_change_date": pgettext_lazy("customer", "Date"),
    "pix_change_recipient": pgettext_lazy("customer", "Recipient"),
    "pix_cancel": pgettext_lazy(
        "customer", "Confirm the cancellation of your scheduled Pix:\n• To: %(name)s (%(document)s)\n• Amount: "
                    "%(amount)s\n• Scheduled for: %(date)s\nNothing will be sent."),
    # what the customer said beside a Pix code to go with the payment ("descrição: aluguel")
    "pix_note": pgettext_lazy("customer", "• Description: %(note)s"),
    "approve": pgettext_lazy("customer", "Approve"),
    "decline": pgettext_lazy("customer", "Decline"),
    "link": pgettext_lazy("customer", "Approve or decline here: %(url)s"),
    "pix_code_differs": pgettext_lazy(
        "customer", "⚠️ Careful: the Pix code says the recipient is \"%(merchant)s\", but this key belongs to "
                    "%(name)s; check before approving."),
}


def word(lang: str, key: str, **values: Any) -> str:
    return wording.render(lang, TEXT[key], values)


def facts_hash(facts: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(facts, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def pix_preview(*, owner_name: str, masked_document: str, bank_name: str, key: str, amount_cents: int, currency: str,
                when: datetime, scheduled: bool, lang: str, tz: str, pix_code: dict[str, Any] | None = None,
                note: str = "") -> dict[str, Any]:
    """`pix_code` — {"merchant_name", "txid", "names_match"} when the Pix pays a Pix code: part of the facts (a
    changed code changes the hash), and when the name the code claims is not the key's owner in the directory, the
    text says so plainly, before anything else. `note`: the description the Pix carries (what the customer said
    beside the code), a fact and a line of its own."""
    facts = {"kind": "pix", "owner_name": owner_name, "masked_document": masked_document, "bank_name": bank_name,
             "key": key, "amount_cents": amount_cents, "currency": currency, "date": when.date().isoformat(),
             "scheduled": scheduled, "irreversible": True}
    text = word(lang, "pix_scheduled" if scheduled else "pix", name=owner_name, document=masked_document,
                bank=bank_name, amount=wording.money(lang, amount_cents, currency), date=wording.long_day(lang, when))
    if note:
        facts["description"] = note
        head, _, tail = text.rpartition("\n")  # the note goes with the details, before the last line's warning
        text = f"{head}\n{word(lang, 'pix_note', note=note)}\n{tail}"
    if pix_code is not None:
        facts["pix_code"] = dict(pix_code)
        if not pix_code["names_match"]:
            text = word(lang, "pix_code_differs", merchant=pix_code["merchant_name"], name=owner_name) + "\n" + text
    return {"facts": facts, "text": text}


def pix_change_preview(*, transfer_id: int, old: dict[str, Any], new: dict[str, Any] | None,
                       lang: str) -> dict[str, Any]:
    """A scheduled Pix to change (`old` as the bank has it, `new` as it would be: owner_name, masked_document,
    bank_name, key, amount_cents, currency and date, an ISO day) — what changes said first, line by line, then the
    Pix as it will be — or, `new` None, the scheduled Pix to cancel."""
    if new is None:
        facts = {"kind": "pix_transfer_cancel", "transfer_id": transfer_id, **old, "irreversible": False}
        text = word(lang, "pix_cancel", name=old["owner_name"], document=old["masked_document"],
                    amount=wording.money(lang, old["amount_cents"], old["currency"]),
                    date=wording.long_day(lang, date.fromisoformat(old["date"])))
        return {"facts": facts, "text": text}
    facts = {"kind": "pix_transfer_change", "transfer_id": transfer_id, **new,
             "was": {name: old[name] for name in ("owner_name", "key", "amount_cents", "date")}, "scheduled": True,
             "irreversible": True}
    lines = []
    if (old["key"], old["owner_name"]) != (new["key"], new["owner_name"]):
        lines.append(word(lang, "pix_change_line", what=word(lang, "pix_change_recipient"), old=old["owner_name"],
                          new=f"{new['owner_name']} ({new['masked_document']})"))
    if old["amount_cents"] != new["amount_cents"]:
        lines.append(word(lang, "pix_change_line", what=word(lang, "pix_change_amount"),
                          old=wording.money(lang, old["amount_cents"], old["currency"]),
                          new=wording.money(lang, new["amount_cents"], new["currency"])))
    if old["date"] != new["date"]:
        lines.append(word(lang, "pix_change_line", what=word(lang, "pix_change_date"),
                          old=wording.long_day(lang, date.fromisoformat(old["date"])),
                          new=wording.long_day(lang, date.fromisoformat(new["date"]))))
    text = word(lang, "pix_change", changes="\n".join(lines), name=new["owner_name"], document=new["masked_document"],
                bank=new["bank_name"], amount=wording.money(lang, new["amount_cents"], new["currency"]),
                date=wording.long_day(lang, date.fromisoformat(new["date"])))
    return {"facts": facts, "text": text}


def booking_preview(*, activity: str, start: datetime, party_size: int, amount_cents: int, currency: str,
                    slot_id: int, lang: str, tz: str, action: str = "") -> dict[str, Any]:
    """A booking to make, or (`action` "change" / "cancel") a booking as it will be after a change, or the one to
    cancel."""
    if action:
        facts = {"kind": f"booking_{action}", "slot_id": slot_id, "activity": activity, "start": start.isoformat(),
                 "party_size": party_size, "amount_cents": amount_cents, "currency": currency, "irreversible": False}
        text = word(lang, f"booking_{action}", activity=activity, party=wording.party(lang, party_size),
                    start=wording.moment(lang, start, tz), amount=wording.money(lang, amount_cents, currency))
        return {"facts": facts, "text": text}
    facts = {"kind": "booking", "slot_id": slot_id, "activity": activity, "start": start.isoformat(),
             "party_size": party_size, "amount_cents": amount_cents, "currency": currency, "irreversible": False}
    text = word(lang, "booking", activity=activity, party=wording.party(lang, party_size),
                start=wording.moment(lang, start, tz), amount=wording.money(lang, amount_cents, currency))
    return {"facts": facts, "text": text}
