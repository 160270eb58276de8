"""How many people: the party size in a school message (rules of the built-in perceiver).

* A number before a people or ticket word ("3 personas", "two tickets", "4 economy bus tickets", "3 of us"); counts
  joined by "and/e/y/i" add up ("2 adultos y 1 niño" is 3).
* A number after a party preposition ("para/pra/for/per a/party of/somos/som/we are") when what follows is the
  end, a punctuation mark or a word that cannot be the number's noun (a time, a day, "from", "to", "there").
* "Just me" / "só eu" / "solo yo" / "només jo" is 1; "me and my wife" / "pra mim e minha esposa" is 2.
* A bare number when the agent asked for the party size and the message says nothing else countable.

Not a party size: a number inside the time or an amount; an ordinal; "one" as a pronoun ("search for one", "one of
them won't come"); "one way"; the "one/um/una" of a unit-price question ("How much is one ticket?", "quanto custa
um ingresso?", "cuánto cuesta una entrada?").
"""

import re
from collections.abc import Sequence
from functools import lru_cache

from language.lemmas import lemma_readings, lemmas
from language.locales import Lang
from language.numbers import NumberMention, find_numbers
from language.text import fold, whole_words

PEOPLE_WORDS = (r"pessoas?|personas?|persones|people|peope|ppl|persons?|pax|adultos?|adults?|guests?|tickets?|tickts?"
                r"|ingressos?|entradas?|entrades|seats?|spots?|lugares|places|plazas?|bilhetes?|boletos?|billetes?|alunos?"
                r"|alumnos?|passengers?|passageiros?|pasajeros?|passatgers?|riders?|travell?ers?|viajantes?|viajeros?"
                r"|criancas?|ninos?|ninas?|nens?|nenes?|kids?|children|child|filhos?|hijos?|fills?"
                r"|amig[oa]s?|amics?|amigues|friends?|colegas?|companys?|companyes")
_PARTY_BEFORE = (r"(?:para|pra|pro|pa|for|per a|per|party of|group of|grupo de|grup de|somos|som|seremos|we are|we're"
                 r"|we will be|just|only|(?:can|could|shall) we do|let'?s do|table for|reservation for|booking for|reserva para|mesa para|make it|change to|change it to"
                 r"|number of (?:people|tickets|seats) (?:is|to)|numero de (?:pessoas|personas|persones) (?:e|es)|total of"
                 r"|a total of)")
# Chat fillers and thanks that may close a party said last ("para dos ok?", "per a 3 merci", "for 2 ty"): the
# number still ends the thought.
_PARTY_COURTESY_WORDS = (r"ok|okay|okey|oki|vale|dale|gracias|grax|gracies|merci|merces|obrigad[oa]|valeu|vlw"
                         r"|porfa|porfi|pfv|pf|plis|pls|ty|thank you|cheers|sisplau|xfa|x favor")
_PARTY_FOLLOWS = (r"\s*(?:[,.!?;]|$|(?:at|on|in|for|please|pls|plz|thx|thanks|tonight|today|tomorrow|this|next|and|y|e|people|as|a las|as|a les"
                  r"|de|del|el|la|no|hoje|amanha|manana|dema|avui|hoy|por favor|si us plau|instead|from|to|there|too"
                  r"|going|leaving|departing|travell?ing|only|that|who|with|if|so|but|would|will|is|are|i|we|desde|hasta"
                  r"|a partir|des de|fins|pra|pro|para|per|na|no|nos|em|en|com|con|amb|then|together|total|in total|again"
                  r"|o|a|ao|al|els|les|los|las|of them|the|day after|dema passat|pasado manana|depois de amanha"
                  r"|nomas|nada mas|solamente|solo|apenas|somente|nomes|just|actually|ahora|agora|ara|now"
                  r"|sol|sola|sols|soles|sozinh[oa]s?|alone|on my own"  # "i per a 1 sol?": the one alone
                  r"|d'aqui|d'aca|dintre|dins|dentro|daqui|within"
                  rf"|{_PARTY_COURTESY_WORDS})(?!\w))")
_WITH = re.compile(r"(?<!\w)(?:con|with|amb|com)(?: (?:mis|my|els meus|les meves|meus|minhas))?\s$")
_COMPANIONS = re.compile(r"(?<!\w)(?:amig[oa]s?|amics?|amigues|friends?|kids?|children|hij[oa]s?|filh[oa]s?|fills?"
                         r"|filles|nens?|nenes?|ninos?|ninas?|criancas?|colegas?|companys?|companyes)(?!\w)")
_OF_US = r"\s(?:of us|de nosotros|de nos|de nosaltres|of them|de ellos|deles|d'ells)(?!\w)"
_ALONE = {
    "pt-BR": r"(?:so|somente|apenas) eu|eu sozinh[oa]|so pra mim|so para mim",
    "es": r"solo yo|solamente yo|yo sol[oa]|solo para mi|solo para mí",
    "ca": r"nomes jo|jo sol[a]?|nomes per a mi",
    "en": r"just me|only me|just myself|me alone|just for me|only for me|just one person",
}
_ONE_OTHER: dict[Lang, str] = {  # one companion named by a singular family or friend word
    "pt-BR": r"(?:minha|meu) (?:esposa|marido|mulher|namorad[oa]|filh[oa]|mae|pai|irma|irmao|amig[oa]|parceir[oa]|noiv[oa]"
             r"|prim[oa]|sobrinh[oa]|tio|tia|cunhad[oa])",
    "es": r"(?:mi) (?:esposa|esposo|marido|mujer|novi[oa]|hij[oa]|mama|papa|madre|padre|herman[oa]|amig[oa]|pareja"
          r"|prim[oa]|sobrin[oa]|tio|tia|cunad[oa])",
    "ca": r"(?:la meva|el meu) (?:dona|marit|parella|xicot|xicota|fill|filla|mare|pare|germa|germana|amic"
          r"|amiga|cosi|cosina|nebot|neboda|oncle|tia|cunyat|cunyada)",
    "en": r"my (?:wife|husband|partner|boyfriend|girlfriend|fiance|fiancee|son|daughter|kid|mom|mum|dad|mother|father"
          r"|brother|sister|friend|buddy|cousin|nephew|niece|uncle|aunt)",
}
# One more friend said with an indefinite article ("un amigo", "a friend"), a companion as well.
_A_FRIEND: dict[Lang, str] = {
    "pt-BR": r"(?:um|uma) (?:amig[oa]|colega)", "es": r"(?:un|una) (?:amig[oa]|colega)",
    "ca": r"(?:un|una) (?:amic|amiga|company|companya)", "en": r"(?:a|one) (?:friend|buddy|mate|colleague)",
}
# Someone named coming along: a verb of coming or joining (by lemma; Rioplatense "se prende") and one companion
# ("ve la meva germana tb", "viene mi primo también", "my sister is coming too", "se prende un amigo").
_COMING: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"vir", "juntar", "somar", "entrar"}),
    "es": frozenset({"venir", "sumar", "unir", "agregar", "apuntar", "anotar", "prender"}),
    "ca": frozenset({"venir", "afegir", "sumar", "apuntar", "unir"}),
    "en": frozenset({"come", "coming", "join", "tag"}),
}
_WITH_ONE = {  # the customer and one companion: "eu e minha esposa", "con mi novia", "with my wife"
    "pt-BR": (r"(?:eu|mim) e (?:a |o )?{other}", r"{other} e eu", r"(?:com|junto com) (?:a |o )?{other}"),
    "es": (r"(?:yo|mi) y {other}", r"{other} y yo", r"(?:con|junto con|junto a) {other}"),
    "ca": (r"(?:jo|mi) i {other}", r"{other} i jo", r"(?:amb|juntament amb) {other}"),
    "en": (r"(?:me|i) and {other}", r"{other} and (?:me|i|myself)", r"(?:with|along with) {other}"),
}
_PRICE_QUESTION = re.compile(r"(?<!\w)(?:how much|price|cost|costs|quanto (?:custa|sai|e|fica)|preco|valor"
                             r"|cuanto (?:cuesta|sale|vale|es)|precio|quant (?:costa|val|es)|preu)(?!\w)")
_PRONOUN_ONE = re.compile(r"(?<!\w)(?:search for|searching for|look for|looking for|find|finding|the)\s*$")
_ONE_OF_US_CANNOT = re.compile(r"\s+of (?:us|them) (?:won't|can't|isn't|is not|will not|cannot|doesn't|does not)(?!\w)")
_ONLY_BEFORE = re.compile(r"(?<!\w)(?:just|only|solo|solamente|nomes|apenas|somente)\s+$")  # "only one of us is coming"
_ONE_WORDS = frozenset({"one", "um", "uma", "un", "una", "u"})
_JOIN = re.compile(r"\s*(?:,|and|e|y|i|plus|mais)?\s*")
# A verb of being, going or coming said of the group right before the number ("seremos 3", "vamos em 4", "anirem
# dos", "al final vamos a ser 4", "we'll be four"), read by lemma; a time or an amount after it is no party (the
# number must end the thought: `_PARTY_FOLLOWS`).
# A group said by its noun and its size ("a family of four", "un grupo de seis", "una colla de 5", "uma família de
# três"): the party, whatever words follow.
_GROUP_OF = re.compile(r"(?<!\w)(?:family|group|party|familia|grupo|grup|colla|turma)\s(?:of|de)\s$")
_NOT_PEOPLE = re.compile(r"\s*(?:dias?|days?|dies|horas?|hours?|hores|h|semanas?|weeks?|setmanes)(?!\w)")
_GROUP_VERBS: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"ser", "ir", "vir"}), "es": frozenset({"ser", "ir", "venir"}),
    "ca": frozenset({"ser", "anar", "venir"}), "en": frozenset({"be", "come", "go", "we're"}),  # no lemma for "we're"
}
_BRIDGE = frozenset({"em", "a", "en", "to", "gonna", "going", "all", "todos", "tots",
                     # an adverb between the verb and the number: "we're actually 5", "somos ahora 3", "som ara 4"
                     "actually", "really", "now", "finally", "ahora", "realmente", "finalmente", "agora", "ara",
                     "realment", "finalment",
                     # or restricting it: "ara som només dos", "somos solo 3", "we're just 2 now"
                     "only", "just", "solo", "solamente", "nomas", "nomes", "apenas", "somente"})
# typed without the apostrophe too, as on a phone keyboard: "were actually 5" ("we're"), "well be 4" ("we'll be")
_WE = re.compile(r"(?<![\w'])(?:we|we're|were|we'll|well(?= be)|we'd|there'll|there's|theres|there|it's|it'll)(?![\w'])")
# "eu e mais dois", "me plus two", "yo y dos más": the customer and that many more
_ME_PLUS: dict[Lang, str] = {  # "me and my 2 kids", "yo y mis dos hijos": the customer and that many more
    "pt-BR": r"(?:eu|mim) (?:e )?(?:mais|meus|minhas|os meus|as minhas)\s$",
    "es": r"(?:yo|mi) (?:y )?(?:otros|otras|mis)?\s?$|(?:yo|mi) mas\s$",
    "ca": r"(?:jo|mi) (?:i )?(?:uns altres |unes altres )?mes\s$|(?:jo|mi) i (?:els meus |les meves )?$",
    "en": r"(?:me|i|myself) (?:plus|and)(?: my)?\s$",
}


@lru_cache(maxsize=8)
def _patterns(lang: Lang) -> tuple[re.Pattern[str], ...]:
    """(people word after a number, party preposition before a number, what may follow such a number, alone,
    me-and-one-more)."""
    return (
        re.compile(rf"\s(?:(?!(?:to|from|for|at|on|in|de|para|pra|per|and|or|e|y|i|ou|o|but|many|of|with)\s)[^\W\d]+\s){{0,3}}(?:{PEOPLE_WORDS})(?!\w)|{_OF_US}"),
        # "para los cuatro", "pra nós quatro", "per als tres", "for the two": the group said with its article or
        # pronoun ("las/as/les" are left out: "para las 4" is a time)
        re.compile(rf"(?<!\w){_PARTY_BEFORE}(?:\s(?:los|os|els|als|nosotros|nosotras|nos|nosaltres|the))?\s$"),
        re.compile(_PARTY_FOLLOWS),
        re.compile(whole_words(_ALONE[lang])),
        re.compile(whole_words("|".join(p.format(other=_ONE_OTHER[lang]) for p in _WITH_ONE[lang]))),
    )


def _outside(number: NumberMention, spans: list[tuple[int, int]]) -> bool:
    """Whether `number` overlaps none of `spans`."""
    return all(number.end <= start or number.start >= end for start, end in spans)


def _unit_price_one(number: NumberMention, folded: str) -> bool:
    """"one ticket" in a price question, "one" as a pronoun, "one way": no party of one."""
    if fold(number.raw) == "ones":
        return True
    if fold(number.raw) not in _ONE_WORDS and number.raw != "1":
        return False
    if re.match(r"\s*(?:way|-way)(?!\w)", folded[number.end :]) or _ONE_OF_US_CANNOT.match(folded, number.end) or (
            re.match(_OF_US, folded[number.end:]) and not _ONLY_BEFORE.search(folded[:number.start])):
        return True  # "one way", "one of us won't be available", "one of us is sick": no party of one
    return bool(_PRICE_QUESTION.search(folded) or _PRONOUN_ONE.search(folded[max(0, number.start - 40) : number.start]))


def _said_of_the_group(before: str, lang: Lang) -> bool:
    """Whether the words before a number end in a verb of being, going or coming ("seremos", "vamos em", "we'll
    be"); in English only after "we"/"there" (not "it is 3")."""
    words = re.findall(r"[\w'·]+", before)[-4:]
    while words and words[-1] in _BRIDGE:
        words.pop()
    if not words or not (_GROUP_VERBS[lang] & lemma_readings(words[-1], lang)):  # "seriamos": "seríamos"
        return False
    return lang != "en" or bool(_WE.search(" ".join(words[-3:])))


_SMALL = {"one": 1, "um": 1, "uma": 1, "un": 1, "una": 1, "uno": 1, "another": 1, "otro": 1, "otra": 1, "outro": 1,
          "outra": 1, "altre": 1, "altra": 1, "two": 2, "dos": 2, "dois": 2, "duas": 2, "dues": 2, "three": 3, "tres": 3}
_N = r"(\d{1,2}|" + "|".join(_SMALL) + ")"
_PERSON = (r"(?:persona|personas|pessoa|pessoas|persones|person|people|friend|friends|amigo|amiga|amigos|amigas|amic"
           r"|amics|amigues)")
# People joining a group already said: "one more person is joining", "se suma uno más", "ve una persona més", "vai
# mais uma pessoa", "plus one": how many to add to it, never a party of that many.
_ADDED: dict[Lang, str] = {
    "pt-BR": rf"mais {_N}(?: {_PERSON})?|{_N} {_PERSON} a mais|{_N} a mais",
    "es": rf"{_N}(?: {_PERSON})? mas|se (?:suma|suman|une|unen|agrega|agregan|anota|anotan|apunta|apuntan) {_N}",
    "ca": rf"{_N}(?: {_PERSON})? mes|s'hi (?:afegeix|afegeixen|apunta|apunten|suma|sumen) {_N}",
    "en": rf"{_N} (?:more|extra)(?: {_PERSON})?|{_N} {_PERSON} (?:is |are )?(?:joining|coming too)"
          rf"|(?:another|an extra) {_PERSON}",
}


def find_party_added(folded: str, lang: Lang) -> int | None:
    """How many people join a group already said (`_ADDED`), or None."""
    match = re.search(rf"(?<![\w']){_ADDED[lang]}(?![\w'])", folded)
    if match is None:
        return None
    said = next((value for value in match.groups() if value), "one")
    return int(said) if said.isdigit() else _SMALL.get(said, 1)


# People leaving a group already said: "one of us can't come", "uno no puede venir", "un no pot venir", "um não vai
# poder ir", "one less", "una persona menos", "un menys", "um a menos": how many to take from it, never a party of
# that many. A verb of being able or coming in the third person, negated, after the number (a time said before it,
# "a las 9 no puede ser", is no one leaving: the caller leaves the time's words out).
# (or gave up their place: "one of my friends dropped out", "uno se bajó", "un s'ha desapuntat", "um desistiu")
_CANNOT: dict[Lang, str] = {
    "pt-BR": r"(?:(?:ja )?nao (?:pode|podem|vai|vao|vem|vem mais|consegue|conseguem|podera|poderao)(?! ser)"
             r"|desistiu|desistiram|saiu|sairam)",
    "es": r"(?:(?:ya )?no (?:puede|pueden|podra|podran|viene|vienen|va|van|vendra|vendran)(?! ser)"
          r"|se (?:bajo|bajaron|borro|borraron|desapunto|desapuntaron|cayo|cayeron|raja|rajo))",
    "ca": r"(?:(?:ja )?no (?:pot|poden|podra|podran|ve|venen|vindra|vindran|va|van)(?! ser)"
          r"|s'ha (?:despenjat|desapuntat|donat de baixa)|s'han (?:despenjat|desapuntat)|es desapunta|es despenja)",
    "en": r"(?:(?:can't|cant|cannot|can not|won't|wont|will not|isn't|isnt|is not|couldn't|couldnt|doesn't|doesnt"
          r"|can no longer)(?! be)|dropped out|drops out|bailed|backed out|pulled out)",
}
_OF_US_WORDS = (r"(?: (?:of us|of them|de nosotros|de nosotras|de nos|de nosaltres|dels nostres|person|persona|pessoa"
                r"|of my (?:friends|mates|kids|group)|of the (?:group|kids)|de mis (?:amigos|amigas|hijos|colegas)"
                r"|del grupo|dels meus (?:amics|fills)|de les meves amigues|del grup|dos meus (?:amigos|filhos)"
                r"|das minhas amigas|do grupo))?")
_REMOVED: dict[Lang, str] = {
    "pt-BR": rf"{_N}{_OF_US_WORDS} {_CANNOT['pt-BR']}|{_N}(?: {_PERSON})? a menos|menos {_N}(?: {_PERSON})?",
    "es": rf"{_N}{_OF_US_WORDS} {_CANNOT['es']}|{_N}(?: {_PERSON})? menos",
    "ca": rf"{_N}{_OF_US_WORDS} {_CANNOT['ca']}|{_N}(?: {_PERSON})? menys",
    "en": rf"{_N}{_OF_US_WORDS} {_CANNOT['en']}|{_N}(?: {_PERSON})? (?:less|fewer)",
}


def find_party_removed(folded: str, lang: Lang, taken: Sequence[tuple[int, int]] = ()) -> int | None:
    """How many people leave a group already said (`_REMOVED`), or 1 when one companion is said not to come
    ("la meva germana no pot venir", "my wife can't make it"); None otherwise. A number inside `taken` (the time's
    and the day's words) is none."""
    for match in re.finditer(rf"(?<![\w']){_REMOVED[lang]}(?![\w'])", folded):
        group = next(index for index, value in enumerate(match.groups(), start=1) if value)
        if any(match.start(group) < end and start < match.end(group) for start, end in taken):
            continue
        said = match.group(group)
        return int(said) if said.isdigit() else _SMALL.get(said, 1)
    companion = re.search(rf"(?<![\w'])(?:{_ONE_OTHER[lang]}|{_A_FRIEND[lang]}) {_CANNOT[lang]}", folded)
    return 1 if companion else None


_NEGATED = re.compile(r"(?<![\w'])(?:no|not|nao|never|nunca|mai|cannot|can't|cant|won't|wont|isn't|isnt)(?![\w'])")


def find_companion_joining(folded: str, lang: Lang) -> int | None:
    """1 when the message says one companion comes along (`_COMING` and a companion of `_ONE_OTHER`/`_A_FRIEND`),
    else None. Read only when no party size is said: "vindrem jo i la meva germana" is a party of 2."""
    if not _COMING[lang] & set(lemmas(folded, lang)) or _NEGATED.search(folded):  # "no pot venir": one less
        return None
    return 1 if re.search(rf"(?<![\w']){'(?:' + _ONE_OTHER[lang] + '|' + _A_FRIEND[lang] + ')'}(?![\w'])", folded) else None


# The customer and one person named: "l'Anna i jo", "Pedro y yo", "eu e a Ana", "sarah and i".
_NAMED_AND_ME: dict[Lang, str] = {
    "pt-BR": r"(?:a |o )?([^\W\d_]+) e eu|eu e (?:a |o )?([^\W\d_]+)",
    "es": r"([^\W\d_]+) y yo|yo y ([^\W\d_]+)",
    "ca": r"(?:l'|en |na |la |el )?([^\W\d_]+) i jo|jo i (?:l'|en |na |la |el )?([^\W\d_]+)",
    "en": r"([^\W\d_]+) and (?:i|me)|(?:i|me) and ([^\W\d_]+)",
}


def _with_one_named(text: str, folded: str, lang: Lang) -> bool:
    """Whether the customer says they come with one person named (`_NAMED_AND_ME`): the name capitalised as typed or
    a proper noun of the language."""
    from language.lemmas import proper_noun_unaccented

    for match in re.finditer(rf"(?<![\w']){_NAMED_AND_ME[lang]}(?![\w'])", folded):
        group = 1 if match.group(1) else 2
        name = match.group(group)
        if text[match.start(group):match.start(group) + 1].isupper() or proper_noun_unaccented(name, lang):
            return True
    return False


# The people a booking is for, named one by one after a party preposition: "per a mi" (1), "per a la meva filla i per
# a mi", "para mim e meu filho", "for my wife and me" (2), "pra mim, a Júlia e o Rafa", "for me, tom and sarah" (3).
# Each person named counts one: the customer's own pronoun, a singular family or friend word (`_ONE_OTHER`, with its
# article), "a friend" (`_A_FRIEND`), a first name (`_NAME_ARTICLE`, then a word capitalised as typed or a proper noun
# of the dictionaries); joined by "and"/a comma, the preposition repeated or not. A plural ("para mis hijos"), "us"
# or anything else after it: no count; first names alone, only when two or more ("for Tom and Sarah").
_FOR: dict[Lang, str] = {"pt-BR": r"para|pra|pro|pa", "es": r"para|pa", "ca": r"per a|per|pera", "en": r"for"}
_ME: dict[Lang, str] = {"pt-BR": r"mim|eu", "es": r"mi|mí|yo", "ca": r"mi|jo", "en": r"me|myself"}
_AND: dict[Lang, str] = {"pt-BR": r",|e", "es": r",|y|e", "ca": r",|i", "en": r",|and|&"}
_ARTICLE: dict[Lang, str] = {"pt-BR": r"(?:a |o )?", "es": r"", "ca": r"", "en": r""}
_NAME_ARTICLE: dict[Lang, str] = {"pt-BR": r"(?:a |o )?", "es": r"(?:a |la |el )?",
                                  "ca": r"(?:l'|la |el |en |na )?", "en": r""}
_NOT_A_NAME = frozenset({"mi", "mim", "ti", "si", "el", "la", "las", "los", "lo", "le", "les", "un", "una", "um", "uma",
                         "me", "you", "him", "her", "them", "us", "my", "your", "the", "a", "o", "eu", "yo", "jo", "i"})


def _day_word(word: str, lang: Lang) -> bool:
    """Whether folded `word` names a weekday, a month or a relative day ("Monday", "Mañana")."""
    from language.dates import MONTHS, RELATIVE_DAYS, WEEKDAYS

    return word in WEEKDAYS[lang] or word in MONTHS[lang] or any(word in phrase.split() for phrase in RELATIVE_DAYS[lang])


def _first_name(text: str, folded: str, position: int, lang: Lang,
                taken: Sequence[tuple[int, int]], after_me: bool = False) -> re.Match[str] | None:
    """A first name at `position` (its article included): capitalised as typed, or a proper noun of the language's
    dictionary ("tom", "sarah") or of every dictionary knowing it, or (`after_me`: right after "for me and") a word
    of three letters or more no dictionary of the language knows ("pra mim e o kaio", "per a mi i en jordi"); a
    pronoun, a word of the day or the time (inside `taken`), or a day or month word (capitalised, only in English)
    is none."""
    from language.lemmas import known_unaccented, proper_noun_unaccented
    from language.names import name_in_every_dictionary

    match = re.compile(rf"{_NAME_ARTICLE[lang]}([^\W\d_]{{2,}})(?![\w'])").match(folded, position)
    if match is None or match.group(1) in _NOT_A_NAME or any(
            match.start(1) < end and start < match.end(1) for start, end in taken):
        return None
    typed = text[match.start(1):match.end(1)] if len(text) == len(folded) else ""
    if _day_word(match.group(1), lang) and (lang == "en" or not typed[:1].isupper()):
        return None  # "for me and Monday"; but "en Marc" (Catalan "març" is written in lower case)
    if typed[:1].isupper() or proper_noun_unaccented(match.group(1), lang) or name_in_every_dictionary(
            match.group(1), ("pt-BR", "es", "ca", "en")):
        return match
    if after_me and len(match.group(1)) >= 3 and (
            not known_unaccented(match.group(1), lang) or lang == "ca" and match.group(0)[:3] in ("en ", "na ")):
        # "for me and jax": a word that is no word of the language, named beside the customer; in Catalan "en" and
        # "na" before it are the article of a person's name ("per a mi i en pol")
        return match
    return None


@lru_cache(maxsize=8)
def _named_people(lang: Lang) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(one person named, what joins two of them: "and" with the party preposition again or not)."""
    person = rf"{_ARTICLE[lang]}(?:{_ONE_OTHER[lang]}|{_A_FRIEND[lang]})|(?:{_ME[lang]})"
    return (re.compile(rf"(?:{person})(?![\w'])"),
            re.compile(rf"\s*(?:{_AND[lang]})\s*(?:(?:{_FOR[lang]})\s+)?(?=\w)"))


def find_people_named(folded: str, lang: Lang, text: str = "", taken: Sequence[tuple[int, int]] = ()) -> int | None:
    """How many people the booking is said to be for by naming them (above), or None. `text` (as typed, `folded`
    folded from it) tells a first name by its capital; no first name inside `taken` (the day's and time's words)."""
    person, joined = _named_people(lang)

    me = re.compile(rf"(?:{_ME[lang]})$")

    def one(position: int, after_me: bool = False) -> tuple[re.Match[str] | None, bool]:  # (the person, by a name)
        if named := person.match(folded, position):
            return named, False
        return _first_name(text, folded, position, lang, taken, after_me), True

    for start in re.finditer(rf"(?<![\w'])(?:{_FOR[lang]})\s+", folded):
        count, names, position = 0, 0, start.end()
        named, by_name = one(position)
        while named:
            count, names, position = count + 1, names + by_name, named.end()
            if not (join := joined.match(folded, position)):
                break
            named, by_name = one(join.end(), after_me=not by_name and bool(me.match(named.group(0))))
            if named:
                position = join.end()
        if count == names == 1:
            continue  # "para Ana": a name alone may be whom the booking is for, or not a person at all
        if count and not re.match(r"\s*(?:mes|mais|más|mas|more|plus)?\s*\d", folded[position:]) and \
                not re.match(r"\s+(?:y|e|i|and)\s+(?:mis|meus|minhas|els meus|les meves|my|our|nuestros)\s", folded[position:]):
            return count  # "para mim e meus filhos": the plural is not counted here
    return None


# "x 3", "x3" after a booking request: the party's size ("reserva raquetes dijous 9h x 3", "a les 9 x 3"); the
# school has no sizes to multiply, and a figure glued before it ("2x3") is none.
_TIMES_N = re.compile(r"(?<![\w.,])[x×]\s?(\d{1,2})(?![\w.,:])")


def _times_party(folded: str, taken: list[tuple[int, int]]) -> int | None:
    """The N of an "x N" said outside `taken`, or None."""
    for match in _TIMES_N.finditer(folded):
        if all(match.end() <= start or match.start(1) >= end for start, end in taken) and 1 <= int(match.group(1)) <= 50:
            return int(match.group(1))
    return None


def find_party_size(text: str, folded: str, lang: Lang, taken: list[tuple[int, int]], asked_for: bool) -> int | None:
    """The party size said in `text` (see module docstring); numbers inside `taken` spans are skipped."""
    after, before, follows, alone, with_one = _patterns(lang)
    numbers = [n for n in find_numbers(text, lang) if not n.ordinal and _outside(n, taken) and 1 <= n.value <= 200]
    found: int | None = None
    counted_end: int | None = None  # end of the last "<number> <people word>", to add "2 adults and 2 kids"
    for number in numbers:
        if _unit_price_one(number, folded):
            continue
        preposition = before.search(folded[max(0, number.start - 30) : number.start])
        if people := after.match(folded, number.end):
            joined = found is not None and counted_end is not None and _JOIN.fullmatch(folded[counted_end : number.start])
            found = found + int(number.value) if joined and found is not None else int(number.value)
            if not joined and _WITH.search(folded[max(0, number.start - 12): number.start]) and _COMPANIONS.search(
                    people.group()):
                found += 1  # "con 2 amigos", "with my 2 kids": the customer and them
            counted_end = people.end()
        elif _GROUP_OF.search(folded[max(0, number.start - 20): number.start]) and not _NOT_PEOPLE.match(
                folded, number.end):
            found, counted_end = int(number.value), None  # "a family of four looking to…": whatever follows
        elif preposition and follows.match(folded, number.end):
            found, counted_end = int(number.value), None
        elif _said_of_the_group(folded[max(0, number.start - 40): number.start], lang) and follows.match(
                folded, number.end):
            found, counted_end = int(number.value), None
        elif not follows.match(folded, number.end):
            continue
        if re.search(_ME_PLUS[lang], folded[max(0, number.start - 20): number.start]):
            found, counted_end = int(number.value) + 1, None  # "eu e mais dois", "me plus two friends": three
    if found is None:
        found = _times_party(folded, taken) or find_people_named(folded, lang, text, taken)
    if found is None and (with_one.search(folded) or _with_one_named(text, folded, lang)):
        found = 2
    if found is None and alone.search(folded):
        found = 1
    if found is None and asked_for:
        left = [n for n in numbers if not _unit_price_one(n, folded)]
        if len(left) == 1:
            found = int(left[0].value)
    return found
