"""Guards on what the draft says about the store's items: `stock_contradiction`, `sold_out_offered`,
`warranty_without_data`, `quote_without_required_info`.

Items are the hits of this turn's `search_catalog` outputs: dicts with name, model,
capacity_gb, available, stock, sold_out, warranty_months. The draft is cut into segments (sentences, and "…, but …"
halves); what a segment says (available, not available, a warranty) applies to the items it names. An item is
named by its model ("iPhone 13"), optionally with a capacity ("128GB", "128 GB"); a capacity alone ("o de 256GB")
refers to the last model named before it. A phone-like name no hit has ("Galaxy S24") is an item the search did
not return.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from guards.checks.wording import compile_table
from guards.contract import GuardInput, GuardVerdict, past
from guards.mentions import amounts_in
from guards.messages import explain
from guards.registry import register
from guards.scan import may_match, scan
from guards.text import folded as fold
from language.locales import Lang

CATALOG_TOOLS = ("search_catalog",)  # the store tools that return catalogue items (agent.tools.store)
QUOTE_TOOL = "quote_used_device"
QUOTE_SLOTS = (("device_model", "model"), ("capacity_gb", "capacity"), ("battery_health", "battery"))

# (an emoji after a word ends its sentence as a full stop does: "está agotado 😕 Lo que sí tenemos es…")
_SEGMENT_RE = re.compile(r"(?:[^.!?;\n\u2600-\u27bf\U0001f300-\U0001faff]|(?<!\w )[\u2600-\u27bf\U0001f300-\U0001faff])+"
                         r"[.!?;\u2600-\u27bf\U0001f300-\U0001faff\ufe0f]*")
_CONTRAST_RE = re.compile(r",?\s(?:mas|porem|but|however|pero|sin embargo|pero|tot i aixi|en canvi)\s")
_CAPACITY_RE = re.compile(r"(?<![\w.])(\d{1,4})\s?(gb|tb|gigas?)(?!\w)")
_PRODUCT_RE = re.compile(
    # (a family's word ends there, or at its plural: "Moto" is no product inside "Motorola")
    r"(?=[a-z])(?<!\w)(?:iphone|galaxy|moto|redmi|poco|pixel|xperia|ipad|macbook|airpods|apple watch|realme|oneplus|xiaomi)"
    r"(?![a-rt-z]|s\w)"
    r"(?:\s?(?:[a-z]?\d{1,3}[a-z]?|se|xr|xs|note|edge|tab|air|fe|ultra|pro|max|plus|mini|lite|\+)(?!\w))*"
)

AVAILABLE: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"temos", r"tem(?:os)? (?:sim|ainda)", r"em estoque", r"disponive(?:l|is)", r"a venda", r"pronta entrega",
              r"ainda (?:tem|temos|ha)", r"pode (?:comprar|levar|reservar)", r"posso (?:reservar|separar|vender)"),
    "es": (r"tenemos", r"en stock", r"disponibles?", r"a la venta", r"quedan?", r"hay (?:unidades|stock)",
           r"puedes (?:comprar|llevarte|reservar)", r"puedo (?:reservar|apartar)"),
    "ca": (r"tenim", r"en estoc", r"disponibles?", r"a la venda", r"queden?", r"hi ha (?:unitats|estoc)",
           r"pots (?:comprar|endur-te|reservar)", r"puc (?:reservar|apartar)"),
    "en": (r"(?:we )?(?:have|carry|stock)(?: it| them| one)?", r"in stock", r"available", r"for sale",
           r"you can (?:buy|get|order|reserve)", r"i can (?:reserve|hold|set aside)", r"ready to ship"),
}
UNAVAILABLE: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"esgotad[oa]s?", r"sem estoque", r"fora de estoque", r"indisponive(?:l|is)", r"em falta", r"acabou",
              r"nao (?:temos|tem|ha|esta disponivel|estao disponiveis|temos mais|tem mais)"),
    "es": (r"agotad[oa]s?", r"sin (?:stock|existencias)", r"fuera de stock", r"no disponibles?",
           r"no (?:tenemos|hay|queda|quedan|esta disponible|estan disponibles|nos queda)"),
    "ca": (r"esgotat(?:s|da|des)?", r"exhaurit(?:s|da|des)?", r"sense estoc", r"no disponibles?",
           r"no (?:tenim|hi ha|queda|queden|esta disponible)"),
    "en": (r"sold out", r"out of stock", r"not (?:available|in stock)", r"unavailable", r"none left", r"no stock",
           r"(?:don't|do not|no longer) (?:have|carry|stock)", r"no longer available", r"not for sale"),
}
OFFER: dict[Lang, tuple[str, ...]] = {  # selling wording beyond availability: a price offer
    "pt-BR": (r"sai por", r"custa", r"fica por", r"por apenas", r"leva por", r"quer (?:comprar|levar|reservar)"),
    "es": (r"sale por", r"cuesta", r"queda en", r"por solo", r"quieres (?:comprar|llevarte|reservar)"),
    "ca": (r"surt per", r"costa", r"queda en", r"per nomes", r"vols (?:comprar|endur-te|reservar)"),
    "en": (r"costs", r"for only", r"priced at", r"(?:would|do) you like to (?:buy|order|reserve|get)", r"goes for"),
}
WARRANTY: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"garantia",), "es": (r"garantia",), "ca": (r"garantia",), "en": (r"warrant(?:y|ies|ied)", r"guarantee"),
}
# (a pronoun may come between: "no en tinc la dada", "não a tenho"; the system may be what has it not: "o sistema não
# traz a informação", "no figura"; "não tem garantia" says there is none, no unknown)
WARRANTY_UNKNOWN: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"nao (?:(?:a|o|me|lhe|te|essa|esse)\s+)?(?:tenho|temos|ha|consta|sei|possuo|possuimos|encontrei|traz"
              r"|mostra|aparece)", r"sem (?:informac\w+|dados?|registro)",
              r"nao informad[oa]", r"verificar", r"confirmar"),
    "es": (r"no (?:(?:lo|la|le|me|te|ese|esa)\s+)?(?:tengo|tenemos|hay|consta|se|dispongo|encontre|trae|muestra"
           r"|aparece|figura)", r"sin (?:informacion|datos|registro)",
           r"consultar", r"verificar", r"confirmar"),
    "ca": (r"no (?:(?:en|la|el|ho|me|et)\s+|l'|n')?(?:tinc|tenim|hi ha|consta|se|disposo|he trobat|surt|apareix"
           r"|mostra)", r"sense (?:informacio|dades|registre)",
           r"consultar", r"verificar", r"confirmar"),
    "en": (r"no (?:information|info|data|details|record)", r"(?:don't|do not|doesn't|does not) (?:have|know|list|show)",
           r"not (?:sure|known|listed|on record)", r"unknown", r"check", r"(?:can't|cannot) confirm",
           r"(?:to be|yet to be) confirmed"),
}
QUOTE_VERBS: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"pag(?:amos|o|aria|ariamos|ar)", r"ofere(?:cemos|co|ceria|cer)", r"avali(?:amos|o|ado|ada|acao)",
              r"vale", r"valeria", r"na troca", r"trade-?in", r"de entrada", r"compramos"),
    "es": (r"pag(?:amos|o|aria|ariamos|ar)", r"ofre(?:cemos|zco|ceria|cer)", r"tasa(?:mos|cion|do)",
           r"valora(?:mos|cion|do)", r"a cambio", r"entrega", r"compramos"),
    "ca": (r"pag(?:uem|o|ariem|aria|ar)", r"ofer(?:im|eixo|iria|ir)", r"tax(?:em|acio|at)", r"valor(?:em|acio|at)",
           r"a canvi", r"comprem"),
    "en": (r"(?:we|i)(?:'d| would| can| could| will)? (?:pay|offer|give you)", r"worth", r"trade-?in", r"buy (?:it|your)",
           r"quote"),
}
DEVICE_WORDS: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"aparelho", r"celular", r"smartphone", r"telefone", r"iphone", r"galaxy", r"seminovo", r"usado"),
    "es": (r"dispositivo", r"movil", r"celular", r"telefono", r"smartphone", r"iphone", r"galaxy", r"usado"),
    "ca": (r"dispositiu", r"mobil", r"telefon", r"smartphone", r"iphone", r"galaxy", r"usat"),
    "en": (r"device", r"phone", r"handset", r"smartphone", r"iphone", r"galaxy", r"used"),
}


@lru_cache(maxsize=64)
def _table(name: str, lang: Lang) -> re.Pattern[str]:
    return compile_table(globals()[name][lang])


def _key(text: str) -> str:
    return re.sub(r"\s+", " ", fold(text)).strip()


@dataclass(frozen=True)
class Hit:
    model_key: str
    name: str
    capacity_gb: int | None
    data: dict

    @property
    def in_stock(self) -> bool:
        return not self.sold_out and bool(self.data.get("available", True)) and self.data.get("stock", 1) != 0

    @property
    def sold_out(self) -> bool:
        return self.data.get("sold_out") is True or self.data.get("stock") == 0

    def label(self) -> str:
        return self.name or self.model_key


def _hit_dicts(data: Any) -> Iterator[dict]:
    """The items of a catalogue's answer: `search_catalog` returns them as `hits` (agent.tools.store), other
    catalogues as `results`, a list, or one item."""
    if isinstance(data, dict) and isinstance(data.get("hits"), list):
        data = data["hits"]
    elif isinstance(data, dict) and isinstance(data.get("results"), list):
        data = data["results"]
    if isinstance(data, dict):
        data = [data]
    if isinstance(data, list):
        yield from (item for item in data if isinstance(item, dict))


def catalog_hits(inp: GuardInput) -> list[Hit]:
    hits = []
    for tool in CATALOG_TOOLS:
        for output in inp.outputs_of(tool):
            for item in _hit_dicts(output.data):
                model = str(item.get("model") or item.get("name") or "")
                capacity = item.get("capacity_gb")
                hits.append(Hit(_key(model), str(item.get("name") or model), capacity if isinstance(capacity, int) else None,
                                item))
    return [hit for hit in hits if hit.model_key]


def segments(folded: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each sentence of `folded`, cut again at a contrast ("…, mas …", "… but …")."""
    for sentence in _SEGMENT_RE.finditer(folded):
        start = sentence.start()
        for contrast in _CONTRAST_RE.finditer(sentence.group()):
            yield start, sentence.start() + contrast.start()
            start = sentence.start() + contrast.start()
        yield start, sentence.end()


@dataclass
class Mention:
    text: str
    hits: list[Hit]  # empty: an item the search did not return
    start: int
    end: int


def _matches_model(hit_key: str, candidate: str) -> bool:
    """Whether `candidate` names the hit: its model, spaced or not, or its model without the storage size a
    catalogue writes into the name ("Galaxy S24" of "Galaxy S24 256GB": the family, every size of it)."""
    if candidate == hit_key or candidate.replace(" ", "") == hit_key.replace(" ", ""):
        return True
    family = _CAPACITY_RE.sub(" ", hit_key)
    return family != hit_key and _key(family).replace(" ", "") == candidate.replace(" ", "")


class _Spans:
    """Spans of the draft already taken, sorted by start, for look-ups in log time (a long list names thousands)."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []

    def holds(self, position: int) -> bool:
        """Whether a span holds `position` (spans never nest: a later, shorter one cannot start inside another)."""
        index = bisect_right(self.starts, position) - 1
        return index >= 0 and self.ends[index] > position

    def overlaps(self, start: int, end: int) -> bool:
        index = bisect_right(self.starts, start) - 1
        if index >= 0 and self.ends[index] > start:
            return True
        return index + 1 < len(self.starts) and self.starts[index + 1] < end

    def add(self, start: int, end: int) -> None:
        index = bisect_right(self.starts, start)
        self.starts.insert(index, start)
        self.ends.insert(index, end)


def mentions(draft: str, folded: str, hits: list[Hit]) -> list[Mention]:
    """The items the draft names, in order, each with the hits it can be (see the module doc)."""
    spans: list[tuple[int, int, list[Hit]]] = []
    taken = _Spans()
    for model_key in sorted({hit.model_key for hit in hits}, key=len, reverse=True):
        same_model = [h for h in hits if h.model_key == model_key]
        for match in re.finditer(rf"(?<!\w){re.escape(model_key)}(?![\w+])", folded):
            if not taken.holds(match.start()):
                spans.append((match.start(), match.end(), same_model))
                taken.add(match.start(), match.end())
    named = _Spans()
    named.starts, named.ends = list(taken.starts), list(taken.ends)
    for match in scan(_PRODUCT_RE, folded):  # (a long draft naming no product's brand is not read: `guards.scan`)
        if named.overlaps(match.start(), match.end()):
            continue
        candidate = _key(match.group())
        spans.append((match.start(), match.end(), [h for h in hits if _matches_model(h.model_key, candidate)]))
    spans.sort(key=lambda span: span[0])
    found: list[Mention] = []
    for start, end, candidates in spans:
        capacity = _CAPACITY_RE.match(folded, end) or _CAPACITY_RE.match(folded, end + 1)
        if capacity:
            size = int(capacity.group(1)) * (1024 if capacity.group(2) == "tb" else 1)
            candidates = [h for h in candidates if h.capacity_gb in (None, size)]
            end = capacity.end()
        found.append(Mention(draft[start:end], candidates, start, end))
    covered = _Spans()
    covered.starts, covered.ends = [m.start for m in found], [m.end for m in found]
    last_with_hits: list[int] = []  # per mention, the index of the last mention up to it that has hits
    for index, mention in enumerate(found):
        last_with_hits.append(index if mention.hits else (last_with_hits[-1] if last_with_hits else -1))
    named_count = len(found)
    latest_capacity: Mention | None = None
    for capacity in scan(_CAPACITY_RE, folded):  # "o de 256GB": the last model named before it
        if covered.holds(capacity.start()):
            continue
        # the nearer of the last size read and the last model named before it ("el Pro de 512GB está agotado; del
        # Note 13 de 256GB tenemos 9": the 256GB is the Note 13's)
        previous = latest_capacity if latest_capacity is not None and latest_capacity.end <= capacity.start() else None
        index = last_with_hits[bisect_right(covered.starts, capacity.start()) - 1] if named_count else -1
        while index >= 0 and found[index].end > capacity.start():
            index = last_with_hits[index - 1] if index else -1
        if index >= 0 and (previous is None or found[index].start > previous.start):
            previous = found[index]
        if previous is not None:
            size = int(capacity.group(1)) * (1024 if capacity.group(2) == "tb" else 1)
            models = {h.model_key for h in previous.hits}
            same = [h for h in hits if h.model_key in models and h.capacity_gb == size]
            mention = Mention(draft[capacity.start() : capacity.end()], same, capacity.start(), capacity.end())
            found.append(mention)
            if same:
                latest_capacity = mention
    found.sort(key=lambda m: m.start)
    return found


def _within(named: list[Mention], starts: list[int], span: tuple[int, int]) -> list[Mention]:
    """The mentions (sorted by start, `starts` their starts) that start inside `span`."""
    return named[bisect_left(starts, span[0]) : bisect_left(starts, span[1])]


_last_findings: list[tuple[GuardInput, tuple[list[str], list[str]]]] = []  # the last input read, and its findings


def _stock_findings(inp: GuardInput, deadline: float) -> tuple[list[str], list[str]] | None:
    """(contradictions, sold-out offers) of the draft against this turn's catalogue hits; None past the deadline.
    `stock_contradiction` and `sold_out_offered` read the same findings: the second of them to run on an input
    reuses the first's (the very same input object, so nothing else can match)."""
    last = _last_findings[-1] if _last_findings else None
    if last is not None and last[0] is inp:
        return last[1]
    findings = _read_stock(inp, deadline)
    if findings is not None:
        _last_findings[:] = [(inp, findings)]
    return findings


def _read_stock(inp: GuardInput, deadline: float) -> tuple[list[str], list[str]] | None:
    hits = catalog_hits(inp)
    folded = fold(inp.draft)
    named = mentions(inp.draft, folded, hits)
    if not named:
        return [], []
    available, unavailable, offer = (_table(t, inp.lang) for t in ("AVAILABLE", "UNAVAILABLE", "OFFER"))
    starts = [m.start for m in named]
    contradictions: list[str] = []
    sold_out: list[str] = []
    for span in segments(folded):
        if past(deadline):
            return None
        segment = folded[span[0] : span[1]]
        here = _within(named, starts, span)
        if not here:
            continue
        says_unavailable = _says_of_items(unavailable, segment, inp.lang)
        says_available = not says_unavailable and _says_of_items(available, segment, inp.lang)
        says_offer = not says_unavailable and (says_available or bool(offer.search(segment)))
        for mention in here:
            # "available" for a product the catalogue does not have, or "sold out" for one that is in stock
            if ((says_available and not mention.hits)
                    or (says_unavailable and mention.hits and all(h.in_stock for h in mention.hits))):
                contradictions.append(mention.text)
            elif says_offer and mention.hits and not any(h.in_stock for h in mention.hits):
                (sold_out if any(h.sold_out for h in mention.hits) else contradictions).append(mention.text)
    return contradictions, sold_out


# What a negated "have" may have as its object besides the item: what is known of it or its warranty ("I don't have
# warranty info for the Edge 40", "no tenemos el dato de la garantía", "não temos informação", "no tenim la dada"):
# no word on its stock.
_NOT_THE_ITEM_WORDS: dict[Lang, tuple[str, str]] = {  # (articles, nouns)
    "en": (r"any|the|that|this|more|much|enough|its|a",
           r"(?:warranty|guarantee|price|stock|delivery)?\s*(?:info|information|data|details?|records?)|warranty|guarantee"),
    "pt-BR": (r"a|o|as|os|essa|esse|essas|esses|mais|nenhuma|nenhum",
              r"informac(?:ao|oes)|dados?|detalhes?|registros?|garantia"),
    "es": (r"el|la|los|las|ese|esa|esos|esas|mas|ningun|ninguna",
           r"informacion|datos?|detalles?|registros?|garantia"),
    "ca": (r"la|el|les|els|aquesta|aquest|aquestes|mes|cap",
           r"informacio|dades|dada|detalls?|registres?|garantia"),
}
_NOT_THE_ITEM: dict[Lang, re.Pattern[str]] = {lang: re.compile(rf"\s+(?:(?:{articles})\s+)?(?:{nouns})(?!\w)")
                                             for lang, (articles, nouns) in _NOT_THE_ITEM_WORDS.items()}


def _says_of_items(table: re.Pattern[str], segment: str, lang: Lang) -> bool:
    """Whether the (folded) segment says what `table` says (available, or not) of its items: a match that is no
    "have" of what is known of them (`_NOT_THE_ITEM`)."""
    return any(_NOT_THE_ITEM[lang].match(segment, match.end()) is None for match in table.finditer(segment))


def _stock_verdict(code: str, which: int, inp: GuardInput, deadline: float) -> GuardVerdict:
    """The verdict `code` on one list of `_stock_findings` (0: contradictions, 1: sold-out products offered)."""
    findings = _stock_findings(inp, deadline)
    if findings is None:
        return GuardVerdict.budget_exceeded(code, inp.lang)
    evidence = findings[which]
    if not evidence:
        return GuardVerdict.ok()
    return GuardVerdict.fail(code, explain(code, inp.lang, evidence), evidence)


@register("stock_contradiction")
def stock_contradiction(inp: GuardInput, deadline: float) -> GuardVerdict:
    return _stock_verdict("stock_contradiction", 0, inp, deadline)


@register("sold_out_offered")
def sold_out_offered(inp: GuardInput, deadline: float) -> GuardVerdict:
    return _stock_verdict("sold_out_offered", 1, inp, deadline)


@register("warranty_without_data")
def warranty_without_data(inp: GuardInput, deadline: float) -> GuardVerdict:
    folded = fold(inp.draft)
    warranty, unknown = _table("WARRANTY", inp.lang), _table("WARRANTY_UNKNOWN", inp.lang)
    if not may_match(warranty, folded) or not warranty.search(folded):
        return GuardVerdict.ok()
    hits = catalog_hits(inp)
    named = mentions(inp.draft, folded, hits)
    starts = [m.start for m in named]
    everywhere = [h for m in named for h in m.hits]
    evidence = []
    for span in segments(folded):
        if past(deadline):
            return GuardVerdict.budget_exceeded("warranty_without_data", inp.lang)
        segment = folded[span[0] : span[1]]
        stated = warranty.search(segment)
        if not stated or unknown.search(segment) or segment.rstrip().endswith("?"):
            continue
        items = [h for m in _within(named, starts, span) for h in m.hits] \
            or _named_by_own_words(hits, folded, span[0] + stated.start()) or everywhere or hits
        if any("warranty_months" in h.data and h.data["warranty_months"] is None for h in items):
            evidence.append(inp.draft[span[0] : span[1]].strip())
    if not evidence:
        return GuardVerdict.ok()
    return GuardVerdict.fail("warranty_without_data", explain("warranty_without_data", inp.lang, evidence), evidence)


_WORD_RE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# where a sentence ends: not at a point between digits ("$ 45.000", "$1,899.00")
_SENTENCE_END_RE = re.compile(r"[!?;\n]|\.(?!\d)|(?<!\d)\.")
_LOOK_BACK = 400


def _named_by_own_words(hits: list[Hit], folded: str, before: int) -> list[Hit]:
    """The hit a sentence naming no model speaks of where it states a warranty: the one whose own words (of its
    name and brand, no other hit's, of three letters or more) come last before the statement ("el de Apple USB-C
    de 20 W a $ 45.000 (6 meses de garantía) y el Samsung de 25 W": the Apple charger's term, not the Samsung's),
    read from where the sentence begins (a point between digits ends none; at most `_LOOK_BACK` characters back);
    none when no such word is."""
    words = {hit.name: {word for word in _WORD_RE.findall(fold(f"{hit.name} {hit.data.get('brand') or ''}"))
                        if len(word) >= 3 and not word.isdigit()} for hit in hits}  # ("a", "de", "20": no item's own)
    start = max((end.end() for end in _SENTENCE_END_RE.finditer(folded, max(0, before - _LOOK_BACK), before)),
                default=max(0, before - _LOOK_BACK))
    latest: dict[str, int] = {}
    for match in _WORD_RE.finditer(folded, start, before):
        latest[match.group()] = match.start()
    best, at = [], -1
    for hit in hits:
        others = set().union(*(w for name, w in words.items() if name != hit.name))
        own = [latest[word] for word in words[hit.name] - others if word in latest]
        if own and max(own) > at:
            best, at = [hit], max(own)
    return best


def _quote_info_known(inp: GuardInput) -> bool:
    if any(output.ok for output in inp.tool_outputs if output.tool == QUOTE_TOOL):
        return True
    slots = {fold(str(k)): v for k, v in inp.ask_slots.items()}
    return all(any(slots.get(name) not in (None, "") for name in names) for names in QUOTE_SLOTS)


@register("quote_without_required_info")
def quote_without_required_info(inp: GuardInput, deadline: float) -> GuardVerdict:
    folded = fold(inp.draft)
    verbs, devices = _table("QUOTE_VERBS", inp.lang), _table("DEVICE_WORDS", inp.lang)
    is_quote_ask = "quote" in (inp.ask_kind or "")
    if not may_match(verbs, folded) or not verbs.search(folded) or _quote_info_known(inp):
        return GuardVerdict.ok()
    starts = [amount.start for amount in amounts_in(inp.draft, inp.lang, inp.currency)]
    evidence = []
    for span in segments(folded):
        if past(deadline):
            return GuardVerdict.budget_exceeded("quote_without_required_info", inp.lang)
        segment = folded[span[0] : span[1]]
        has_amount = bisect_left(starts, span[0]) < len(starts) and starts[bisect_left(starts, span[0])] < span[1]
        if has_amount and verbs.search(segment) and (is_quote_ask or devices.search(segment)):
            evidence.append(inp.draft[span[0] : span[1]].strip())
    if not evidence:
        return GuardVerdict.ok()
    return GuardVerdict.fail("quote_without_required_info",
                             explain("quote_without_required_info", inp.lang, evidence), evidence)
