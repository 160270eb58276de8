"""The built-in perceiver "builtin-1": deterministic rules over `language/`, no model.

Rules, in the order `perceive` applies them:

* **Markers** come from `language.markers.detect_markers`; `new_request` is added when a request kind
  is recognised and the message is not a correction ("manda um pix pra Maria", "send 50 to Ana"),
  never for a bare value ("pro João", "200", "dois centavos").
* **Request kind**: keyword tables per organisation kind and language; the first kind in table order
  whose words occur wins (so "manda o extrato" is history, not a transfer).
* **Amount** (any organisation: explicit amounts such as "R$ 50", "20 euros"). In a bank, bare numbers
  are amounts too (`money_context`) when the message is a transfer request, when the agent asked for
  the amount, or when the message is a short reply (at most `SHORT_REPLY_WORDS` words, no request kind,
  no question pending: "200", "200 pro João"). The last explicit amount wins, else the last bare one.
* **Pix key** (bank): the last valid key of `language.pix_keys.find_pix_keys`.
* **Recipient** (bank): a name after "pro/pra/para (o|a)", "a/para", "per a (la|el)/a la/a en",
  "to/for"; capitalised, or lower-case after the Portuguese and Catalan person prepositions (then
  capitalised). Pronouns, account words, day words and number words are never names. When the agent
  asked for the recipient, a lone capitalised word in the reply is taken.
* **When** (any organisation): `language.dates.parse_when`; a date, an aware datetime, or a time alone.
  A bare "today" (no time) counts only in a request or when the agent asked when: "that's all for
  today" or "no transfers today" set no date.
* **Party size** (school): a number before a people/ticket word ("3 personas", "two tickets"), or after
  "para/for/per a/party of/somos" when it is not part of the time or an amount; a bare number when the
  agent asked for the party size.
* **Activity** (school), **product, device model, capacity, battery health** (store): small tables and
  patterns below.
"""

import re
from datetime import date, datetime
from functools import lru_cache
from zoneinfo import ZoneInfo

from pydantic import ValidationError

from asks.perception.contract import (
    MoneySlot, OrgKind, Perception, PixKeySlot, RequestKind, Slots,
)
from language.dates import MONTHS, RELATIVE_DAYS, WEEKDAYS, WhenMention, parse_when
from language.locales import Lang
from language.markers import MARKER_PATTERNS, Marker, detect_markers
from language.money import AmountMention, find_amounts
from language.numbers import NumberMention, find_numbers
from language.pix_keys import find_pix_keys
from language.text import fold

PERCEIVER = "builtin-1"
SHORT_REPLY_WORDS = 4

KIND_WORDS: dict[OrgKind, dict[Lang, tuple[tuple[RequestKind, str], ...]]] = {
    "bank": {
        "pt-BR": (
            ("balance", r"saldo|quanto (?:eu )?tenho"),
            ("pix_history", r"extrato|historico|quantos pix|ultimos pix|pix que (?:eu )?(?:fiz|recebi|mandei)|movimentac\w*"),
            ("pix_transfer", r"pix|transferir|transfere|transfira|transferencia|manda|mande|mandar|envia|envie|enviar"),
        ),
        "es": (
            ("balance", r"saldo|cuanto (?:dinero )?tengo"),
            ("pix_history", r"movimientos|historial|extracto|ultimas transferencias|cuantos pix"),
            ("pix_transfer", r"pix|transferir|transfiere|transferencia|manda|mandale|envia|enviar|enviale"),
        ),
        "ca": (
            ("balance", r"saldo|quant (?:diner )?tinc"),
            ("pix_history", r"moviments|historial|extracte|quants pix"),
            ("pix_transfer", r"pix|transferir|transfereix|transferencia|envia|enviar|envia-li"),
        ),
        "en": (
            ("balance", r"balance|how much (?:money )?do i have"),
            ("pix_history", r"history|statement|transactions|recent transfers|how many pix"),
            ("pix_transfer", r"pix|transfer|transferring|send|wire|pay"),
        ),
    },
    "school": {
        "pt-BR": (("booking", r"reservar|reserva|agendar|marcar|inscrever"),
                  ("availability", r"tem vagas?|ha vagas?|disponibilidade|disponivel|horarios|que horas")),
        "es": (("booking", r"reservar|reserva|apuntar|agendar"),
               ("availability", r"disponibilidad|hay plazas?|hay sitio|hay hueco|disponible|horarios|a que hora")),
        "ca": (("booking", r"reservar|reserva|apuntar"),
               ("availability", r"hi ha lloc|hi ha places|disponibilitat|disponible|horaris")),
        "en": (("booking", r"book|booking|reserve|reservation|appointment|schedule|sign up|buy tickets?"),
               ("availability", r"availability|available|what times|any openings|any slots|is there room")),
    },
    "store": {
        "pt-BR": (("used_quote", r"quanto (?:voces )?paga[m]?|quanto vale (?:o )?meu|vender (?:o )?meu|trocar (?:o )?meu|usado|avaliacao"),
                  ("product_search", r"tem|tem o|voces tem|preco|quanto custa|quero comprar|vendem")),
        "es": (("used_quote", r"cuanto me dan|cuanto pagan|vender mi|mi usado|entregar mi|canje"),
               ("product_search", r"tienen|teneis|tiene|tenes|precio|cuanto cuesta|cuanto vale|venden")),
        "ca": (("used_quote", r"quant em donen|quant pagueu|vendre el meu|el meu usat"),
               ("product_search", r"teniu|tens|te|preu|quant costa|veneu")),
        "en": (("used_quote", r"trade[ -]in|how much (?:will|would|do) you (?:give|pay)|sell my|worth"),
               ("product_search", r"do you have|price|how much is|how much does|in stock|sell|buy")),
    },
}

_RECIPIENT_PREPOSITIONS: dict[Lang, tuple[str, str]] = {
    # (any preposition before a capitalised name, the person prepositions that also take a lower-case name)
    "pt-BR": (r"pro|pra|pr[ao]|para(?: [oa])?|p/(?: ?[oa])?|ao|à", r"pro|pra|para [oa]|p/ ?[oa]"),
    "es": (r"a|para|al", r"para"),
    "ca": (r"per a(?: la| l'| el| en| na)?|a(?: la| l'| en| na)?|per", r"per a (?:la|el|en|na)|a (?:la|en|na)"),
    "en": (r"to|for|of|send|pay|give|transfer", r"to(?= [^\W\d_]+['’]?s?(?:[.,!?;]|$| (?:from|with|please|and|for|in|on|to|now|using|via)(?!\w)))"),
}
_NOT_NAMES = frozenset(
    "mim mi me ti voce vc voces ele ela eles elas nos nosotros usted ustedes el ella ellos ell elles vostè "
    "you him her them us my your his our their the a an o os as um uma un una la las los le les lo en na l "
    "this that it me myself someone somebody everyone minha meu sua seu conta poupanca corrente cuenta compte "
    "account accounts savings checking pix today tomorrow yesterday hoje amanha ontem hoy manana ayer avui dema ahir "
    "please por favor yes no sim nao si ok it's its is are was be i we they there here what who which when "
    "transfer send sent pay book reserve make buy get help thanks thank sure okay shoot give move go be do have come "
    "hers his theirs mine yours ours".split()
)
_TITLES = frozenset({"mr", "mrs", "ms", "miss", "dr", "sr", "sra", "srta", "dona", "seu", "don", "dona", "senyor", "senyora"})
_CAPITALISED_NAME = r"[A-ZÀ-ÖØ-Þ][\w'’-]*"
_LOWER_NAME = r"[^\W\d_][\w'’-]*"
_PEOPLE_WORDS = (r"pessoas?|personas?|persones|people|persons?|pax|adultos?|adults?|guests?|tickets?|ingressos?"
                 r"|entradas?|entrades|seats?|lugares|places|plazas?|bilhetes?|boletos?|billetes?|alunos?|alumnos?")
_PARTY_BEFORE = (r"(?:para|for|per a|per|party of|group of|grupo de|grup de|somos|som|we are|we're|table for"
                 r"|reservation for|booking for|reserva para|mesa para|make it|number of (?:people|tickets|seats) (?:is|to)"
                 r"|numero de (?:pessoas|personas|persones) (?:e|es))")
_PARTY_AFTER_PREPOSITION = (r"\s*(?:[,.!?;]|$|(?:at|on|in|for|please|tonight|today|tomorrow|this|next|and|people|as|a las|as|a les"
                            r"|de|del|el|la|no|hoje|amanha|manana|dema|avui|hoy|por favor|si us plau|instead)(?!\w))")
_OF_US = r"\s(?:of us|de nosotros|de nos|de nosaltres)(?!\w)"
_ACTIVITIES: dict[Lang, str] = {
    "pt-BR": r"esqui|snowboard|escalada|trilha|caminhada|montanhismo|rapel|surfe?",
    "es": r"esqui|snowboard|escalada|senderismo|trekking|montanismo|rappel|surf",
    "ca": r"esqui|snowboard|escalada|excursionisme|senderisme|trekking|ral·li|surf",
    "en": r"skiing|ski lessons?|ski|snowboarding|snowboard|rock climbing|climbing|hiking|trekking|surfing|surf",
}
_DEVICE_RE = re.compile(
    r"(?i)(?<!\w)(?:iphone|samsung(?: galaxy)?|galaxy|xiaomi|redmi|poco|motorola|moto|pixel|realme|oneplus|huawei)"
    r"(?: (?:[a-z]{0,2}\d{1,3}[a-z]?\+?|note|pro|max|ultra|plus|mini|lite|fe|se|edge))+(?!\w)"
)
_PRODUCT_WORDS = (r"celular|smartphone|telefone|capinha|capa|carregador|fone de ouvido|fones?|movil|telefono|funda"
                  r"|cargador|auriculares|mobil|carregador|auriculars|phone|case|charger|headphones|earbuds|tablet"
                  r"|ipad|airpods|smartwatch|relogio|reloj|rellotge")
_CAPACITY_RE = re.compile(r"(?i)(?<!\w)(\d{1,4}) ?(gb|gigas?|giga|g|tb)(?!\w)")
_CAPACITIES = frozenset({16, 32, 64, 128, 256, 512, 1024})
_BATTERY_WORDS = r"bateria|battery|saude da bateria|battery health"


def _words(pattern: str) -> re.Pattern[str]:
    """`pattern` as a word-bounded regex over folded text."""
    return re.compile(rf"(?<![\w'·-])(?:{pattern})(?![\w'·-])")


@lru_cache(maxsize=64)
def _kind_patterns(org_kind: OrgKind, lang: Lang) -> tuple[tuple[RequestKind, re.Pattern[str]], ...]:
    """Compiled request-kind tables for one organisation kind and language."""
    return tuple((kind, _words(words)) for kind, words in KIND_WORDS[org_kind][lang])


def request_kind(folded: str, org_kind: OrgKind, lang: Lang) -> RequestKind | None:
    """The first request kind (in table order) whose words occur in the folded text."""
    return next((kind for kind, pattern in _kind_patterns(org_kind, lang) if pattern.search(folded)), None)


@lru_cache(maxsize=8)
def _non_name_words(lang: Lang) -> frozenset[str]:
    """Folded words that are never a recipient: pronouns and the like, day and month names, marker words."""
    words = set(_NOT_NAMES) | set(MONTHS[lang]) | set(WEEKDAYS[lang])
    words |= {w for phrase in RELATIVE_DAYS[lang] for w in phrase.split()}
    words |= {p for patterns in MARKER_PATTERNS[lang].values() for p in patterns if p.isalpha()}
    return frozenset(words)


@lru_cache(maxsize=8)
def _recipient_re(lang: Lang) -> re.Pattern[str]:
    """A name after a recipient preposition (overlapping matches, so "transfer to Ana" finds "to Ana");
    group `person` is set when a person preposition, which also takes a lower-case name, was used."""
    anywhere, person = _RECIPIENT_PREPOSITIONS[lang]
    titles = "|".join(sorted(_TITLES))
    return re.compile(
        rf"(?=(?i:(?<!\w)(?:(?P<person>{person})|(?:{anywhere})) (?:(?:{titles})\.? )?)"
        rf"(?P<name>{_LOWER_NAME}(?: (?:d[aeo]s? )?{_CAPITALISED_NAME}){{0,2}}))"
    )


def _clean_name(raw: str, lang: Lang, lower_ok: bool) -> str | None:
    """A recipient name from a candidate: possessive "'s" dropped, trailing non-names dropped,
    lower case accepted only when `lower_ok`; None when it is no name."""
    words = [re.sub(r"['’]s?$", "", w) for w in raw.split() if fold(w).rstrip(".") not in _TITLES]
    kept: list[str] = []
    for word in words:
        if fold(word) in _non_name_words(lang) or find_numbers(word, lang) or not (word[0].isupper() or lower_ok and not kept):
            break
        kept.append(word if word[0].isupper() else word.capitalize())
    while kept and fold(kept[-1]) in ("da", "de", "do", "das", "dos"):
        kept.pop()
    return " ".join(kept) if kept and len(kept[0]) > 1 else None


def find_recipient(text: str, lang: Lang, asked_for: bool, money_request: bool) -> str | None:
    """The recipient named in `text` (last one wins); a lone capitalised word if the agent `asked_for` it.

    English "to" is no person preposition by itself ("good to know"), so a lower-case English name is
    taken only in a money request (transfer words or an amount) or when the agent asked for the recipient.
    """
    lower_ok = lang != "en" or asked_for or money_request
    found = None
    for match in _recipient_re(lang).finditer(text):
        if name := _clean_name(match.group("name"), lang, lower_ok and bool(match.group("person"))):
            found = name
    if found is None and asked_for:
        for match in re.finditer(rf"(?<!\w){_CAPITALISED_NAME}", text):
            if found := _clean_name(match.group(), lang, False):
                break
    return found


def _choose_amount(amounts: list[AmountMention]) -> AmountMention | None:
    """The last explicit amount, else the last bare one."""
    explicit = [a for a in amounts if a.explicit]
    return (explicit or amounts or [None])[-1]


def _outside(number: NumberMention, spans: list[tuple[int, int]]) -> bool:
    """Whether `number` overlaps none of `spans`."""
    return all(number.end <= start or number.start >= end for start, end in spans)


@lru_cache(maxsize=8)
def _party_patterns(lang: Lang) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(people word or "of us" after a number, party preposition before a number, what may follow a
    number after a party preposition: end, punctuation, a time or date word -- "for one place" is no party)."""
    return (
        re.compile(rf"\s(?:[^\W\d]+\s)?(?:{_PEOPLE_WORDS})(?!\w)|{_OF_US}"),
        re.compile(rf"(?<!\w){_PARTY_BEFORE}\s$"),
        re.compile(_PARTY_AFTER_PREPOSITION),
    )


def find_party_size(text: str, folded: str, lang: Lang, taken: list[tuple[int, int]], asked_for: bool) -> int | None:
    """The party size said in `text` (see module docstring); numbers inside `taken` spans are skipped."""
    after, before, follows = _party_patterns(lang)
    numbers = [n for n in find_numbers(text, lang) if not n.ordinal and _outside(n, taken) and 1 <= n.value <= 200]
    found = None
    for number in numbers:
        preposition = before.search(folded[max(0, number.start - 30) : number.start])
        if after.match(folded, number.end) or (preposition and follows.match(folded, number.end)):
            found = int(number.value)
    if found is None and asked_for and len(numbers) == 1:
        found = int(numbers[0].value)
    return found


def when_iso(when: WhenMention) -> str:
    """ISO 8601 text of a WhenMention: date, aware datetime, or the time alone when no date was said."""
    if isinstance(when.value, datetime):
        return when.value.isoformat() if when.has_date else when.value.time().isoformat()
    assert isinstance(when.value, date)
    return when.value.isoformat()


def find_activity(folded: str, text: str, lang: Lang) -> str | None:
    """The activity named (as written, lower-cased), from the language's activity table."""
    match = _words(_ACTIVITIES[lang]).search(folded)
    return text[match.start() : match.end()].lower() if match else None


def find_device(text: str) -> str | None:
    """A phone model such as "iPhone 13 Pro" or "Samsung S21", as written."""
    match = _DEVICE_RE.search(text)
    return match.group() if match else None


def find_capacity(text: str, device: str | None) -> int | None:
    """Storage in GB: "128GB", "256 gigas", "1TB", or a usual capacity right after a device ("S21 de 256")."""
    if match := _CAPACITY_RE.search(text):
        value = int(match.group(1))
        return value * 1024 if match.group(2).lower() == "tb" else value
    if device:
        tail = text[text.find(device) + len(device) :]
        if (match := re.match(r"\s+(?:de|con|com|with|amb)\s+(\d{2,4})(?!\d)", tail)) and int(match.group(1)) in _CAPACITIES:
            return int(match.group(1))
    return None


def find_battery(folded: str) -> int | None:
    """Battery health in percent: a number up to 100 near a battery word ("batería al 85%", "battery 90")."""
    patterns = (rf"(?:{_BATTERY_WORDS})\D{{0,20}}?(\d{{1,3}}) ?%?", rf"(\d{{1,3}}) ?%\s(?:\w+\s){{0,2}}(?:{_BATTERY_WORDS})")
    for pattern in patterns:
        if (match := re.search(pattern, folded)) and int(match.group(1)) <= 100:
            return int(match.group(1))
    return None


def _product(folded: str, text: str, device: str | None) -> str | None:
    """What is searched: the device model, else a product word from the table (as written, lower-cased)."""
    if device:
        return device
    match = _words(_PRODUCT_WORDS).search(folded)
    return text[match.start() : match.end()].lower() if match else None


def _bank_slots(text: str, lang: Lang, kind: RequestKind | None, currency: str, asked_for: str | None) -> dict[str, object]:
    """Amount, Pix key and recipient of a bank message."""
    short_reply = kind is None and asked_for is None and len(text.split()) <= SHORT_REPLY_WORDS
    money_context = kind == "pix_transfer" or asked_for == "amount" or short_reply
    amount = _choose_amount(find_amounts(text, lang, currency, money_context=money_context))
    keys = find_pix_keys(text)
    money_request = kind == "pix_transfer" or amount is not None
    return {
        "amount": MoneySlot(amount_cents=amount.amount_cents, currency=amount.currency) if amount else None,
        "pix_key": PixKeySlot(type=keys[-1][0].type, value=keys[-1][0].value) if keys else None,
        "recipient": find_recipient(text, lang, asked_for == "recipient", money_request),
    }


def _school_slots(text: str, folded: str, lang: Lang, when: WhenMention | None, asked_for: str | None) -> dict[str, object]:
    """Party size and activity of a school message (the time said is not a party size)."""
    taken = [(when.start, when.end)] if when else []
    return {
        "party_size": find_party_size(text, folded, lang, taken, asked_for == "party_size"),
        "activity": find_activity(folded, text, lang),
    }


def _store_slots(text: str, folded: str) -> dict[str, object]:
    """Product, device model, capacity and battery health of a store message."""
    device = find_device(text)
    return {
        "product": _product(folded, text, device),
        "device_model": device,
        "capacity_gb": find_capacity(text, device),
        "battery_health": find_battery(folded),
    }


def _meant_when(when: WhenMention | None, now: datetime, tz: str, kind: RequestKind | None,
                asked_for: str | None) -> WhenMention | None:
    """`when`, unless it is a bare "today" said outside a request and not in answer to "when?"."""
    if when is None or when.has_time or kind is not None or asked_for == "when":
        return when
    return None if when.value == now.astimezone(ZoneInfo(tz)).date() else when


def _within_contract(slots: dict[str, object]) -> dict[str, object]:
    """The slots the contract's bounds accept. A message may say what no request can carry (a name of a thousand
    letters, the year 9999): such a value is not read, as if it had not been said."""
    kept: dict[str, object] = {}
    for name, value in slots.items():
        try:
            Slots(**{name: value})
        except ValidationError:
            continue
        kept[name] = value
    return kept


def perceive(
    text: str,
    *,
    lang: Lang,
    org_kind: OrgKind,
    now: datetime,
    tz: str,
    currency: str,
    asked_for: str | None = None,
    replies_to: str | None = None,
) -> Perception:
    """Read one customer message with the rules of this module. Deterministic; no I/O.

    `now` must be aware; relative dates resolve in `tz`. `currency` is the organisation's currency
    (bare amounts, "$", "centavos"). `asked_for` is the slot the agent asked for, if any; `replies_to` is the
    channel id a swipe-reply quotes, carried into the perception as is.
    """
    folded = fold(text)
    kind = request_kind(folded, org_kind, lang)
    markers: set[Marker] = set(detect_markers(text, lang))
    if kind is not None and "correction" not in markers:
        markers.add("new_request")
    when = _meant_when(parse_when(text, lang, now, tz), now, tz, kind, asked_for)
    slots: dict[str, object] = {"when": when_iso(when) if when else None}
    if org_kind == "bank":
        slots |= _bank_slots(text, lang, kind, currency, asked_for)
    else:
        amount = _choose_amount([a for a in find_amounts(text, lang, currency) if a.explicit])
        slots["amount"] = MoneySlot(amount_cents=amount.amount_cents, currency=amount.currency) if amount else None
        slots |= _school_slots(text, folded, lang, when, asked_for) if org_kind == "school" else _store_slots(text, folded)
    return Perception(
        perceiver=PERCEIVER, lang=lang, request_kind=kind, slots=Slots(**_within_contract(slots)),
        markers=frozenset(markers), asked_for=asked_for, replies_to=replies_to,
    )
