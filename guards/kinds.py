"""Kinds asked for: the options a question offers when it asks for a kind of thing, not one thing.

"What kind of food? You can say Izakaya, Shabu-Shabu or anything else." asks the customer for a kind (a cuisine, a
genre, a category) and offers examples of it: they state nothing a tool must have returned, whatever their words
("Izakaya", "Korean Hot Pot", "Soup & Salad" are no dictionary's words or are several). The name reader
(`guards.facts.names_in`) reads a capitalised run as no name when it is an item of such an offer:

* a kind's noun governs the list (`_GOVERNS`): "what kind of", "type of cuisine", "which genre", "any particular
  food", "Cuisine?", in the list's sentence before it or in the sentence just before; or, in a question, it heads
  the list after it ("Malaysian or Asado food?", "or some other type of food?");
* the list says itself an offer of examples (`_OFFERED_BEFORE`, `_OPEN_AFTER`): "you can say", "such as", "like",
  "maybe", "how about" before the item, "or something else", "or any other", "or which one", "etc." after it, or the
  kind's noun heading it;
* the run ends an item of the list (at most three words of its own after it, then a list's mark or a join: "Korean
  Hot pot, buffet or …"), and the sentence asks for no effect ("Shall I book Sushi Zen or Taco Bell?", "What kind
  of transfer, Pix to Maria or something else?").

The open Ask's missing slots (`GuardInput.missing_slots`) say what words alone cannot (`slot_asked`): while the
next slot it misses holds a kind, every item a question offers is a kind, with or without a kind's noun ("Burrito,
Tex-Mex or something else?", "How about Soup or Breakfast?": `offered_in_question`); while it misses no kind, only
names or references, an offered item is the thing asked for, and one no tool returned stays held whatever the
question's words ("Which restaurant? What kind, Izakaya or something else?"). With no slot missing, or a kind missing
after another slot, the words decide as above.

A closed list of kinds stays read ("What type of event? Sports, Music or Museum?": the tools' categories, and
"Museum" none of them), and so does an open list that asks for one thing ("Which city, such as Fresno or something
else?", "Would you like Izakaya, Sushi Bar or something else?": no kind asked).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from guards.contract import AskSlot
from guards.scan import MIN_LENGTH, holds, word_text
from language.locales import Lang

# What a question's offered items are, by the slot the open Ask asks for next (`slot_asked`).
Asked = Literal["kind", "name", ""]

# The nouns of a kind of thing, folded (`guards.text.folded`: lower case, no accents).
_KIND_NOUNS: dict[Lang, str] = {
    "en": r"kinds?|types?|sorts?|styles?|categor(?:y|ies)|genres?|cuisines?|foods?",
    "pt-BR": r"tipos?|generos?|categorias?|estilos?|culinarias?|cozinhas?|comidas?|especies?",
    "es": r"tipos?|generos?|categorias?|estilos?|cocinas?|comidas?|clases?",
    "ca": r"tipus|generes?|categori(?:a|es)|estils?|cuines?|menjars?|menes?|classes?",
}
# A kind's noun asked about: after a question's or a choosing word ("what kind", "any particular type of food",
# "your preferred cuisine"), before "of"/"de" ("type of cuisine"), or a sentence of its own ("Cuisine?").
_ASKING_WORDS: dict[Lang, str] = {
    "en": r"what|which|any|particular|specific|certain|preferred|favou?rite|other|another|some",
    "pt-BR": r"que|qual|quais|algum|alguma|preferid[oa]|outr[oa]|qualquer|especific[oa]",
    "es": r"que|cual|cuales|algun|alguna|preferid[oa]|otr[oa]|cualquier|especific[oa]|particular",
    "ca": r"quin|quina|quins|quines|algun|alguna|preferid[ae]|altr[ea]|qualsevol|concret[a]?",
}
_OF: dict[Lang, str] = {"en": "of", "pt-BR": "de", "es": "de", "ca": "de"}
_GOVERNS: dict[Lang, re.Pattern[str]] = {
    lang: re.compile(rf"\b(?:(?:{_ASKING_WORDS[lang]})\s+(?:[a-z]+\s+){{0,2}}(?:{_KIND_NOUNS[lang]})\b"
                     rf"|(?:{_KIND_NOUNS[lang]})\s+{_OF[lang]}\b"
                     rf"|(?:^|(?<=[.?!¿¡\n])|(?<=[.?!¿¡\n] ))(?:{_KIND_NOUNS[lang]})\s*\?)")
    for lang in _KIND_NOUNS}
# A kind's noun heading the list after it ("Malaysian or Asado food", "Afghan or light meal cuisine"): English puts
# the noun last; "or some other type of food", "ou outro tipo de comida": another of the kind, in every language.
_HEADED_AFTER: dict[Lang, re.Pattern[str]] = {
    lang: re.compile(rf"[^.?!\n]*?\b(?:{_ASKING_WORDS[lang]})\s+(?:[a-z]+\s+){{0,2}}(?:{_KIND_NOUNS[lang]})\b")
    for lang in _KIND_NOUNS}
# English puts the noun last: in a question, a list of items of two words at most before "food" or "cuisine"
# ("Do you like Malaysian or Asado food?"; "Sushi Zen, great food!" asks nothing).
_NOUN_LAST_RE = re.compile(r"(?:(?:\s*,\s*|\s+(?:or|and)\s+)(?:[^\W\d_][\w&'’-]*\s+)?[^\W\d_][\w&'’-]*)+"
                           r"\s+(?:food|cuisine|dishes)\b")
# What offers examples before an item, in its sentence ("you can say", "such as", "maybe", "how about").
# The list's last item before its noun: "… or Asado food?", "… or light meal cuisine?".
_NOUN_NEXT_RE = re.compile(r"\s+(?:food|cuisine|dishes)\b")
_JOINED_BEFORE_RE = re.compile(r"(?:,|\bor\b|\band\b)\s+(?:[^\W\d_][\w&'’-]*\s+)?$")
# The last of them before the item is matched (greedy), and only the list's items so far may follow it.
_OFFERED_BEFORE: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r".*\b(?:such as|for (?:example|instance)|e\.g\.|say|like|maybe|perhaps|how about|what about"
                     r"|examples?|includes?|(?:can|could|may|might) be|choose|request|specify|suggestions?)\b"),
    "pt-BR": re.compile(r".*\b(?:por exemplo|exemplos?|tipo assim|tais como|como|talvez|que tal|pode ser|diga)\b"),
    "es": re.compile(r".*\b(?:por ejemplo|ejemplos?|tales como|como|quizas?|tal vez|que tal|puede ser|di)\b"),
    "ca": re.compile(r".*\b(?:per exemple|exemples?|com ara|com|potser|que tal|pot ser|digues)\b"),
}
# What says the list open after an item, in its sentence ("or something else", "or any other", "or which one").
_OPEN_WORDS: dict[Lang, str] = {
    "en": r"something|anything|whatever|others?|another|which one|what (?:kind|type|sort)|etc|for (?:example|instance)"
          r"|maybe|perhaps|many more|of many|(?:a )?few (?:options|examples|choices|ideas)",
    "pt-BR": r"outr[oa]s?|qualquer|algo|alguma coisa|qual|etc|por exemplo|talvez|muit[oa]s mais|entre muit[oa]s"
             r"|algumas (?:opcoes|ideias)",
    "es": r"otr[oa]s?|cualquier|cualquiera|algo|cual|etc|por ejemplo|quizas?|tal vez|much[oa]s mas|entre much[oa]s"
          r"|algunas (?:opciones|ideas)",
    "ca": r"altr[ea]s?|qualsevol|alguna cosa|quin|quina|etc|per exemple|potser|moltes mes|molts mes|entre moltes?"
          r"|algunes (?:opcions|idees)",
}
_JOINS: dict[Lang, str] = {"en": "or|and", "pt-BR": "ou|e", "es": "o|u|y|e", "ca": "o|i"}
# A list's items (of four words at most) with what joins them, up to where the list says itself open.
_ITEM = r"[^\s,;.?!]+(?:\s+[^\s,;.?!]+){0,3}?"
_OPEN_AFTER: dict[Lang, re.Pattern[str]] = {
    lang: re.compile(rf"(?:\s*(?:,|\b(?:{_JOINS[lang]})\b)\s*{_ITEM})*?\s*(?:,|\b(?:{_JOINS[lang]})\b)?\s*"
                     rf"(?:[^\s,;.?!]+\s+){{0,3}}?\b(?:{_OPEN_WORDS[lang]})\b")
    for lang in _OPEN_WORDS}
# The items so far between what offers examples and the item: "such as Izakaya, Korean Hot Pot or …".
# A list that trails off after its items ("Burmese, American, Mexican....", "Taco, Gastropub…"): open as well.
_TRAILS_OFF: dict[Lang, re.Pattern[str]] = {
    lang: re.compile(rf"(?:\s*(?:,|\b(?:{_JOINS[lang]})\b)\s*{_ITEM})*?\s*,?\s*(?:\.{{2,}}|…)") for lang in _JOINS}
_ITEM_WORD_RE = re.compile(r"\s+[\w&'’-]+")
_LIST_SO_FAR: dict[Lang, re.Pattern[str]] = {
    lang: re.compile(rf"\s*,?\s*(?:{_ITEM}\s*(?:,|\b(?:{_JOINS[lang]})\b)\s*)*") for lang in _JOINS}
# An effect asked for in the sentence: what it offers are the things it would be done with, no kinds.
_EFFECT_VERBS: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"\b(?:book|reserv|schedul|send|sent|pay|paid|transfer|buy|bought|order|purchas)"),
    "pt-BR": re.compile(r"\b(?:reserv|agend|envi|mand|pag|transfir|transfer|compr|marc)"),
    "es": re.compile(r"\b(?:reserv|agend|envi|mand|pag|transfier|transfer|compr)"),
    "ca": re.compile(r"\b(?:reserv|envi|pag|transfere|transferi|compr)"),
}
# The end of an item: at most two more words of its own, then a list's mark, a join or the kind's noun.
_ITEM_END: dict[Lang, re.Pattern[str]] = {
    lang: re.compile(rf"(?:\s+[\w&'’-]+){{0,3}}\s*(?:[,;:?.!\n)]|\b(?:{_JOINS[lang]}|etc|food|cuisine)\b|$)")
    for lang in _JOINS}
_SENTENCE_MARK_RE = re.compile(r"[.?!\n]")


_KIND_NOUN_RE: dict[Lang, re.Pattern[str]] = {lang: re.compile(rf"\b(?:{nouns})\b") for lang, nouns in _KIND_NOUNS.items()}


# What every kind's noun holds, looked for first among the text's distinct words (`guards.scan.holds`: a search of
# the pattern over a 70 KB list costs several milliseconds; these, a few microseconds).
_KIND_STEMS: dict[Lang, tuple[str, ...]] = {
    "en": ("kind", "type", "sort", "style", "categor", "genre", "cuisine", "food"),
    "pt-BR": ("tipo", "genero", "categoria", "estilo", "culinaria", "cozinha", "comida", "especie"),
    "es": ("tipo", "genero", "categoria", "estilo", "cocina", "comida", "clase"),
    "ca": ("tipus", "genere", "categori", "estil", "cuin", "menjar", "mena", "classe"),
}


def kinds_asked(low: str, lang: Lang) -> bool:
    """Whether the folded text says a kind's noun at all: the cheap test before `kind_offered`, once per text."""
    if not any(holds(low, stem) for stem in _KIND_STEMS[lang]):
        return False
    # (a noun is a whole word: looked for among the distinct words of a long text)
    return _KIND_NOUN_RE[lang].search(word_text(low) if len(low) >= MIN_LENGTH else low) is not None


def _sentence_start(low: str, at: int) -> int:
    """Where the sentence holding position `at` starts (after the last mark before it; at most 300 characters back,
    so a long list's runs each read a window, not the whole text before them)."""
    since = max(0, at - 300)
    return max(since - 1, *(low.rfind(mark, since, at) for mark in ".?!\n")) + 1


# A question of one to three words ("Asado?", "small plates?", "Something else?"): an item of a list asked one by one.
_FRAGMENT_RE = re.compile(r"\s*(?:[^\s.?!]+\s*){1,3}\?")


def kind_offered(low: str, start: int, end: int, lang: Lang) -> bool:
    """Whether the run `low[start:end]` of the folded text is an item of a list of kinds a question offers (see the
    module doc). Items asked one by one are one list ("What cuisine? Ostrea? Sicilian? Something else?")."""
    while end > start and low[end - 1] in ".'’-&":
        end -= 1  # (a token holds the full stop after it: "… or Jamaican. Which city …")
    if not _ITEM_END[lang].match(low, end):
        return False  # no item of a list: "What kind of food does Sushi Zen serve at lunch?"
    sentence_start = _sentence_start(low, start)
    found = _SENTENCE_MARK_RE.search(low, end)
    sentence_end = found.end() if found else len(low)
    if _EFFECT_VERBS[lang].search(low, sentence_start, sentence_end):
        return False  # "Shall I book Sushi Zen or Taco Bell?": the things an effect would be done with
    items_after = [end]  # where the open list's end may be said: after the run, in each item asked after it
    if _FRAGMENT_RE.fullmatch(low, sentence_start, sentence_end):
        while sentence_start > 1 and _FRAGMENT_RE.fullmatch(low, before := _sentence_start(low, sentence_start - 1),
                                                             sentence_start):
            sentence_start = before
        while (found := _FRAGMENT_RE.match(low, sentence_end)) is not None:
            items_after.append(sentence_end)
            sentence_end = found.end()
    headed = _HEADED_AFTER[lang].match(low, end, sentence_end) is not None \
        or (lang == "en" and low[sentence_end - 1] == "?" and (
            _NOUN_LAST_RE.match(low, end, sentence_end) is not None
            or (_NOUN_NEXT_RE.match(low, end, sentence_end) is not None
                and _JOINED_BEFORE_RE.search(low, max(0, start - 40), start) is not None)))
    previous_start = _sentence_start(low, max(0, sentence_start - 1))
    governed = headed or _GOVERNS[lang].search(low, previous_start, start) is not None
    if not governed:
        return False
    if headed:
        return True
    offer = _OFFERED_BEFORE[lang].match(low, sentence_start, start)
    if offer is not None and _LIST_SO_FAR[lang].fullmatch(low, offer.end(), start):
        return True  # "such as Izakaya, Korean Hot Pot": not "like Pool or Regular … same as Los Angeles"
    return any(_OPEN_AFTER[lang].match(low, at, sentence_end) is not None for at in items_after)


def slot_asked(missing: Sequence[AskSlot]) -> Asked:
    """What the items a question offers are, by the open Ask's missing slots (in asking order): `kind` when the
    next one holds a kind, `name` when none holds a kind and one holds a name or reference, "" otherwise (no slot
    missing, or a kind after another slot: the question's words say)."""
    if not missing:
        return ""
    if missing[0].holds == "kind":
        return "kind"
    if any(slot.holds == "kind" for slot in missing):
        return ""
    return "name" if any(slot.holds == "name" for slot in missing) else ""


def offered_in_question(low: str, start: int, end: int, lang: Lang) -> bool:
    """Whether the run `low[start:end]` of the folded text is an item a question offers: it ends an item of a list
    (or is the one item) of a sentence asked with "?" that asks for no effect ("Burrito, Tex-Mex or something
    else?", "Does Moroccan or Gastrobar sound good?", items asked one by one: "Ostrea? Peruvian?"), or of a
    statement whose list says itself open after it ("I can find Afghan restaurants, European restaurants, and
    others.", "You can Brasserie, Barbecue or anything else you can think of.", "Hunan and Soup & Salad are a few
    options of many.") or trails off ("Did you want Burmese, American, Mexican...."). Read only while the Ask's
    next missing slot holds a kind (`slot_asked`)."""
    while end > start and low[end - 1] in ".'’-&":
        end -= 1
    sentence_start = _sentence_start(low, start)
    found = _SENTENCE_MARK_RE.search(low, end)
    sentence_end = found.end() if found else len(low)
    # where the item holding the run may end: right after it or after up to three words of its own ("Afghan
    # restaurants, …")
    item_ends = [end]
    while len(item_ends) < 4 and (word := _ITEM_WORD_RE.match(low, item_ends[-1], sentence_end)) is not None:
        item_ends.append(word.end())
    open_list = any(_OPEN_AFTER[lang].match(low, at, sentence_end) is not None
                    or _TRAILS_OFF[lang].match(low, at) is not None for at in item_ends)
    if not open_list and (not _ITEM_END[lang].match(low, end) or found is None or found.group() != "?"):
        return False  # "Does Sushi Zen serve lunch?" asks of one thing; "Sushi Zen is great, or Taco Bell." offers
    return not _EFFECT_VERBS[lang].search(low, sentence_start, sentence_end)
