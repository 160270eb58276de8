"""Who the customer pays: the recipient name in a bank message (rules of the built-in perceiver).

A name is taken after a recipient preposition -- "pro/pra/para (o|a)", "a/para/al", "per a (la|el|en)/a la/a en/a
l'", "to/for" -- or a sharing one ("com a Jenny", "con Lucía", "with Rachel", "amb la Marta": splitting a bill),
or a naming phrase ("the person is Rachel", "o nome é Ana", "es para Jorge", "es diu Pere"). Between the preposition
and the name may stand a possessive and a family or friend word, which are no part of the name ("tia Jenny",
"my aunt Jenny", "mi hermano Diego", "la meva tia Montse", "my friend, Sanuj"). The name is capitalised, or lower
case after a person preposition (then capitalised). Pronouns, account and key words ("chave", "email", "celular"),
day and number words are never names; a name inside a Pix key ("ana@example.com") is none; a name right after a
negation ("e não pro Pedro", "not to Tom") is the one *not* meant, unless that "no" opens the message ("nao pra
maria": "no, to Maria" typed without its comma). The last name wins; when the agent asked for the
recipient, a lone capitalised word is taken.
"""

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from language.dates import MONTHS, RELATIVE_DAYS, WEEKDAYS
from language.lemmas import known, proper_noun
from language.locales import LANGS, Lang
from language.markers import MARKER_PATTERNS
from language.names import dictionary_name_entry
from language.numbers import find_numbers
from language.text import fold


class _NameWords(NamedTuple):
    """A language's words that may stand before a recipient's name, written without accents (`_accent_free`)."""

    anywhere: str  # any preposition before a capitalised name
    person: str  # the person prepositions, which also take a lower-case name
    possessive: str  # "my", "minha", "la meva"
    family: str  # a family or friend word: no part of the name ("tia Jenny")


_NAME_WORDS: dict[Lang, _NameWords] = {
    "pt-BR": _NameWords(
        # "mandar 20 reais to maria"; a name taken back in the same breath: "pro pedro... digo, pro joão"
        anywhere=r"pro|pra|pr[ao]|para(?: [oa])?|p/(?: ?[oa])?|ao|à|a|com(?: [oa])?|to|digo,?|quer dizer,?|quis dizer,?"
                 r"|ou melhor,?",
        person=r"pro|pra|para [oa]|p/ ?[oa]|com [oa]|(?:pessoa|nome|contato|destinatario)(?: dela| dele)? (?:e|eh)|e pra"
               r"|e pro|conta d[ao]"  # "deposita 70 na conta da ana"
               r"|(?:em|no) nome d[aoe]|a favor d[aoe]",  # the payee named formally: "em nome de Maria"
        possessive=r"(?:minha|meu|nossa|nosso|a minha|o meu|sua|seu)",
        family=r"tia|tio|prima|primo|irma|irmao|mae|pai|avo|vo|filho|filha|sobrinho|sobrinha|cunhado|cunhada|sogra"
               r"|sogro|amigo|amiga|namorado|namorada|esposa|marido|mulher|chefe|colega|vizinho|vizinha|madrinha|padrinho",
    ),
    "es": _NameWords(
        # "mandale a la María" (Rioplatense), "send 20 to ana", Portunhol "manda 25 pra ana"
        # a name taken back in the same breath: "a juan... digo joão", "a ana, o sea, a maría"
        anywhere=r"a(?: la| el)?|para(?: la| el)?|al|con|to|pra|pro|digo,?|quiero decir,?|quise decir,?|o sea,?"
                 r"|mejor dicho,?",
        person=r"para|con|pra|pro|(?:persona|nombre|contacto|destinatario) es|se llama|es para|cuenta de"
               r"|(?:a|en) nombre de|a favor de",  # the payee named formally: "a nombre de Ana"
        possessive=r"(?:mi|mis|nuestra|nuestro|su)",
        family=r"tia|tio|prima|primo|hermana|hermano|mama|papa|madre|padre|abuela|abuelo|hijo|hija|sobrino|sobrina|cunado"
               r"|cunada|suegra|suegro|amigo|amiga|novio|novia|esposa|esposo|marido|mujer|jefe|jefa|companero|companera"
               r"|vecino|vecina|madrina|padrino",
    ),
    "ca": _NameWords(
        # a name taken back in the same breath: "a la Maria... vull dir, a l'Ana"
        anywhere=r"per a(?: la| l'| el| en| na)?|a(?: la| l'| en| na)?|al|per|amb(?: la| l'| en| na| el)?|dic,?"
                 r"|vull dir,?|volia dir,?|o sigui,?",
        # "al Pedro" (a + el before a man's name, as said outside the standard "a en")
        person=r"per a (?:la|el|en|na)|a (?:la|en|na)|al|amb (?:la|en|na|el)|(?:persona|nom|contacte|destinatari) es"
               r"|es diu|a nom de(?: la| l'| en| na)?|a favor de(?: la| l'| en| na)?",  # "a nom de la Maria"
        possessive=r"(?:la meva|el meu|meva|meu|la nostra|el nostre)",
        family=r"tia|tiet|tieta|oncle|cosi|cosina|germa|germana|mare|pare|avia|avi|fill|filla|nebot|neboda|cunyat|cunyada"
               r"|sogra|sogre|amic|amiga|parella|dona|marit|cap|company|companya|vei|veina|padrina|padri",
    ),
    "en": _NameWords(
        # "oops i meant joao"; Portuguese "pra" in an English message ("can u send 25 pra ana pls")
        # the one owed is the one paid back: "i owe joao like sixty so can you pay him that"
        anywhere=r"to|for|of|send|pay|give|transfer|with|make it|(?:i )?meant|i mean,?|or rather,?|pra|pro|owe|owes",
        person=r"(?:to|pra|pro)(?= [^\W\d_]+['’]?s?(?:[.,!?;]|$| (?:from|with|please|pls|plz|thx|thanks|and|for|in|on|to|now|using|via|today|tomorrow"
               r"|tmrw|tonight)(?!\w)))"
               r"|(?:person|name|recipient|contact|receiver)(?: is|'s)|it'?s for|it is for"
               r"|in the name of|in favou?r of|payable to",  # the payee named formally
        possessive=r"(?:my|our|his|her|their)",
        family=r"aunt|auntie|uncle|cousin|brother|sister|mom|mum|mother|dad|father|grandma|grandpa|grandmother|grandfather"
               r"|son|daughter|nephew|niece|friend|buddy|pal|boyfriend|girlfriend|wife|husband|partner|boss|colleague"
               r"|coworker|neighbor|neighbour|roommate|landlord|landlady|brother-in-law|sister-in-law",
    ),
}
_NEGATED = re.compile(r"(?<!\w)(?:nao|no|not|ni|pas|e nao|y no|i no|and not)\s*$")
# A "no" that opens the message answers what was shown ("nao pra maria" under a preview for Ana is "não, pra Maria"
# typed without its comma), it does not negate the name after it; "not to Tom" and "e não pro Pedro" do.
_NO_OPENING = re.compile(r"\s*(?:nao|no)\s*$")
_NO_CLOSING = re.compile(r"(?<!\w)(?:nao|no)\W*$")  # "nao pro pedro nao": not to Pedro
_ACCENTED = {"a": "aáàâãä", "e": "eéèêë", "i": "iíìîï", "o": "oóòôõö", "u": "uúùûü", "c": "cç", "n": "nñ"}


def _accent_free(pattern: str) -> str:
    """`pattern` (folded, plain letters) matching its words with or without accents: "tia" also finds "tía"."""
    out, in_class, escaped = [], False, False
    for char in pattern:
        if not escaped and not in_class and char in _ACCENTED:
            out.append(f"[{_ACCENTED[char]}]")
            continue
        in_class = (in_class or char == "[") and not (char == "]" and not escaped)
        escaped = char == "\\" and not escaped
        out.append(char)
    return "".join(out)
_NOT_NAMES = frozenset(
    "mim mi me ti voce vc voces ele ela eles elas nos nosotros usted ustedes el ella ellos ell elles vostè "
    "you him her them us my your his our their the a an o os as um uma un una la las los le les lo en na l "
    "this that it me myself someone somebody everyone minha meu sua seu conta poupanca corrente cuenta compte "
    "account accounts savings checking pix today tomorrow yesterday hoje amanha ontem hoy manana ayer avui dema ahir "
    "please por favor yes no sim nao si ok it's its is are was be i we they there here what who which when "
    "transfer send sent pay book reserve make buy get help thanks thank sure okay shoot give move go be do have come "
    "hers his theirs mine yours ours chave clave clau key email e-mail mail celular cel telefone telefono telefon "
    "phone number numero cpf cnpj documento agencia banco bank mesma mesmo same cada each ela dela dele todos todas "
    "all both ambos meva meu nostra nostre mis nuestra nuestro way "
    # chat shorthand: "send 20 pls", "manda 30 pro pedro pfv"
    "pls plz plis thx thnx ty asap tmrw tmr rn btw pfv pfvr pf porfa porfavor vlw obg obgd brigado bjs sisplau agr "
    "dps blz tmj msm dnv hj "
    # demonstratives: "pra essa chave", "a esta clave", "a aquest número", "to this key" point at a key, no name
    "esse essa este esta isso isto aquele aquela aquilo ese esa eso estos estas esses essas aquel aquella aquello "
    "aquest aquesta aquests aquestes aquell aquells aquelles these those "
    # connectives closing a line typed without accents: "ta manda 800 entao", "mandale 50 entonces", "send 50 then"
    "entao entonces pues doncs llavors then so also too tambem tambien tb tbm ai ahi ahora agora ara now mesmo "
    "mismo mateix aqui alla".split()
)
_TITLES = frozenset({"mr", "mrs", "ms", "miss", "dr", "sr", "sra", "srta", "dona", "seu", "don", "senyor", "senyora"})
_CAPITALISED_NAME = r"[A-ZÀ-ÖØ-Þ][\w'’-]*"
_LOWER_NAME = r"[^\W\d_][\w'’-]*"
_LONE_WORD = re.compile(r"[^\W\d_]{2,}")
_WORD_AFTER = re.compile(r"\s+([^\W\d_]{3,})(?![\w'’-])")  # "ja", "so": "já", "só" without accents


# Any language's one-word recipient prepositions are no name in another's reading: "mandar um pix de 40 pra maria"
# read in Spanish has no recipient "Pra".
_PREPOSITIONS = frozenset({"pra", "pro", "pru", "para", "ao", "al", "to", "for", "per", "amb", "con", "com", "with"})
_VERBS = frozenset("mandar pagar transferir enviar fazer comprar depositar agendar enviarle mandarle pagarle fer pagar-li "
                   "enviar-li send pay transfer".split())
_INFINITIVE = re.compile(r"[^\W\d_]{3,}(?:ar|er|ir)$")


@lru_cache(maxsize=8)
def _non_name_words(lang: Lang) -> frozenset[str]:
    """Folded words that are never a recipient: pronouns and the like, day names, marker words, money verbs."""
    words = set(_NOT_NAMES) | set(WEEKDAYS[lang]) | _VERBS | _PREPOSITIONS
    words |= {w for phrase in RELATIVE_DAYS[lang] for w in phrase.split()}
    words |= {p for patterns in MARKER_PATTERNS[lang].values() for p in patterns if p.isalpha()}
    return frozenset(words)


@lru_cache(maxsize=8)
def _recipient_re(lang: Lang) -> re.Pattern[str]:
    """A name after a recipient preposition (overlapping matches, so "transfer to Ana" finds "to Ana"), with an
    optional possessive and family word before it; group `person` is set when a person preposition (which also
    takes a lower-case name) was used, `family` when a family word stood before the name."""
    anywhere, person, possessive, family = (_accent_free(words) for words in _NAME_WORDS[lang])
    titles = "|".join(sorted(_TITLES))
    kin = rf"(?:{possessive} )?(?P<family>(?:{family}),? )"
    return re.compile(
        rf"(?=(?i:(?<!\w)(?:(?P<person>{person})|(?:{anywhere}))(?: |(?<=l')))"
        rf"(?:(?i:{kin})|(?i:{possessive}) (?=[A-ZÀ-ÖØ-Þ]))?(?:(?i:{titles})\.? )?"
        rf"(?P<name>{_LOWER_NAME}(?: (?:d[aeo]s? )?{_CAPITALISED_NAME}){{0,2}}))"
    )


def _clean_name(raw: str, lang: Lang, lower_ok: bool) -> str | None:
    """A recipient name from a candidate: possessive "'s" dropped, trailing non-names dropped, lower case accepted
    only when `lower_ok`; None when it is no name."""
    # an elided Catalan article before the name ("a l'Ana") is none of it, whatever language the chat is read in
    words = [re.sub(r"['’]s?$", "", re.sub(r"^[ld]['’](?=[^\W\d_]{2})", "", w)) for w in raw.split()
             if fold(w).rstrip(".") not in _TITLES]
    kept: list[str] = []
    for word in words:
        if not word or fold(word) in _non_name_words(lang) or find_numbers(word, lang):
            break
        if not (word[0].isupper() or lower_ok and not kept):
            break
        if not word[0].isupper() and (fold(word) in MONTHS[lang] or lang != "en" and _INFINITIVE.fullmatch(fold(word))):
            break  # "pra março", "pra mandar": a lower-case month or verb; "Marc" and "Edgar" are names
        if lang == "en" and fold(word) in MONTHS[lang]:
            break
        kept.append(word if word[0].isupper() else word.capitalize())
    while kept and fold(kept[-1]) in ("da", "de", "do", "das", "dos"):
        kept.pop()
    return " ".join(kept) if kept and len(kept[0]) > 1 else None


def _name_like(word: str, lang: Lang, *, anywhere: bool = False) -> bool:
    """A lower-case word that reads as a name: one no dictionary of `lang` knows ("joao", "mraia"), or one it knows
    as a proper noun only ("ana", "pedro"); with `anywhere`, a proper noun of any of the four languages' too ("pedro"
    is one in Spanish, a common noun in Portuguese)."""
    if not known(word.lower(), lang) or proper_noun(word, lang) or dictionary_name_entry(word, lang):
        return True
    return anywhere and any(proper_noun(word, other) for other in LANGS)


def _inside(start: int, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether `start` falls inside one of `spans`."""
    return any(low <= start < high for low, high in spans)


_VERB_OPENER = re.compile(r"(?:make it|send|pay|give|transfer)\s")
# English names the one paid right after the verb, before the amount: "send maria 25", "pay mom 40".
_EN_VERB_NAME_AMOUNT = re.compile(r"(?i)(?<![\w'])(?:send|pay|give|transfer|wire|pix)\s+([^\W\d_]{2,})\s+(?:r\$\s*)?\d")
# In any language a Pix names the one paid before the amount: "pix maria 30", "pix pro joao 40" has a preposition.
_PIX_NAME_AMOUNT = re.compile(r"(?i)(?<![\w'])pix\s+([^\W\d_]{2,})\s+(?:r\$\s*)?\d")
_MONEY_NOUNS = frozenset({"money", "cash", "bucks", "reais", "real", "brl", "dollars", "it", "them", "him", "her", "me",
                          "us", "back", "again", "another", "only", "just", "like", "about", "around", "over"})


def find_recipient(text: str, lang: Lang, asked_for: bool, money_request: bool,
                   key_spans: Sequence[tuple[int, int]] = (), amount_end: int | None = None,
                   corrects: bool = False) -> str | None:
    """The recipient named in `text` (last one wins); a lone capitalised word if the agent `asked_for` it.

    English "to" is no person preposition by itself ("good to know"), so a lower-case English name is taken only
    in a money request (transfer words or an amount) or when the agent asked for the recipient; the naming phrases
    ("the person is …") and the sharing prepositions ("with", "com") only count there too. Names inside
    `key_spans` (Pix keys, the day said) are never taken. With no preposition, in a money request, a word that
    reads as a name right after the amount (`amount_end`) is the recipient: "pix 70 pedro amanhã"; in English,
    one between the verb and the amount ("send maria 25"). A correction (`corrects`: "wait no make it joao") is
    read as a money request: it changes the one open.
    """
    money_request = money_request or corrects
    in_context = money_request or asked_for
    lower_ok = lang != "en" or in_context
    found = None
    for match in _recipient_re(lang).finditer(text):
        start = match.start("name")
        opener = fold(text[match.start() : start])
        # "not to Tom" names who is not paid; "no, make it joao" says no to what was, then who is
        before = fold(text[: match.start()])
        if _inside(start, key_spans) or (_NEGATED.search(before) and not (
                _NO_OPENING.fullmatch(before) and not _NO_CLOSING.search(fold(text)))
                                         and not _VERB_OPENER.match(opener)):
            continue
        if not in_context and re.search(r"(?<!\w)(?:com|con|with|amb|is|es|e|eh|diu|llama)(?!\w)", opener):
            continue
        first_word = match.group("name").split()[0].lower()
        # in a money request, a lower-case word no dictionary of the language knows after "a" is a name too
        # ("transferile 20 a maria", "mandale 15 a joao", "send pedro 20 bucks"); "a las 3", "a mi hermana",
        # "pay 30 for rent" are known words
        unknown = (money_request or asked_for) and _name_like(first_word, lang, anywhere=True)
        lower = lower_ok and bool(match.group("person") or match.group("family") or unknown)
        if name := _clean_name(match.group("name"), lang, lower):
            found = name
    if found is None and asked_for:
        for match in re.finditer(rf"(?<!\w){_CAPITALISED_NAME}(?: (?:d[aeo]s? )?{_CAPITALISED_NAME}){{0,2}}", text):
            if not _inside(match.start(), key_spans) and (found := _clean_name(match.group(), lang, False)):
                break
    if found is None and money_request and amount_end is not None:
        after = _WORD_AFTER.match(text, amount_end)
        if after and not _inside(after.start(1), key_spans) and _name_like(after.group(1), lang, anywhere=True):
            found = _clean_name(after.group(1), lang, True)
    if found is None and money_request and lang == "en":
        named = _EN_VERB_NAME_AMOUNT.search(text)
        if named and fold(named.group(1)) not in _MONEY_NOUNS and not _inside(named.start(1), key_spans):
            found = _clean_name(named.group(1), lang, True)
    if found is None and money_request and (named := _PIX_NAME_AMOUNT.search(text)) and not _inside(
            named.start(1), key_spans) and _name_like(named.group(1), lang, anywhere=True):
        found = _clean_name(named.group(1), lang, True)  # "pix maria 30": a name between "pix" and the amount
    if found is None and asked_for:  # "ana" typed alone as the answer: a word that reads as a name
        lone = text.strip(" .,;:!?")
        if _LONE_WORD.fullmatch(lone) and _name_like(lone, lang):
            found = _clean_name(lone, lang, True)
    return found
