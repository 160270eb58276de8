"""Words of each language that start a sentence capitalised without being a name ("Your", "Perfeito", "Listo",
"Entesos"): the name reader (`guards.facts.names_in`) skips them there. Folded (lower case, no accents).

Function words (articles, pronouns, determiners, prepositions, conjunctions, adverbs), the greetings, thanks and
acknowledgements a reply opens with, and the verbs and nouns of banking, booking and shopping a sentence starts
with. A name of a person or a place that is also such a word ("Rose", "Bill") is read as a word at a sentence's
start only; inside a sentence a capital makes it a name.
"""

from __future__ import annotations

import re
from functools import lru_cache

from language.lemmas import known
from language.locales import Lang

_EN = """
a about above absolutely according actually additionally after afternoon again ah alas all alright also although
always an and another any anything apologies are as at available awesome bad based be because before being below
best better between booking both bus but by calendar can can't cannot certainly check cheers class come confirm
confirmation congratulations congrats could date day dear definitely did do does doing don't done due during each
either else enjoy enough even evening event events every everything excellent except fantastic few fine first
flight following for found from fun further glad go going good goodbye got great greetings had happy has have
having he hello help her here hey hi his hmm hold hope hotel how however i'd i'll i'm i've if in indeed instead is
it it's its just kindly last let let's like likewise look looks lovely many may maybe me meanwhile morning most
movie much my nah near need nevertheless new next nice night no nobody none nope nor not note nothing now of oh ok
okay on once one only or order other otherwise our out over payment perfect perhaps please pleasure price provide
really regarding remember reservation restaurant ride right room see seems shall she should since so some someone
something sorry sounds sure thank thanks that that's the their them then there there's these they this those
though through thus time to today tomorrow total transfer transaction unfortunately until unless up upon us use
very want was we we'll we're we've welcome well were what what's when where whether which while who whom whose why
will with within without wonderful would wow yeah yes yet you you'd you'll you're you've your yours alright
book booked reserve reserved schedule scheduled send sent pay paid done purchase purchased buy bought tickets ticket
ok balance account amount money funds cost fare rating address phone number location ref reference
warranty guarantee code receipt order summary details note important total only
never always already still also just even ever both each either neither none other another two three four five
city town state area type kind cuisine food music movie show game concert event venue hotel flight bus train car
house apartment salon doctor dentist therapist stylist appointment class lesson course activity trip ride taxi
name phone email message call text reply tap click press choose select enter pick visit open approve decline
accept reject cancel yes no hi hello dear sir madam
problem problems correct correctly incorrect wrong category categories system systems number numbers bye goodbye dude
man guys folks friend buddy sorry excuse pardon try tell say ask answer question questions information info detail
details option options choice choices result results search list menu service services support customer team staff
manager agent operator office store shop market mall center centre street avenue road drive station airport
terminal gate floor suite unit building downtown uptown north south east west northern southern eastern western
great good nice fine best better lovely beautiful wonderful amazing awesome cool sweet super happy glad sad
cheap expensive moderate free paid open closed available busy full empty early late soon later morning noon
afternoon evening night weekend week month year today tomorrow yesterday tonight live music
would shall might must also
she's he's they're we're there're here's thats theres heres whats around about approximately play playing played
give call called named titled by from take care keep have has ha haha lol song songs album albums band bands pop
rock jazz artist procedure concert concerts cinema art arts theater theatre sports sport games diner stars star
category categories events date dates location locations city cities town booking bookings reservation
reservations ticket tickets appointment appointments rating ratings phone number address best top
yesterday gotcha bon appetit
return returns returning leave leaves leaving depart departs departing arrive arrives arriving
cab cabs such everyone everybody anyone anybody somebody how's who's where's when's why's
degree degrees percent
""".split()
_PT = """
a ao aos aqui as assim ate boa bom bem claro com como conforme contudo da das de desculpa desculpe deu do dos e ela
ele eles em enquanto entao entretanto era esse essa essas esses esta estamos estao este estou eu excelente feito
ficou foi hoje infelizmente isso isto ja la lamento logo mais mas me meu minha muito na nao nas nem no nos nossa
nosso o obrigada obrigado oi ola onde ops opa os ou para pelo pela perfeito pode podemos por porem posso pois
pronto quando qual quais que quer quem se seu sua sem sim sobre so tambem tudo um uma voce voces vou vamos
beleza certo combinado aguarde confirme confirmado confirmada enviado enviada agendado agendada seu sua
transferencia pagamento reserva pix saldo valor conta aula horario data dia garantia ref referencia
protocolo codigo comprovante pedido vaga mesa ingresso total resumo detalhes atencao importante
ainda ate apos antes depois agora aqui ali cada tambem nada ninguem nenhum nenhuma outro outra outros dois duas tres
quatro cinco seu sua seus suas teu tua este esta isto aquele aquela confirma confirme responda responde escolha
escolhe envie envia digite digita toque toca clique clica paga pague pago acesse acessa veja ve olha olhe informe
informa mande manda passe passa fale fala espere espera aguarde lembre lembrando atenciosamente abraco abracos
ate logo tchau valeu pronto prontinho otimo show massa legal entendi entendido perfeito combinado fechado
ontem hoje amanha anteontem
""".split()
_ES = """
a al algo ahi ahora aqui asi aunque bien buen buena buenas buenos claro como con cual cuales cuando de del desde
disculpa disculpe el ella ellos en entonces era es esa esas ese esos esta estamos estan este esto estoy excelente
genial gracias hay hecho hola hoy la las lamentablemente le lo los listo luego mas me mi mis muy muchas muchos
nada ni no nos nuestra nuestro o ok otra otro para pero perdon perfecto por porque pues que quien se si sin sobre
solo su sus tambien te tenes tengo tienes todo tu tus un una usted ustedes vale vamos ya yo dale
confirmado confirmada enviado enviada reservado reservada transferencia pago reserva saldo importe cuenta clase
horario fecha dia garantia ref referencia codigo comprobante pedido plaza mesa entrada total
resumen detalles atencion importante
aun todavia despues antes ahora aqui alli cada tambien nada nadie ningun ninguna otro otra otros dos tres cuatro
cinco son nos vemos su sus tu tus confirma confirme confirmas responde responda elige elegi escoge envia envie
enviame escribe escribime indica indicame dime decime decinos paga pague paga paga pagas accede ingresa mira fijate
avisame espera espere recorda recuerda saludos chau adios listo genial perfecto dale bueno entiendo entendido vale
ayer hoy manana anteayer
""".split()
_CA = """
a al als aqui aixi aixo ara be bon bona bones clar com amb d'acord de del dels des doncs el ella ells em en entesos
era es esta estem estic et excel·lent fet genial gracies hi ho hola i ja la les li lamentablement llavors llest
mes molt molta moltes molts no nosaltres o ok pel per perfecte pero perque potser que qui si sense sobre som son
tambe teu teva tinc tot tu un una vostre vostra vull
confirmat confirmada enviat enviada reservat reservada transferencia pagament reserva saldo import compte classe
horari data dia garantia ref referencia codi comprovant comanda placa taula entrada total
resum detalls atencio important queda queden
encara despres abans ara aqui alla cada tambe res ningu cap altre altra altres dos dues tres quatre cinc son
ens veiem teu teva seu seva confirma confirmes respon respongues tria escull envia envia'm escriu indica indica'm
digues paga pagues accedeix mira espera recorda salutacions adeu fins aviat perfecte genial entesos d'acord vaig
vam vas vols vol voleu puc pots podem quan si com on quin quina
ahir avui dema abans-d'ahir aleshores llavors sovint sempre mai aviat tard d'hora
nomes t'he t'hem t'ha t'han m'ha m'han l'he l'hem l'ha s'ha s'han n'he n'hem et ens us
""".split()

# Interjections a reply opens with ("Poxa, o Pix não foi concluído", "Vaya, no quedan plazas", "Ostres!", "Oops"):
# words, never a name, even where a dictionary does not hold them.
INTERJECTIONS: dict[Lang, frozenset[str]] = {
    "en": frozenset("oops whoops wow oh ah aw aww yay hmm uh gosh ugh ouch phew whoa yikes alas hooray darn shoot aha um"
                     .split()),
    "pt-BR": frozenset("poxa puxa opa eita oba ops uau caramba putz vixe nossa xi ufa ai ei epa aff affe oxe ixe hum ah oh"
                        .split()),
    "es": frozenset("vaya uy ay ups caramba ojala uf ufa epa ey guau huy hala anda bah ostras jo caray eh hum ah oh".split()),
    "ca": frozenset("vaja ostres ep uf apa au caram carai ai ui ecs oh ah uau hum".split()),
}

COMMON: dict[Lang, frozenset[str]] = {
    "en": frozenset(_EN) | INTERJECTIONS["en"], "pt-BR": frozenset(_PT) | INTERJECTIONS["pt-BR"],
    "es": frozenset(_ES) | INTERJECTIONS["es"], "ca": frozenset(_CA) | INTERJECTIONS["ca"],
}

# The words of grammar of each language (prepositions, conjunctions, negations, a few adverbs), a closed class: one
# of them written in capitals is the writer's emphasis ("depositing it INTO Sanuj Checking", "NOT before 5 pm"),
# never a name's first word, where a common noun in capitals may be ("STAPLES Center", "LAMB Drive").
_FUNCTION_WORDS: dict[Lang, str] = {
    "en": "into onto from to for with without within by at in on of off over under upon about above below "
          "between through during before after until till and or nor but not no never only also just even still "
          "very so too than then if when while because",
    "pt-BR": "para pra com sem por em no na nos nas de do da dos das ate antes depois e ou mas nao nunca so apenas "
             "tambem ainda muito entre sobre desde",
    "es": "para con sin por en de del al hasta antes despues y o pero no nunca solo tambien todavia muy entre sobre "
          "desde",
    "ca": "per amb sense en de del al fins abans despres i o pero no mai nomes tambe encara molt entre sobre des",
}
FUNCTION_WORDS: dict[Lang, frozenset[str]] = {lang: frozenset(words.split()) for lang, words in _FUNCTION_WORDS.items()}

# A contraction's ending ("It'll", "How's", "Your'e"): the word before it is what a dictionary holds.
_CONTRACTION_RE = re.compile(r"['’](?:s|ll|re|d|ve|m|e)$")
_APOSTROPHE_RE = re.compile(r"['’]")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@lru_cache(maxsize=16384)
def in_dictionary(word: str, lang: Lang) -> bool:
    """Whether `word` (lower case), or the word of its contraction ("it'll") or its enclitic ("pídelo"), is in
    `lang`'s dictionary (simplemma's, as `language.lemmas` reads it): a word of the language. Its dictionaries hold many names too ("Pedro",
    "Toronto"), so a known word may still be a name; an unknown one ("Khamsa", "Philly", "NYC") is no word of it."""
    if known(word, lang):
        return True
    stem = _CONTRACTION_RE.sub("", word)
    if stem != word and stem and known(stem, lang):
        return True
    # an elided article or pronoun before or after it ("s'enviarà", "envia'ls", "l'import")
    parts = _APOSTROPHE_RE.split(word)
    if len(parts) > 1 and any(len(part) >= 3 and known(part, lang) for part in parts):
        return True
    return any(known(base, lang) for base in _diminished(word, lang))


# The diminutive endings of Portuguese and Spanish ("agendadinho", "prontinho", "cafezinho", "ahorita", "poquito")
# and what they replace: a word made smaller is a word of the language ("Agendadinho ✅" opens no name).
_DIMINUTIVE_RE = {"pt-BR": re.compile(r"(?P<stem>\w{3,}?)(?P<z>z)?inh(?P<end>[oa]s?)$"),
                  "es": re.compile(r"(?P<stem>\w{3,}?)(?P<z>c)?it(?P<end>[oa]s?)$")}


def _diminished(word: str, lang: Lang) -> tuple[str, ...]:
    """The words `word` may be a diminutive of (none for a word of five letters or fewer, or in English and Catalan)."""
    pattern = _DIMINUTIVE_RE.get(lang)
    match = pattern.match(word) if pattern is not None and len(word) > 5 else None
    if match is None:
        return ()
    stem, end = match["stem"], match["end"]
    stem = stem[:-2] + "c" if stem.endswith("qu") else stem[:-2] + "g" if stem.endswith("gu") else stem
    if match["z"]:  # "cafezinho", "cafecito": the whole word before the ending
        return (stem, stem + end[:1])
    return (stem + end, stem + "e" + end[1:], stem)


def one_edit(word: str) -> set[str]:
    """Every string one deletion, swap of neighbours, change or insertion of a letter away from `word`."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    return ({a + b[1:] for a, b in splits if b} | {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
            | {a + c + b[1:] for a, b in splits if b for c in _LETTERS} | {a + c + b for a, b in splits for c in _LETTERS})


@lru_cache(maxsize=4096)
def misspelt_word(word: str, lang: Lang) -> bool:
    """Whether `word` (lower case, six letters or more) is no word of `lang`'s dictionary but one with two
    neighbouring letters swapped is ("Restuarant", "Eurpoean"): a hurried writer's word, no name."""
    if len(word) < 6 or not word.isalpha() or in_dictionary(word, lang):
        return False
    return any(in_dictionary(word[:i] + word[i + 1] + word[i] + word[i + 2:], lang)
               for i in range(len(word) - 1) if word[i] != word[i + 1])


@lru_cache(maxsize=4096)
def near_word(word: str, lang: Lang) -> bool:
    """Whether `word` (lower case) is a word of `lang` (its dictionary or `COMMON`), or one letter from one of the
    common words a reply opens with, or two of them: a mistyped or spoken one ("Thier", "Hsve", "Yup", "Hmmm",
    "Congrates", "Threre's", "Howmany") opening a sentence is no name; "Contrasto", one letter from a rarer word, stays one."""
    if in_dictionary(word, lang) or word in COMMON[lang]:
        return True
    word = _CONTRACTION_RE.sub("", word)
    if not word.isalpha() or len(word) > 16:
        return False
    if any(word[:i] in COMMON[lang] and (word[i:] in COMMON[lang] or len(word) - i >= 4 and i >= 4
                                          and in_dictionary(word[i:], lang)) for i in range(2, len(word) - 1)):
        return True  # two of them without the space between ("Howmany"; "Pleaseverify": a common one, then a word)
    return any(candidate in COMMON[lang] for candidate in one_edit(word) if len(candidate) > 1)


_ANAGRAMS: dict[Lang, dict[tuple[str, str], frozenset[str]]] = {}


def _common_by_letters(lang: Lang) -> dict[tuple[str, str], frozenset[str]]:
    """`COMMON[lang]`'s words of five letters or more by their first letter and their letters sorted, built once."""
    found = _ANAGRAMS.get(lang)
    if found is None:
        groups: dict[tuple[str, str], set[str]] = {}
        for word in COMMON[lang]:
            if len(word) >= 5 and word.isalpha():
                groups.setdefault((word[0], "".join(sorted(word))), set()).add(word)
        found = _ANAGRAMS[lang] = {key: frozenset(words) for key, words in groups.items()}
    return found


@lru_cache(maxsize=4096)
def slipped_word(word: str, lang: Lang, *, also: frozenset[str] = frozenset()) -> bool:
    """Whether `word` (as written), which no dictionary of `lang` holds, is a common word of it typed with more
    than one slip or run into the pronoun after it, not a name: its letters shuffled behind its first one
    ("Alirhgt" for "alright", "Cofnrim"), "I" glued to it ("CoudlI", "ThanksI"), or, for a word of seven letters or
    more, one letter left out, added or changed (`one_edit`: "Fahreinheit", "Reservaton"); `also` are more words
    of the language that count as common here (units, weekdays, months). A name is rarely a common word's letters
    in another order, and a long common word one letter away from a name is rarer still."""
    if word[-1:] == "I" and len(word) >= 4 and word[-2].islower():
        rest = word[:-1].lower()
        if rest in COMMON[lang] or near_word(rest, lang) or slipped_word(rest, lang, also=also):
            return True  # "CoudlI help?": the pronoun run into the word before it
    low = word.lower()
    if len(low) < 5 or not low.isalpha() or in_dictionary(low, lang) or low in COMMON[lang]:
        return False
    if (low[0], "".join(sorted(low))) in _common_by_letters(lang):
        return True
    if len(low) >= 7:
        words = COMMON[lang] | also
        return any(candidate in words for candidate in one_edit(low) if len(candidate) >= 7)
    return False


@lru_cache(maxsize=4096)
def near_long_common(word: str, lang: Lang) -> bool:
    """Whether `word` (folded, eight letters or more) is one edit from a common word of seven letters or more that
    it is not ("Appetite" in "Bon Appetite." for "appetit", "Reservaton"): that word, typed with a slip; a name is
    rarely one letter from so long a common word."""
    if len(word) < 8 or not word.isalpha() or word in COMMON[lang]:
        return False
    return any(candidate in COMMON[lang] for candidate in one_edit(word) if len(candidate) >= 7)
