"""What a store customer asks about: product, device model, capacity, battery health, budget (built-in perceiver).

* **Device model**: a brand or line followed by a model ("iPhone 13 Pro", "Samsung S21", "Redmi Note 12", "Edge 40"),
  as written.
* **Product**: an accessory word when one is named ("capinha pra iphone 13" is a case, "fundas para el galaxy s23"
  are cases), else the device model, else a product word ("celular", "celu", "phones") with the brand said beside
  it ("samsung phones"), else a brand named alone ("tenés algún Samsung?", "qué motorola tienen?"), as written.
* **Capacity** in GB: "128GB", "256 gigas", "1TB", a usual capacity right after a device or after "de/con/with/amb"
  ("S21 de 256", "el de 128"), or a bare usual capacity when the agent asked for it ("128").
* **Battery health** in percent: a number up to 100 near a battery word ("batería al 85%", "battery 90"), or a bare
  number up to 100 when the agent asked for it ("87").
* **A figure taken back** in the same message ("de 128 perdón es de 256", "battery 95 sorry battery is 85", "bateria
  80 vull dir 88"): after an apology or a "that is" (`_SAID_AGAIN`) with figures on both sides, the capacity or
  battery said again replaces the one said before it.
* **Budget** (the amount slot): a number after "até/hasta/fins a/up to/under/menos de/orçamento de/presupuesto de"
  ("celular até 500 mil", "presupuesto de 800.000"), in the organisation's currency.
"""

import re

from language.locales import Lang
from language.money import AmountMention, find_amounts, to_minor_units
from language.numbers import find_numbers
from language.text import fold, whole_words

_BRANDS = r"iphone|iphon|ipone|apple|samsung(?: galaxy)?|galaxy|xiaomi|redmi|poco|motorola|moto|pixel|google|realme|oneplus|huawei|nokia"
# a model named without its brand: Samsung's lines by letter and number ("s21", "tem o s23?", "a54")
_MISSPELT_IPHONE = re.compile(r"(?i)^(?:iphon|ipone|ip)(?!\w)")  # "ip 14": shorthand, only before a model
_BARE_MODEL = r"[sa]\d{2}(?: (?:ultra|plus|fe|\+))?"
_DEVICE_RE = re.compile(
    rf"(?i)(?<!\w)(?:(?:{_BRANDS}|edge|ip)"
    r"(?: (?!(?:16|32|64|128|256|512)(?!\w))(?:[a-z]{0,2}\d{1,3}[a-z]?\+?|note|pro|max|ultra|plus|mini|lite|fe|se|edge))+"
    rf"|{_BARE_MODEL})(?!\w)"  # "iPhone 14 128": the 128 is its storage, not its model
)
# Another model of the same line said after the first, to compare ("el iphone 13 y el 14", "iphone 13 vs 14")
_OTHER_OF_LINE = re.compile(r"(?i)^\s*(?:,|y|e|i|or|ou|o|and|vs\.?|versus|contra|com|con|with|amb)\s+"
                            r"(?:el |o |the |l'|la |a )?(?!(?:16|32|64|128|256|512)(?!\d))\d{1,3}(?!\d)"
                            r"(?!\s*(?:gb|gigas?|gigs?|g|%)(?!\w))")  # "iphone 13, 128 gigas" is its storage
# The condition of a device, searched as the catalogue writes it ("(reacondicionado)")
_REFURBISHED = r"reacondicionad[oa]s?|recondicionad[oa]s?|refurbished|refurb|reacondicionats?|reacondicionades"
_BRAND_RE = re.compile(whole_words(rf"(?:{_BRANDS})s?"), re.IGNORECASE)  # "do you have iphones?"
_ACCESSORY_WORDS = (r"capinhas?|capas?|carregador(?:es)?|fones? de ouvido|fones?|peliculas?|cabos?|fundas?|cargador(?:es)?"
                    r"|auriculares|protector(?:es)?|cables?|fundes|carregadors?|auriculars|cases?|chargers?|covers?"
                    r"|headphones|earbuds|cables?|screen protectors?|airpods")
_DEVICE_WORDS = (r"celular(?:es)?|celus?|smartphones?|telefones?|moviles?|telefonos?|mobils?|phones?|tablets?|ipads?"
                 r"|smartwatch(?:es)?|relogios?|relojes?|rellotges?|equipos?")
_CAPACITY_RE = re.compile(r"(?i)(?<!\w)(\d{1,4}) ?(gb|gigas?|giga|gigs?|g|tb)(?!\w)")
_CAPACITIES = frozenset({16, 32, 64, 128, 256, 512, 1024})
# The words of a battery, a tuple so the typo readers know them ("bteria", "batreia": `_perception_words`).
BATTERY_WORDS = ("saude da bateria", "battery health", "bateria", "battery")
_BATTERY_WORDS = "|".join(BATTERY_WORDS)
_BUDGET_RE = re.compile(r"(?<!\w)(?:ate|hasta|fins a|up to|under|below|menos de|no maximo|como maximo|max|maximo"
                        r"|orcamento de|presupuesto de|pressupost de|budget of|budget is|budget)\s+(?:de\s+|of\s+)?$")


def _spelt_out(pattern: str) -> frozenset[str]:
    """The single words an alternation of `_ACCESSORY_WORDS` or `_DEVICE_WORDS` spells ("cargador(?:es)?" gives
    "cargador" and "cargadores", "chargers?" "charger" and "chargers")."""
    found: set[str] = set()
    for alternative in pattern.split("|"):
        for optional in ("(?:es)?", "s?"):  # "cargador(?:es)?", "chargers?": the word with and without its ending
            if alternative.endswith(optional):
                base = alternative.removesuffix(optional)
                found |= {base, base + optional.strip("(?:)")}
                break
        else:
            found.add(alternative)
    return frozenset(word for word in found if word.isalpha())


# The names of what the store sells: what a typo at the store is likely of ("cargadro", "chagers").
PRODUCT_WORDS = _spelt_out(_ACCESSORY_WORDS) | _spelt_out(_DEVICE_WORDS)


def _words(pattern: str) -> re.Pattern[str]:
    """`pattern` as a word-bounded regex over folded text."""
    return re.compile(whole_words(pattern, joiners="'·-"))


_ACCESSORY = _words(_ACCESSORY_WORDS)
_DEVICE_WORD = _words(_DEVICE_WORDS)
_REFURBISHED_RE = _words(_REFURBISHED)


def find_device(text: str) -> str | None:
    """A phone model such as "iPhone 13 Pro" or "Samsung S21", as written."""
    match = _DEVICE_RE.search(text)
    return _MISSPELT_IPHONE.sub("iPhone", match.group()) if match else None


def find_capacity(text: str, lang: Lang, device: str | None, asked_for: bool) -> int | None:
    """Storage in GB (see module docstring)."""
    if match := _CAPACITY_RE.search(text):
        value = int(match.group(1))
        return value * 1024 if match.group(2).lower() == "tb" else value
    tail = text[text.find(device) + len(device) :] if device else text
    pattern = r"\s+(?:(?:de|con|com|with|amb|in)\s+)?(\d{2,4})(?!\d)" if device else r"(?i)(?<!\w)(?:de|con|com|with|amb)\s+(\d{2,4})(?!\d)"
    if (match := (re.match if device else re.search)(pattern, tail)) and int(match.group(1)) in _CAPACITIES:
        return int(match.group(1))
    # later in the message, a usual capacity after "de/con/with" ("mi s22, es de 128 y la batería…"), no percentage
    for match in re.finditer(r"(?i)(?<!\w)(?:de|con|com|with|amb|of)\s+(\d{2,4})(?!\d)(?!\s*%)", tail if device else ""):
        if int(match.group(1)) in _CAPACITIES:
            return int(match.group(1))
    if asked_for and len(numbers := find_numbers(text, lang)) == 1 and numbers[0].value in _CAPACITIES:
        return int(numbers[0].value)
    return None


# A discount is the other percentage a store hears: "10% de descuento", "20% off".
_DISCOUNT = re.compile(r"(?<!\w)(?:descuento|desconto|desconte|discount|off|dto|rebaja|promo|promocion|promocao)(?!\w)")


def find_battery(folded: str, asked_for: bool, device_said: bool = False) -> int | None:
    """Battery health in percent (see module docstring); a bare percentage beside a device named is its battery
    ("cuanto me pagan x un iphone 14 de 256 al 95%"), unless a discount is talked about."""
    patterns = (rf"(?:{_BATTERY_WORDS})\D{{0,20}}?(\d{{1,3}}) ?%?", rf"(\d{{1,3}}) ?%\s(?:\w+\s){{0,2}}(?:{_BATTERY_WORDS})",
                rf"(\d{{1,3}}) (?:de|da|of|d'|with) ?(?:{_BATTERY_WORDS})",  # "con 88 de batería"
                rf"(\d{{1,3}}) (?:{_BATTERY_WORDS})(?!\w)")  # "with 87 battery"
    for pattern in patterns:
        if (match := re.search(pattern, folded)) and int(match.group(1)) <= 100:
            return int(match.group(1))
    if asked_for and (match := re.fullmatch(r"\D{0,12}?(\d{1,3}) ?%?\D{0,12}", folded)) and int(match.group(1)) <= 100:
        return int(match.group(1))
    percentages = re.findall(r"(?<![\d.,])(\d{1,3}) ?%", folded)
    if device_said and len(percentages) == 1 and int(percentages[0]) <= 100 and not _DISCOUNT.search(folded):
        return int(percentages[0])
    return None


_STORE_BARE_SAMSUNG = re.compile(rf"(?i){_BARE_MODEL}")


def _one_line_of(text: str) -> str | None:
    """The line two or more different models said share ("s21 y s23": "galaxy"; "iphone 13 o iphone 14": "iphone"),
    or None."""
    models = {match.group().lower() for match in _DEVICE_RE.finditer(text)}
    if len(models) < 2:
        return None
    if all(_STORE_BARE_SAMSUNG.fullmatch(model) for model in models):
        return "galaxy"
    firsts = {model.split()[0] for model in models}
    return firsts.pop() if len(firsts) == 1 and all(" " in model for model in models) else None


def find_product(folded: str, text: str, device: str | None) -> str | None:
    """What is searched (see module docstring), as written, lower-cased unless it is a model or brand."""
    if accessory := _ACCESSORY.search(folded):
        return text[accessory.start() : accessory.end()].lower()
    if device:
        after = text[text.find(device) + len(device):]
        if _OTHER_OF_LINE.match(after) and " " in device:
            return device.split()[0]  # two models of one line compared: the line ("iphone 13 y el 14")
        if (line := _one_line_of(text)) is not None:
            return line  # "la diferencia entre el s21 y el s23": Galaxy phones, both shown
        return device
    if _REFURBISHED_RE.search(folded):
        return "reacondicionado"  # the catalogue's word, in any language said
    word, brand = _DEVICE_WORD.search(folded), _BRAND_RE.search(text)
    if word and brand:  # "got any samsung phones": that brand's phones, not every phone
        return f"{brand.group()} {text[word.start() : word.end()].lower()}"
    if word:
        return text[word.start() : word.end()].lower()
    if brand:
        return brand.group()
    return None


def brand_named(text: str) -> str | None:
    """A brand or line named without a model ("mi iphone", "un samsung"), as written, or None."""
    return match.group() if (match := _BRAND_RE.search(text)) else None


# A number right before what is bought counts the items, it is no sum: "un presupuesto de 2 iphone 13" (a quote for two).
_STORE_QUANTITY_OF = re.compile(rf"\s*(?:unidades? (?:de(?:l)? )?|units? (?:of )?)?(?:{_BRANDS}|{_DEVICE_WORDS}|{_ACCESSORY_WORDS})(?!\w)")


def find_budget(text: str, folded: str, lang: Lang, currency: str) -> AmountMention | None:
    """An explicit amount anywhere, else a number said as a budget (see module docstring); the last wins."""
    explicit = [a for a in find_amounts(text, lang, currency) if a.explicit]
    if explicit:
        return explicit[-1]
    budget = [n for n in find_numbers(text, lang) if not n.ordinal and _BUDGET_RE.search(folded[max(0, n.start - 30) : n.start])
              and not _CAPACITY_RE.match(text, n.start) and not _STORE_QUANTITY_OF.match(folded, n.end)]
    if not budget:
        return None
    number = budget[-1]
    return AmountMention(to_minor_units(number.value, currency), currency, number.start, number.end, number.raw, False)


# A model number answered alone when the model was asked ("es un 13", "the 14 pro"): it joins the line said before
# (`asks.services`: "iphone" then "13" is "iphone 13").
_BARE_MODEL_NUMBER = re.compile(r"(?i)(?<![\w.,])(\d{1,2}(?: (?:pro max|pro|max|mini|plus|ultra|fe))?)(?![\w.,%])"
                                r"(?!\s*(?:gb|gigas?|gigs?|g|tb|%)(?!\w))")


# "y el 13?", "e o 14 pro?", "and the 12?", "i el 13?": another model's number alone, asked after a search
_STORE_OTHER_NUMBER_ASKED = re.compile(
    r"^\W*(?:y|e|i|and|what about|how about|and what about|y que tal|e que tal|y que onda con)\s+(?:el |o |the |l'|la |a )?"
    r"(\d{1,2}(?: (?:pro max|pro|max|mini|plus|ultra|fe))?)(?!\s*(?:gb|gigas?|gigs?|g|tb|%)(?!\w))\W*$")


# Several products asked for at once are written in the `product` slot one after another, this between them.
PRODUCTS_APART = "; "
_AND = re.compile(r"(?<!\w)(?:y|e|i|and|&|mas|plus|tambien|tambem|tambe|also)(?!\w)|,")
# The catalogue's word for each accessory word ("carregador" and "charger" are one "cargador"): two words of one thing
# are one product.
_ACCESSORY_KIND = ((r"cap|fund|case|cover", "funda"), (r"carreg|cargad|charger", "cargador"), (r"cab|cable", "cable"),
                   (r"fone|auric|headph|earb|airpod", "auricular"), (r"pelic|protector|screen", "protector"))


# What tells one accessory from another of its kind, said after it: a power or a length ("cargador 20w", "carregador
# de 25 W", "cable de 1m") or its connector, the words the catalogue writes them with ("20 W", "1 m", "USB-C").
_ACCESSORY_SPEC = re.compile(r"(?i)(?<![\w.,])(?:\d{1,3} ?(?:w|watts?|m|mts?|metros?|meters?|metres?)|usb-?c|lightning"
                             r"|magsafe)(?!\w)")
_ACCESSORY_SPEC_BEFORE = re.compile(r"(?i)(?<![\w.,])\d{1,3} ?(?:w|watts?)(?=\s+$)")  # "the 20w charger"


def _accessory_kind(word: str) -> str:
    return next((kind for stem, kind in _ACCESSORY_KIND if re.match(stem, word)), word)


# A count said right before a product ("2 iphone 14", "quiero 3 fundas", "dos cargadores" once read as digits): how
# many units of it are asked for; a storage ("128 gb") or a model's own number is no count.
_COUNT_BEFORE = re.compile(r"(?<![\w.,])([1-9]\d?)\s+(?:(?:x|unidades|unidades de|unitats|unitats de|units|units of|"
                           r"pieces|pieces of|of)\s+)?$")


def counted(part: str, count: int | None) -> str:
    """A product part with the count asked for in front ("2 iphone 14"), as `product_count` reads it back."""
    return f"{count} {part}" if count else part


def product_count(part: str) -> tuple[int | None, str]:
    """The count in front of a product part (`counted`) and the product's words: (2, "iphone 14"); none: (None,
    part)."""
    match = re.match(r"([1-9]\d?) (?=\D)", part)
    return (int(match.group(1)), part[match.end():]) if match else (None, part)


# A count for each product just shown, said without naming one ("quiero 2 de cada uno", "quero 1 de cada", "2 of
# each", "un de cadascun", "dos de cada" once read as digits): kept as written in the product slot, read back by
# `each_count`; what "each" is, is what the last search showed (system data, `agent.tools.store.shown_products`).
_EACH = re.compile(r"(?<![\w.,])([1-9]\d?|un|uno|una|um|uma|one|a) (?:de cada|of each|from each|de cadascun|de cadascuna)"
                   r"(?: (?:uno|una|um|uma|one|un|dels|d'ells|d'elles|de ellos|de elas|de eles|of them))?(?!\w)")


def each_count(product: str) -> int | None:
    """The count of a product slot that asks for that many of each product shown ("2 de cada uno": 2), else None."""
    match = _EACH.fullmatch(fold(product).strip())
    if match is None:
        return None
    return int(match.group(1)) if match.group(1).isdigit() else 1


def _product_start(folded: str, text: str, product: str) -> int:
    """Where the words of `product` (as `find_product` wrote it) begin in the message."""
    if (start := text.lower().find(product.lower())) >= 0:
        return start
    return max(0, folded.find(fold(product.split()[0])))


def _count_before(folded: str, start: int) -> int | None:
    match = _COUNT_BEFORE.search(folded[max(0, start - 24):start])
    return int(match.group(1)) if match else None


def find_products(folded: str, text: str) -> list[str]:
    """Several products asked for in one message ("tienen funda para el s23 y cargador samsung?", "do you have a
    charger and a case for the iphone 13?", "quiero el iphone 14 y una funda"), each with the model or brand said in
    its own part of the message, and the count said before it (`counted`: "quote for 2 iphone 14 and 1 case for
    s23"); one product or none: []."""
    accessories = list(_ACCESSORY.finditer(folded))  # `folded` keeps the offsets of `text`
    if not accessories:
        return []
    parts: list[str] = []
    head = _DEVICE_RE.search(text[:accessories[0].start()])
    if head is not None and _AND.search(folded[head.end():accessories[0].start()]):
        # "quiero el iphone 14 y una funda": the phone, then the case
        parts.append(counted(head.group(), _count_before(folded, head.start())))
    elif len({_accessory_kind(match.group()) for match in accessories}) < 2:
        return []  # one product ("funda para el iphone 13"), or one product in two words ("cases or covers")
    for index, match in enumerate(accessories):
        end = accessories[index + 1].start() if index + 1 < len(accessories) else len(text)
        segment = text[match.start():end]
        named = find_device(segment) or (brand.group() if (brand := _BRAND_RE.search(segment)) else None) or (
            head.group() if head is not None and index == 0 and not parts else None)  # "iphone 13 case and charger"
        # "1 carregador 20w", "the 25w charger": which charger, or the quote finds two; said in its own part, before
        # another product's "and"
        own = segment[:joined.start()] if (joined := _AND.search(segment, len(match.group()))) else segment
        spec = _ACCESSORY_SPEC.search(own) or _ACCESSORY_SPEC_BEFORE.search(text[max(0, match.start() - 12):match.start()])
        name = " ".join(each for each in (match.group(), named, spec.group().lower() if spec else None) if each)
        part = counted(name, _count_before(folded, match.start()))
        if part.lower() not in (said.lower() for said in parts):
            parts.append(part)
    if len(parts) < 2:
        return []
    if _TOTAL_ASKED.search(folded):  # "una funda y el cargador de 25w, cuánto es todo?": one of each, and the total
        parts = [part if product_count(part)[0] else counted(part, 1) for part in parts]
    return parts


# The total of what is asked for asked ("cuánto es todo", "quanto fica tudo", "how much altogether", "el total"): a
# quote of each product, one of each unless a count is said, never a list of what each word finds.
_TOTAL_ASKED = re.compile(whole_words(r"todo|todo junto|tudo|tudo junto|tot|tot plegat|total|en total|no total"
                                      r"|altogether|all together|everything|in all"))


def _number_words_as_digits(text: str, lang: Lang) -> str:
    """`text` with each number said in words from two up written in digits ("un iphone doce de sesenta y cuatro con
    la bateria al ochenta" → "un iphone 12 de 64 con la bateria al 80"), so models, capacities and batteries said
    aloud read like typed ones; "un", "one" (an article as often as a number) stay."""
    for number in reversed(find_numbers(text, lang)):
        if number.ordinal or number.value < 2 or number.value != int(number.value) or any(
                char.isdigit() for char in number.raw):
            continue
        text = f"{text[:number.start]}{int(number.value)}{text[number.end:]}"
    return text


# A customer taking back a figure in the same message ("iphone 13 de 128 perdón es de 256", "battery 95 sorry
# battery is 85", "quer dizer 256", "vull dir 64"): an apology or a "that is" between two figures, folded, in any of
# the four languages (a Spanish customer says "sorry" too). What follows it is what is meant.
_SAID_AGAIN = re.compile(whole_words(
    r"perdon|perdona|perdao|perdo|disculpa|desculpa|desculpe|sorry|oops|ops|ups|opa|my bad|digo|quiero decir|"
    r"quise decir|quer dizer|quis dizer|vull dir|volia dir|i mean|i meant|en realidad|na verdade|na vdd|de fet|"
    r"actually|me equivoque|me enganei|errei|m'he equivocat|no wait|no espera|nao pera|no,? es|nao,? e|no,? its|"
    # an interjection with its "no" ("512 bah no, de 256", "ah não 128"), or a "no" and its comma, or "rather"
    r"(?:bah|ah|eh|uh|ai|ay|uy|ui|nah|pff) (?:no|nao)|no no|nao nao|no,|nao,|mejor dicho|ou melhor|o millor|or rather",
    joiners="'"))


def _said_again_after(folded: str) -> int | None:
    """Where the figures said again begin: after the last taking-back (`_SAID_AGAIN`) with a figure before and after
    it, else None."""
    found = None
    for match in _SAID_AGAIN.finditer(folded):
        if re.search(r"\d", folded[:match.start()]) and re.search(r"\d", folded[match.end():]):
            found = match.end()
    return found


def store_slots(text: str, folded: str, lang: Lang, currency: str, asked_for: str | None) -> dict[str, object]:
    """The store's slots of `text` (`_store_slots`); a figure taken back in the same message ("de 128 perdón es de
    256") is replaced by the one said after it, those not said again kept."""
    slots = _store_slots(text, folded, lang, currency, asked_for)
    if (again := _said_again_after(fold(text))) is None:
        return slots
    said = _store_slots(text[again:], fold(text[again:]), lang, currency, None)
    for name in ("capacity_gb", "battery_health"):
        if said.get(name) is not None:
            slots[name] = said[name]
    # a bare figure right after it ("bateria 80 vull dir 88", "de 64 quer dizer 128 bateria 90") takes the place
    # of the figure right before it, in that figure's slot
    # a comma or stop after a figure ends it ("de 256, ah não 128,"); one between digits is a decimal or thousands
    before = re.findall(r"(?<!\d)(?<!\d[.,])(\d{1,4})(?!\d|[.,]\d)", fold(text[:again]))
    first = _BARE_AFTER_TAKING_BACK.match(fold(text[again:]))
    if before and first:
        value = int(first.group(1))
        for name, fits in (("capacity_gb", value in _CAPACITIES), ("battery_health", value <= 100)):
            if fits and slots.get(name) == int(before[-1]) and said.get(name) is None:
                slots[name] = value
                break
    return slots


# The figure said first after a taking-back, bare ("…quer dizer 128 …", "…i mean it's 88"), no unit after it
_BARE_AFTER_TAKING_BACK = re.compile(r"\W*(?:(?:es|e|eh|era|is|its|it's|it is|de|of|el|o|the|un|uno|um)\W+){0,2}"
                                     r"(\d{1,4})(?!\d|[.,]\d)(?!\s*(?:gb|gigas?|giga|gigs?|g|tb|%)(?!\w))")


def _store_slots(text: str, folded: str, lang: Lang, currency: str, asked_for: str | None) -> dict[str, object]:
    """Product, device model, capacity, battery health and budget of a store message. Several products asked for at
    once (`find_products`) are the product slot, `PRODUCTS_APART` between them, and no one device model. Numbers
    said in words are read as digits (`_number_words_as_digits`)."""
    if (spoken := _number_words_as_digits(text, lang)) != text:
        text, folded = spoken, fold(spoken)
    device = find_device(text)
    product = find_product(folded, text, device)
    if several := find_products(folded, text):
        return {"product": PRODUCTS_APART.join(several), "device_model": None, "capacity_gb": None,
                "battery_health": None, "budget": find_budget(text, folded, lang, currency)}
    if product is None and device is None and (each := _EACH.search(folded)):
        product = text[each.start():each.end()].lower()  # "quiero 2 de cada uno": that many of each product shown
    elif product is not None and (count := _count_before(folded, _product_start(folded, text, product))):
        product = counted(product, count)  # "quero 3 capinhas do iphone 13": three of it, quoted
    if device is None and asked_for == "device_model" and (bare := _BARE_MODEL_NUMBER.search(text)):
        device = bare.group(1)  # the model's number only ("es un 13"): no product of its own
    if device is None and (other := _STORE_OTHER_NUMBER_ASKED.match(folded)):
        device = other.group(1)  # "y el 13?" after a search: another model of the line searched (asks/decide.py N5)
    return {
        "product": product,
        # two models of one line compared: the line is searched, no one model of it
        "device_model": None if device and product and product != device
        and product in (device.split()[0], _one_line_of(text)) else device,
        "capacity_gb": find_capacity(text, lang, device, asked_for == "capacity_gb"),
        "battery_health": find_battery(folded, asked_for == "battery_health", device_said=device is not None),
        "budget": find_budget(text, folded, lang, currency),
    }
