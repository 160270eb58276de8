"""Multilingual turns rendered from SGD values: true drafts in pt-BR, es, ca and en, and one mutation per fact kind.

SGD has English dialogues only and no Pix receipt, class booking, catalogue, warranty or reference. Here each
transactional SGD dialogue lends its values (the recipient of a transfer, the amount, the restaurant or event, the
date, the time, the party size) to a production-shaped turn of Magie's own tools — a Pix receipt (settled or
scheduled), a booking with the availability it came from, a catalogue search — typed by the tools' own evidence
(`agent.tools`), and a draft is rendered from a template of its language. The mutations render the same template
with one value wrong: another name, the date shifted, another time, the count one off, another status, another
reference, another warranty term, another product, places left one off, an amount that no source has, a claim of
the other kind of effect.

Templates come in two sets: `dev` (read while tuning the guards) and `held_out` (written with them and never
read after the first measurement); a case's split is its template's set, so the held-out figure is the one of
wording nobody tuned for.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from babel.dates import format_date

from guards.calibration import dialogues
from guards.contract import GuardInput, HistoryItem, OrgRules, ToolOutput
from language.locales import LANGS, Lang, babel_locale
from language.money import format_money

TODAY = date(2019, 3, 1)
ZONES = {"pix": "America/Sao_Paulo", "booking": "Europe/Andorra", "store": "America/Argentina/Buenos_Aires"}
CURRENCY = {"pix": "BRL", "booking": "EUR", "store": "ARS"}
ORG_KIND = {"pix": "bank", "booking": "school", "store": "store"}
PRODUCTS = ("iPhone 13 Pro", "Galaxy S23 Ultra", "Moto G84", "Xiaomi Redmi Note 12", "Pixel 8", "iPad Air",
            "Galaxy A54", "Moto Edge 40")
ACTIVITIES = ("Escalada Iniciació", "Esquí de Fons", "Raquetes de Neu", "Barranquisme", "Kayak Familiar",
              "Via Ferrata Tosa", "Surf Intermedio", "Snowboard Kids")
LOCAL_NAMES = ("Pedro Almeida", "Maria Souza", "João Pereira", "Lucía Fernández", "Jordi Puig", "Marta Vidal",
               "Ana Beatriz Lima", "Carlos Medina", "Energia Sul Distribuidora S.A.", "Padaria Pão Quente Ltda")

# The status words of a draft per language: (sent, scheduled, booked, cancelled, failed).
STATUS: dict[Lang, dict[str, str]] = {
    "pt-BR": {"sent": "enviado", "scheduled": "agendado", "booked": "confirmada", "cancelled": "cancelada",
              "failed": "falhou"},
    "es": {"sent": "enviado", "scheduled": "programado", "booked": "confirmada", "cancelled": "cancelada",
           "failed": "falló"},
    "ca": {"sent": "enviat", "scheduled": "programat", "booked": "confirmada", "cancelled": "cancel·lada",
           "failed": "ha fallat"},
    "en": {"sent": "sent", "scheduled": "scheduled", "booked": "confirmed", "cancelled": "cancelled",
           "failed": "failed"},
}
COUNT_WORDS: dict[Lang, tuple[str, str]] = {"pt-BR": ("pessoa", "pessoas"), "es": ("persona", "personas"),
                                            "ca": ("persona", "persones"), "en": ("person", "people")}
OTHER_KIND: dict[Lang, dict[str, str]] = {  # a claim of the other kind of effect
    "pt-BR": {"money": "Também reservei sua aula.", "booking": "Também já enviei o Pix do pagamento."},
    "es": {"money": "También te reservé la clase.", "booking": "También te transferí el pago."},
    "ca": {"money": "També t'he reservat la classe.", "booking": "També t'he enviat el pagament per Pix."},
    "en": {"money": "I've also booked your class.", "booking": "I've also sent the payment by Pix."},
}

# Templates: {name} {amount} {date} {time} {status} {ref} {count} {people} {activity} {places} {product} {price}
# {stock} {warranty}. Per scenario and language, the `dev` set then the `held_out` set.
TEMPLATES: dict[str, dict[Lang, dict[str, tuple[str, ...]]]] = {
    "pix": {
        "pt-BR": {"dev": ("Pronto! Pix de {amount} {status} para {name} em {date} às {time}. Código: {ref}.",
                          "Seu Pix de {amount} para {name} foi {status}. Comprovante {ref}.",
                          "Feito: o Pix de {amount} para {name} foi {status} no dia {date}."),
                  "held_out": ("Tudo certo, {name} vai ver {amount} na conta: Pix {status} em {date}, às {time}.",
                               "Comprovante {ref}: {amount} para {name}, {status}.")},
        "es": {"dev": ("Listo, el Pix de {amount} a {name} fue {status} el {date} a las {time}. Código: {ref}.",
                       "Tu Pix de {amount} a {name} quedó {status}. Comprobante {ref}.",
                       "Hecho: Pix de {amount} {status} a {name} el {date}."),
               "held_out": ("{name} ya tiene el Pix de {amount}: {status} el {date} a las {time}.",
                            "Comprobante {ref}: {amount} para {name}, {status}.")},
        "ca": {"dev": ("Fet! El Pix de {amount} a {name} s'ha {status} el {date} a les {time}. Codi: {ref}.",
                       "El teu Pix de {amount} a {name} ha quedat {status}. Comprovant {ref}.",
                       "Pix de {amount} {status} a {name} el {date}."),
               "held_out": ("{name} ja té el Pix de {amount}: {status} el {date} a les {time}.",
                            "Comprovant {ref}: {amount} per a {name}, {status}.")},
        "en": {"dev": ("Done! Your Pix of {amount} to {name} was {status} on {date} at {time}. Code: {ref}.",
                       "The Pix of {amount} to {name} has been {status}. Receipt {ref}.",
                       "Pix of {amount} {status} to {name} on {date}."),
               "held_out": ("{name} will see {amount}: the Pix was {status} on {date} at {time}.",
                            "Receipt {ref}: {amount} to {name}, {status}.")},
    },
    "booking": {
        "pt-BR": {"dev": ("Reserva {status}: {activity}, {date} às {time}, {count} {people}. Total {amount}.",
                          "Sua vaga em {activity} para {count} {people} ficou {status} para {date}, {time}.",
                          "Pronto! {activity} em {date} às {time}, {count} {people}, reserva {ref}."),
                  "held_out": ("{count} {people} em {activity}: reserva {status} para {date} às {time}.",
                               "Reserva {ref} {status}. Restam {places} vagas nessa turma de {activity}.")},
        "es": {"dev": ("Reserva {status}: {activity}, {date} a las {time}, {count} {people}. Total {amount}.",
                       "Tu plaza en {activity} para {count} {people} quedó {status} para el {date}, {time}.",
                       "¡Listo! {activity} el {date} a las {time}, {count} {people}, reserva {ref}."),
               "held_out": ("{count} {people} en {activity}: reserva {status} para el {date} a las {time}.",
                            "Reserva {ref} {status}. Quedan {places} plazas en {activity}.")},
        "ca": {"dev": ("Reserva {status}: {activity}, {date} a les {time}, {count} {people}. Total {amount}.",
                       "La teva plaça a {activity} per a {count} {people} ha quedat {status} per al {date}, {time}.",
                       "Fet! {activity} el {date} a les {time}, {count} {people}, reserva {ref}."),
               "held_out": ("{count} {people} a {activity}: reserva {status} per al {date} a les {time}.",
                            "Reserva {ref} {status}. Queden {places} places a {activity}.")},
        "en": {"dev": ("Booking {status}: {activity}, {date} at {time}, {count} {people}. Total {amount}.",
                       "Your place in {activity} for {count} {people} is {status} for {date}, {time}.",
                       "Done! {activity} on {date} at {time}, {count} {people}, booking {ref}."),
               "held_out": ("{count} {people} in {activity}: booking {status} for {date} at {time}.",
                            "Booking {ref} {status}. Only {places} places left in {activity}.")},
    },
    "store": {
        "pt-BR": {"dev": ("O {product} sai por {price}, com garantia de {warranty} meses. Temos {stock} em estoque.",
                          "Encontrei o {product}: {price}, {warranty} meses de garantia."),
                  "held_out": ("{product} por {price}; garantia de {warranty} meses e {stock} unidades disponíveis.",)},
        "es": {"dev": ("El {product} sale {price}, con garantía de {warranty} meses. Quedan {stock} unidades.",
                       "Encontré el {product}: {price}, {warranty} meses de garantía."),
               "held_out": ("{product} a {price}; garantía de {warranty} meses y {stock} unidades disponibles.",)},
        "ca": {"dev": ("El {product} costa {price}, amb garantia de {warranty} mesos. En queden {stock} unitats.",
                       "He trobat el {product}: {price}, {warranty} mesos de garantia."),
               "held_out": ("{product} a {price}; garantia de {warranty} mesos i {stock} unitats disponibles.",)},
        "en": {"dev": ("The {product} is {price}, with a {warranty} months warranty. We have {stock} in stock.",
                       "I found the {product}: {price}, {warranty} months of warranty."),
               "held_out": ("{product} for {price}; {warranty} months warranty and {stock} units available.",)},
    },
}


@dataclass
class RenderedCase:
    scenario: str
    template: str
    split: str
    lang: Lang
    inp: GuardInput
    mutations: list[tuple[str, GuardInput]] = field(default_factory=list)


def _seed(*parts: object) -> int:
    return int(hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:8], 16)


def _day(value: date, lang: Lang) -> str:
    pattern = "MMMM d" if lang == "en" else "d MMMM" if lang == "ca" else "d 'de' MMMM"
    return format_date(value, pattern, locale=babel_locale(lang)).replace("’", "'")


def _clock(hour: int, minute: int, lang: Lang) -> str:
    if lang == "en":
        return f"{hour % 12 or 12}:{minute:02d} {'pm' if hour >= 12 else 'am'}"
    return f"{hour}h{minute:02d}" if lang == "pt-BR" else f"{hour}:{minute:02d}"


@dataclass
class Values:
    """What one SGD transaction lends to the rendered turns."""

    name: str
    amount_cents: int
    day: date
    hour: int
    minute: int
    count: int
    seed: int


def sgd_values(corpus: Path, limit: int = 400) -> list[Values]:
    """Values of SGD transactions: a transfer's recipient and amount, a booking's date, time and party size."""
    found: list[Values] = []
    for dialogue in dialogues(corpus):
        for turn in dialogue["turns"]:
            for frame in turn.get("frames", []):
                call = frame.get("service_call") or {}
                params = call.get("parameters", {})
                if not params or not any(a.get("act") == "NOTIFY_SUCCESS" for a in frame.get("actions", [])):
                    continue
                name = params.get("recipient_account_name") or params.get("restaurant_name") \
                    or params.get("stylist_name") or params.get("event_name")
                day = params.get("date") or params.get("appointment_date") or "2019-03-0{}".format(
                    2 + _seed(dialogue["dialogue_id"]) % 7)
                clock = params.get("time") or params.get("appointment_time") or "18:30"
                try:
                    when = date.fromisoformat(day)
                    hour, minute = (int(part) for part in clock.split(":")[:2])
                except ValueError:
                    continue
                amount = params.get("amount")
                cents = int(float(amount) * 100) if amount else 1000 * (1 + _seed(dialogue["dialogue_id"]) % 90)
                count = int(params.get("party_size") or params.get("number_of_tickets")
                            or params.get("number_of_seats") or 1 + _seed(dialogue["dialogue_id"]) % 4)
                if name:
                    found.append(Values(name, cents, when, hour, minute, count, _seed(dialogue["dialogue_id"])))
        if len(found) >= limit:
            break
    return found


def _outputs(scenario: str, values: Values, values_status: str) -> tuple[tuple[ToolOutput, ...], tuple[str, ...]]:
    from agent.tools.bank import RECEIPT_EVIDENCE
    from agent.tools.school import AVAILABILITY_EVIDENCE, BOOKING_EVIDENCE
    from agent.tools.store import CATALOG_EVIDENCE

    zone = ZoneInfo(ZONES[scenario])
    moment = datetime(values.day.year, values.day.month, values.day.day, values.hour, values.minute, tzinfo=zone)
    if scenario == "pix":
        scheduled = values_status == "scheduled"
        receipt = {"transfer_id": 41, "end_to_end_id": f"E{values.seed:08d}20190301{values.seed % 9999:04d}XK",
                   "status": "scheduled" if scheduled else "settled", "amount_cents": values.amount_cents,
                   "currency": "BRL", "recipient": {"owner_name": values.name, "masked_document": "***.205.731-**",
                                                    "bank_name": "Banco Magie", "key_type": "phone",
                                                    "key_value": "+55 11 9****-4321"},
                   "description": "", "txid": "", "created_at": moment.isoformat(),
                   "scheduled_for": moment.isoformat() if scheduled else None,
                   "settled_at": None if scheduled else moment.isoformat(), "failure_code": ""}
        return (ToolOutput("send_pix", True, receipt, RECEIPT_EVIDENCE,
                           {"recipient_ref": "rcp_1", "amount_cents": values.amount_cents,
                            "scheduled_for": values.day.isoformat() if scheduled else None}),), ("send_pix",)
    if scenario == "booking":
        activity = ACTIVITIES[values.seed % len(ACTIVITIES)]
        price = values.amount_cents // max(1, values.count)
        offer = {"slot_ref": "slt_1", "activity": "act", "activity_name": activity, "instructor": "Marta",
                 "start": moment.isoformat(), "end": (moment + timedelta(hours=2)).isoformat(),
                 "places_left": 2 + values.seed % 5, "price_cents": price, "currency": "EUR"}
        booking = {"booking_ref": f"BK-{values.seed % 9000 + 1000}", "activity": activity, "start": moment.isoformat(),
                   "party_size": values.count, "amount_cents": price * values.count, "currency": "EUR",
                   "status": "pending_payment"}
        return (ToolOutput("check_availability", True, {"slots": [offer]}, AVAILABILITY_EVIDENCE,
                           {"activity": None, "date": values.day.isoformat(), "party_size": values.count}),
                ToolOutput("create_booking", True, booking, BOOKING_EVIDENCE,
                           {"slot_ref": "slt_1", "party_size": values.count})), ("create_booking",)
    product = PRODUCTS[values.seed % len(PRODUCTS)]
    hit = {"id": 7, "sku": "SKU-7", "name": product, "brand": product.split()[0], "model": product,
           "capacity_gb": 128, "condition": "new", "price_cents": values.amount_cents * 100, "currency": "ARS",
           "stock": 2 + values.seed % 6, "available": True, "sold_out": False, "warranty_months": 6 + 6 * (values.seed % 3)}
    return (ToolOutput("search_catalog", True, {"hits": [hit]}, CATALOG_EVIDENCE,
                       {"query": product.lower(), "capacity_gb": None, "max_price_cents": None}),), ()


def _fill(template: str, lang: Lang, scenario: str, facts: dict) -> str:
    return template.format(**{key: value(lang) if callable(value) else value for key, value in facts.items()})


def _facts(scenario: str, values: Values, outputs: tuple[ToolOutput, ...], status: str, lang: Lang) -> dict:
    currency = CURRENCY[scenario]
    facts: dict = {"name": values.name, "date": _day(values.day, lang), "time": _clock(values.hour, values.minute, lang),
                   "status": STATUS[lang][status], "count": str(values.count),
                   "people": COUNT_WORDS[lang][0 if values.count == 1 else 1]}
    data = outputs[-1].data
    if scenario == "pix":
        facts.update(amount=format_money(values.amount_cents, currency, lang).replace("\xa0", " "),
                     ref=data["end_to_end_id"])
    elif scenario == "booking":
        facts.update(amount=format_money(data["amount_cents"], currency, lang).replace("\xa0", " "),
                     ref=data["booking_ref"], activity=data["activity"],
                     places=str(outputs[0].data["slots"][0]["places_left"]))
    else:
        hit = data["hits"][0]
        facts.update(product=hit["name"], price=format_money(hit["price_cents"], currency, lang).replace("\xa0", " "),
                     stock=str(hit["stock"]), warranty=str(hit["warranty_months"]))
    return facts


def _wrong(kind: str, facts: dict, values: Values, scenario: str, status: str, lang: Lang) -> dict | None:
    wrong = dict(facts)
    if kind == "name":
        wrong["name"] = next(n for n in LOCAL_NAMES[values.seed % 3:] + LOCAL_NAMES if n != values.name
                             and not set(n.lower().split()) & set(values.name.lower().split()))
    elif kind == "date":
        wrong["date"] = _day(values.day + timedelta(days=1 + values.seed % 5), lang)
    elif kind == "time":
        # an hour or three, never two: a class ends two hours after it starts (its `end` supports that time)
        wrong["time"] = _clock((values.hour + (1, 3)[values.seed % 2]) % 24, values.minute, lang)
    elif kind == "count":
        wrong["count"] = str(values.count + 1)
        wrong["people"] = COUNT_WORDS[lang][1]
    elif kind == "status":
        other = {"sent": "scheduled", "scheduled": "sent", "booked": "cancelled"}[status]
        wrong["status"] = STATUS[lang][other]
    elif kind == "reference":
        ref = facts["ref"]
        wrong["ref"] = ref[:-3] + str((int(ref[-3:]) + 7) % 1000 if ref[-3:].isdigit() else "917").zfill(3) \
            if ref[-3:].isdigit() else ref[:-4] + "7777"
    elif kind == "places":
        wrong["places"] = str(int(facts["places"]) + 1)
    elif kind == "amount":
        cents = values.amount_cents * 7 + 1300
        currency = CURRENCY[scenario]
        if scenario == "store":
            wrong["price"] = format_money(cents * 100, currency, lang).replace("\xa0", " ")
        else:
            wrong["amount"] = format_money(cents, currency, lang).replace("\xa0", " ")
    elif kind == "product":
        wrong["product"] = next(p for p in PRODUCTS[values.seed % 4 + 1:] + PRODUCTS if p != facts["product"]
                                and p.split()[0] != facts["product"].split()[0])
    elif kind == "warranty":
        wrong["warranty"] = str(int(facts["warranty"]) + 6)
    elif kind == "stock":
        wrong["stock"] = str(int(facts["stock"]) + 1)
    else:
        return None
    return wrong


KINDS = {"pix": ("name", "date", "time", "status", "reference", "amount", "effect_kind"),
         "booking": ("date", "time", "count", "status", "reference", "places", "amount", "effect_kind"),
         "store": ("product", "warranty", "stock", "amount")}


def cases(corpus: Path) -> Iterator[RenderedCase]:
    """Every template of every scenario and language, for a sample of SGD transactions (see the module doc)."""
    values_list = sgd_values(corpus)
    for index, values in enumerate(values_list):
        for scenario, by_lang in TEMPLATES.items():
            statuses = ("sent", "scheduled") if scenario == "pix" else ("booked",)
            status = statuses[index % len(statuses)]
            outputs, effects = _outputs(scenario, values, status)
            kind_of = {"send_pix": "money", "create_booking": "booking"}
            for lang in LANGS:
                for split, templates in by_lang[lang].items():
                    template = templates[index % len(templates)]
                    if "{status}" not in template and scenario != "store":
                        continue
                    facts = _facts(scenario, values, outputs, status, lang)
                    inp = GuardInput(
                        draft=_fill(template, lang, scenario, facts), lang=lang,
                        currency=CURRENCY[scenario],
                        org_kind=ORG_KIND[scenario],  # type: ignore[arg-type]
                        tool_outputs=outputs, history=(HistoryItem("customer", _asked(scenario, values, lang)),),
                        effects_executed=effects, effect_kinds=kind_of, languages=LANGS,
                        today=TODAY.isoformat(), time_zones=(ZONES[scenario],),
                        rules=OrgRules(approval_always=("money",)))
                    case = RenderedCase(scenario, f"{lang}/{split}/{templates.index(template)}", split, lang, inp)
                    for kind in KINDS[scenario]:
                        if kind == "effect_kind":
                            sentence = OTHER_KIND[lang]["money" if scenario == "pix" else "booking"]
                            case.mutations.append((kind, replace(inp, draft=f"{inp.draft} {sentence}")))
                            continue
                        key = {"reference": "ref", "stock": "stock"}.get(kind, kind)
                        if "{" + key + "}" not in template and not (kind == "amount" and "{price}" in template):
                            continue
                        wrong = _wrong(kind, facts, values, scenario, status, lang)
                        if wrong is not None and wrong != facts:
                            case.mutations.append((kind, replace(inp, draft=_fill(template, lang, scenario, wrong))))
                    yield case


def _asked(scenario: str, values: Values, lang: Lang) -> str:
    """What the customer asked, in their words (no fact of the draft but what they would say)."""
    asks = {
        "pix": {"pt-BR": "manda um Pix pro {first}", "es": "mandale un Pix a {first}", "ca": "envia un Pix a {first}",
                "en": "send a Pix to {first}"},
        "booking": {"pt-BR": "quero reservar uma aula", "es": "quiero reservar una clase",
                    "ca": "vull reservar una classe", "en": "I want to book a class"},
        "store": {"pt-BR": "quanto custa?", "es": "¿cuánto sale?", "ca": "quant costa?", "en": "how much is it?"},
    }
    return asks[scenario][lang].format(first=values.name.split()[0])
