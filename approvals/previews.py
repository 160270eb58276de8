"""Previews built by code from system data: the directory's owner name and masked document, the amount formatted by
babel in the organisation's locale, the date, and whether it can be undone. Nothing the model wrote is a fact."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any

from babel.dates import format_date

from language.locales import babel_locale, lang_of
from language.money import format_money

TEXT = {
    "pt-BR": {"pix": "Confirme o Pix:\n• Para: {name} ({document})\n• Banco: {bank}\n• Valor: {amount}\n• Data: {date}\n"
                     "Um Pix não pode ser desfeito.",
              "booking": "Confirme a reserva:\n• {activity}\n• {start}\n• {party} pessoa(s)\n• Total: {amount}",
              "approve": "Aprovar", "decline": "Recusar", "link": "Aprove ou recuse aqui: {url}",
              "pix_code_differs": "⚠️ Atenção: o código Pix diz que o recebedor é \"{merchant}\", mas essa chave é de "
                                  "{name}; confira antes de aprovar."},
    "es": {"pix": "Confirma el Pix:\n• Para: {name} ({document})\n• Banco: {bank}\n• Importe: {amount}\n• Fecha: {date}\n"
                  "Un Pix no se puede deshacer.",
           "booking": "Confirma la reserva:\n• {activity}\n• {start}\n• {party} persona(s)\n• Total: {amount}",
           "approve": "Aprobar", "decline": "Rechazar", "link": "Aprueba o rechaza aquí: {url}",
           "pix_code_differs": "⚠️ Atención: el código Pix dice que el destinatario es \"{merchant}\", pero esa llave es "
                               "de {name}; compruébalo antes de aprobar."},
    "ca": {"pix": "Confirma el Pix:\n• Per a: {name} ({document})\n• Banc: {bank}\n• Import: {amount}\n• Data: {date}\n"
                  "Un Pix no es pot desfer.",
           "booking": "Confirma la reserva:\n• {activity}\n• {start}\n• {party} persona(es)\n• Total: {amount}",
           "approve": "Aprovar", "decline": "Rebutjar", "link": "Aprova o rebutja aquí: {url}",
           "pix_code_differs": "⚠️ Atenció: el codi Pix diu que el destinatari és \"{merchant}\", però aquesta clau és "
                               "de {name}; comprova-ho abans d'aprovar."},
    "en": {"pix": "Confirm the Pix:\n• To: {name} ({document})\n• Bank: {bank}\n• Amount: {amount}\n• Date: {date}\n"
                  "A Pix cannot be undone.",
           "booking": "Confirm the booking:\n• {activity}\n• {start}\n• {party} person(s)\n• Total: {amount}",
           "approve": "Approve", "decline": "Decline", "link": "Approve or decline here: {url}",
           "pix_code_differs": "⚠️ Careful: the Pix code says the recipient is \"{merchant}\", but this key belongs to "
                               "{name}; check before approving."},
}


def word(lang: str, key: str, **values: Any) -> str:
    return TEXT.get(lang, TEXT["en"])[key].format(**values)


def facts_hash(facts: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(facts, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def pix_preview(*, owner_name: str, masked_document: str, bank_name: str, key: str, amount_cents: int, currency: str,
                when: datetime, scheduled: bool, lang: str, tz: str, pix_code: dict[str, Any] | None = None,
                ) -> dict[str, Any]:
    """`pix_code` — {"merchant_name", "txid", "names_match"} when the Pix pays a Pix code: part of the facts (a
    changed code changes the hash), and when the name the code claims is not the key's owner in the directory, the
    text says so plainly, before anything else."""
    facts = {"kind": "pix", "owner_name": owner_name, "masked_document": masked_document, "bank_name": bank_name,
             "key": key, "amount_cents": amount_cents, "currency": currency, "date": when.date().isoformat(),
             "scheduled": scheduled, "irreversible": True}
    text = word(lang, "pix", name=owner_name, document=masked_document, bank=bank_name,
                amount=format_money(amount_cents, currency, lang_of(lang)),
                date=format_date(when, "long", locale=babel_locale(lang_of(lang))))
    if pix_code is not None:
        facts["pix_code"] = dict(pix_code)
        if not pix_code["names_match"]:
            text = word(lang, "pix_code_differs", merchant=pix_code["merchant_name"], name=owner_name) + "\n" + text
    return {"facts": facts, "text": text}


def booking_preview(*, activity: str, start: datetime, party_size: int, amount_cents: int, currency: str,
                    slot_id: int, lang: str, tz: str) -> dict[str, Any]:
    from babel.dates import format_datetime, get_timezone

    facts = {"kind": "booking", "slot_id": slot_id, "activity": activity, "start": start.isoformat(),
             "party_size": party_size, "amount_cents": amount_cents, "currency": currency, "irreversible": False}
    text = word(lang, "booking", activity=activity, party=party_size,
                start=format_datetime(start, "EEE d MMM, HH:mm", tzinfo=get_timezone(tz), locale=babel_locale(lang_of(lang))),
                amount=format_money(amount_cents, currency, lang_of(lang)))
    return {"facts": facts, "text": text}
