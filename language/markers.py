"""Wording markers: is the customer correcting, cancelling, declining, confirming, greeting, asking for a person?

The tables are data: per language and marker, regular expressions over *folded* text (lower case,
no accents, see `language.text.fold`), each wrapped in word boundaries, so "nao"/"não" both match.
A `^` anchors a pattern to the start of the message ("no, …", "sorry, …"); `decline`, a bare refusal ("não",
"no gracias", "no, està malament", "nope, that's wrong"), is the whole message (`_refusal`), so "não pra maria" (a
correction) and "nao sei" are none. An apology opening a message ("perdón, …", "sorry, …") is a correction when a comma follows
it, or, typed without punctuation as customers do, a correction's head ("perdon era para pedro", "sorry its 30",
"desculpa e pra ana"); "perdón que te molesto" is none. `new_request` is part of
the Marker vocabulary but is decided by the perceiver (a request verb and a request kind), never by
wording alone, so `detect_markers` does not return it.

Typed confirmation words are only a wording signal: nothing treats them as approval of money.
"""

import re
from functools import lru_cache
from typing import Literal

from language.intents import (
    asks_about_limit,
    asks_for_person,
    asks_to_cancel,
    asks_to_change_limit,
    asks_to_change_request,
    calls_off_by_name,
    disputes_payment,
    reports_problem,
    says_not_coming,
)
from language.locales import LANGS, Lang
from language.text import fold


def _refusal(heads: str, tails: str) -> str:
    """A whole message that only says no: an interjection maybe, then refusals (`heads`) and words that go with one
    (`tails`: thanks, "I want", "that's wrong") in any order after the first, punctuation and emoji between and after
    ("ah nao, nao quero, obrigado 👎"). Alternations over folded text; at most six words after the first, which also
    bounds the regex's backtracking over words read two ways ("nao quero" as one word or two)."""
    return (rf"^(?:(?:ah|ai|ay|uy|oh|eh|hmm+|mm+|uhm|um|ui)[\W_]+)?(?:{heads})"
            rf"(?:[\W_]+(?:{heads}|{tails})){{0,6}}[\W_]*$")  # a few words: a long message is more than a no


Marker = Literal["correction", "new_request", "confirm", "cancel", "decline", "greeting", "help", "resume", "warranty", "stock",
                 "cheap", "dispute", "person", "problem", "limit", "limit_asked", "same_time"]

MARKER_PATTERNS: dict[Lang, dict[Marker, tuple[str, ...]]] = {
    "pt-BR": {
        "same_time": (r"(?:a|na|no) mesma hora", r"(?:o|no) mesmo horario"),  # the time already said, another day
        "warranty": ("garantia",),
        "stock": ("estoque", "disponivel", "disponiveis", "esgotado", "esgotada", "tem em loja"),
        "cheap": ("barato", "barata", "mais em conta", "economico"),
        "dispute": ("ja paguei", "paguei e", "ja fiz o pagamento", "cobrado duas vezes",
                    "cobranca indevida", "cobraram errado", "nao reconheco"),
        "correction": ("na verdade", r"nao,? melhor", r"^(?:nao,? )?(?:pera|espera|perai)(?!\w)(?! (?:um|uma|ai) )", "na real", "na vdd", "pensando bem", "alias", "quer dizer", "quis dizer", "corrigindo", "correcao", "ops", "opa", "em vez de", "ao inves de", r"e nao \d+", r"adia(?:r)? (?:pra|para|pro)",
                       r"^nao,? (?:e|eh|era|foi|manda|pra|pro|para|\d+)", "que seja", "que sejam", "poe", "coloca", "me enganei", "errei",
                       "foi mal", "queria dizer", "foi engano", r"^desculpa,", r"^perdao,",
                       r"^(?:desculpa|desculpe|perdao|foi mal),? (?:e|eh|era|foi|pra|pro|para|na verdade|nao|\d+)",
                       r"(?:mud|troc|alter)[ae](?: (?:isso|ela|ele|a data|o dia|o horario|o valor))? (?:pra|para|pro)"),
        "cancel": ("cancela", "cancelar", "cancele", "deixa pra la", "deixa para la", "esquece", "esqueca", "desisto",
                   r"nao (?:quero|preciso) mais"),
        "decline": (_refusal(r"nao|naum|nn|n|no|nop|nope|negativo|nada disso|de jeito nenhum|nem pensar|melhor nao|"
                             r"quero nao|nao precisa|nao (?:e|eh|era) (?:isso|esse|essa)",
                             r"obrigad[oa]|obg|brigad[oa]|valeu|vlw|(?:eu )?quero|nao quero|(?:nao )?precisa|"
                             r"(?:(?:ta|tah|esta|tudo) )?(?:tudo )?errad[oa]|(?:nao|n) (?:e|eh|era|ta|esta) (?:isso|esse|essa|certo)|"
                             r"nao confirmo|nao autorizo|nao aprovo|recuso|por favor|pfv|pf|mesmo|obrigad[oa] mesmo"),),
        "confirm": ("sim", "pode", "confirmo", "confirma", "isso", "certo", "ok", "okay", "beleza", "fechado"),
        "greeting": ("oi", "ola", "bom dia", "boa tarde", "boa noite", "e ai"),
        "help": ("ajuda", "socorro", "ajudar"),
        "resume": ("continua", "continuar", "continue", "continuemos", "retoma", "retomar", "retome", "o de antes",
                   "aquele pedido", r"volta(?:r)? (?:pro|para o|ao)", "segue com", "seguir com"),
    },
    "es": {
        "same_time": (r"(?:a|en) la misma hora", r"(?:el|en el) mismo horario"),
        "warranty": ("garantia",),
        "stock": ("stock", "disponible", "disponibles", "agotado", "agotada", "hay en", "les queda", "quedan"),
        "cheap": ("barato", "barata", "economico", "economica", "mas barato"),
        "dispute": ("ya pague", "ya fui y pague", "yo pague", "pague y", "ya hice el pago", "me cobraron dos veces",
                    "cobro indebido", "me cobraron mal", "no reconozco"),
        "correction": ("en realidad", r"no,? mejor", r"^(?:no,? )?espera(?!\w)(?! (?:un|una|uno) )", r"^mejor", r"mejor (?:a|al|para|el|la)", r"^perdon,", "quise decir", "queria decir", "quiero decir", "me equivoque",
                       r"^(?:perdon|perdona|disculpa|disculpe),? (?:es|era|eran|a|al|para|no|en realidad|\d+)",
                       "corrijo", r"^no,? (?:es|era|eran|a|para|mejor|\d+)", "en vez de", "en lugar de",
                       r"(?:posterga|aplaza)(?:lo|la)? (?:a|al|para|hasta)", "ups", "que sean", "que sea", "ponle",
                       r"(?:cambia|cambialo|cambiala|cambiamelo|cambiamela|pasalo|pasala)(?: (?:la fecha|el dia|la hora|el monto|el importe|la cantidad|el valor))? (?:a|al|para|por)"),
        "cancel": ("cancela", "cancelar", "cancelalo", "olvidalo", "olvidate", "dejalo", "da igual",
                   r"ya no (?:lo |la )?(?:quiero|necesito)", r"no (?:lo |la )?(?:quiero|necesito) mas"),
        "decline": (_refusal(r"no|nop|nope|nel|nones|negativo|para nada|ni hablar|de ninguna manera|mejor no|que no|"
                             r"no hace falta",
                             r"(?:muchas |mil )?gracias(?: igual)?|grax|(?:no )?(?:lo |la )?quiero|"
                             r"(?:(?:eso|esto) )?(?:esta|estas) mal|(?:esta )?equivocad[oa]|(?:no )?es (?:eso|asi|correcto)|"
                             r"asi no|(?:no )?hace falta|por favor|porfa|xfa|no confirmo|no autorizo"),),
        "confirm": (r"^si(?=\s*(?:[,.!]|$|por favor|claro|dale|vale|confirmo))", "vale", "confirmo", "dale", "de acuerdo",
                    "ok", "okay", "correcto", "claro"),
        "greeting": ("hola", "buenos dias", "buenas tardes", "buenas noches", "buenas"),
        "help": ("ayuda", "ayudame", "socorro"),
        "resume": ("sigamos", "seguimos con", "sigue con", "continua", "continuar", "continuemos", "retoma", "retomar",
                   "retomemos", "lo de antes", "lo anterior", r"volvamos a", "volver a lo"),
    },
    "ca": {
        "same_time": (r"(?:a|en) la mateixa hora", r"(?:el|en el) mateix horari"),
        "warranty": ("garantia",),
        "stock": ("estoc", "disponible", "disponibles", "esgotat", "esgotada", "en queden"),
        "cheap": ("barat", "barata", "economic", "economica"),
        "dispute": ("ja he pagat", "ja vaig pagar", "he pagat i", "m'han cobrat dues vegades", "cobrament indegut",
                    "no reconec"),
        "correction": ("de fet", r"no,? millor", r"^(?:no,? )?espera(?!\w)(?! (?:un|una) )", r"^millor", r"millor (?:a|al|per|el|la)", "vull dir", "volia dir", r"^perdo,",
                       r"^(?:perdo|perdona|disculpa),? (?:es|era|a|al|per|no|de fet|\d+)",
                       "m'he equivocat", r"^no,? (?:es|era|a|per|millor|\d+)", "ups", "que siguin", "que sigui", "posa-hi",
                       r"(?:canvia|canvia-ho|canvia-la|canvia-lo|passa-ho|passa-la)(?: (?:la data|el dia|l'hora|l'import|la quantitat))? (?:a|al|per)"),
        "cancel": ("cancel·la", "cancela", "cancel-la", "cancel·lar", "deixa-ho", "deixa-ho estar", "oblida-ho", "da igual",
                   r"ja no (?:ho )?(?:vull|necessito)"),
        "decline": (_refusal(r"no|nop|nope|gens|ni parlar-ne|de cap manera|negatiu|millor no|que no|no cal",
                             r"(?:moltes )?gracies|merci|merces|(?:no )?(?:ho |la |el )?vull|"
                             r"(?:(?:aixo )?(?:esta|es) )?malament|(?:es )?incorrecte|(?:no )?es (?:aixo|correcte)|"
                             r"aixi no|(?:no )?cal|si us plau|sisplau|siusplau|no confirmo"),),
        "confirm": (r"^si(?=\s*(?:[,.!]|$|si|clar|d'acord|confirmo))", "d'acord", "confirmo", "endavant", "ok", "vale", "perfecte"),
        "greeting": ("hola", "bon dia", "bona tarda", "bona nit", "bones"),
        "help": ("ajuda", "ajuda'm", "ajudeu-me", "socors"),
        "resume": ("continuem", "continua", "continuar", "seguim", "segueix", "repren", "reprenem", "reprendre",
                   "el d'abans", "lo d'abans", "tornem a"),
    },
    "en": {
        "same_time": (r"(?:at )?the same time", r"(?:at )?the same hour"),
        "warranty": ("warranty", "guarantee"),
        "stock": ("in stock", "stock", "available", "sold out", "do you have any left", "left in stock"),
        "cheap": ("cheap", "cheapest", "budget", "affordable"),
        "dispute": ("i already paid", "i paid and", "already paid", "charged twice", "double charged",
                    "wrong charge", "i don't recognise", "i do not recognize"),
        "correction": (r"^(?:no,? |oh,? )?wait(?!\w)", "hold on", "actually", r"no, better", "i meant", "i mean", "make it", "change it to", r"^sorry,",
                       r"^(?:sorry|my bad),? (?:it'?s|it was|not|no|\d+)", r"^no, ", r"^no (?:make|change|i (?:want|meant|need|would)|it|to|for)", "oops",
                       "correction", "instead", "rather", r"not \d+", r"(?:postpone|reschedule|push) (?:it |that |this )?(?:to|till|until|for)",
                       r"change(?: (?:that|it|this|the date|the day|the time|the amount|the value|the sum))? to",
                       r"(?:move|switch) (?:that|it|this|the date|the day|the time|the booking|the pix) to"),
        "cancel": ("cancel", "never mind", "nevermind", "forget it", "forget about it", "stop",
                   r"(?:do not|don't|dont) (?:want|need) (?:it|that|this) (?:anymore|any more)", r"no longer (?:want|need)"),
        "decline": (_refusal(r"no|nope|nah|naw|nay|negative|no way|not really|absolutely not|definitely not|"
                             r"of course not|better not|not now|no need|no no",
                             r"(?:no )?(?:thanks|thank you|thx|ty)(?: anyway)?|i['’]?m (?:good|fine)|im (?:good|fine)|"
                             r"(?:that['’]?s|that is|it['’]?s|it is|thats|its) (?:all )?wrong|wrong|"
                             r"(?:that['’]?s|that is|it['’]?s|it is|thats|its) not (?:right|it|correct|what i (?:want|wanted|asked for))|"
                             r"not (?:right|that|correct|this)|i (?:do not|don['’]?t|dont) want (?:it|that|this|to)|"
                             r"(?:do not|don['’]?t|dont)(?: do it| send it)?|please|sorry|no need|not needed"),),
        "confirm": ("yes", "yep", "yeah", "ok", "okay", "sure", "confirm", "correct", "that's right", "go ahead"),
        "greeting": ("hi", "hello", "hey", "good morning", "good afternoon", "good evening"),
        "help": ("help",),
        "resume": ("continue", "resume", "carry on", "go back to", "where we left", "the earlier one",
                   "let's go on", "go on with"),
    },
}


# A sound opening a message before its words ("uy no, a pedro", "ah no, 30", "hmm wait"): what the "^" patterns
# anchor to is what follows it.
_INTERJECTION = re.compile(r"^\s*(?:uy|ay|ai|ah|ahh|eh|uh|oh|ui|hmm+|mm+|uhm|um|ehh|ops|ups|opa|oops|oh no|ay no)\W+(?=\w)")

# A value said again after words that take back what was said, however many and in whatever order ("no sorry to
# joao", "nope, to joao", "não desculpa, pro joão", "no perdón, a joao", "no perdona, al joan", "sorry no, 50"):
# a correction. One of them says no (an apology alone is courtesy: "sorry to bother you"), and only a recipient's
# preposition or a figure follows them: "no thanks" is a no.
_SAYS_NO: dict[Lang, str] = {
    "pt-BR": r"nao|ops|opa|pera|espera|errei|me enganei|foi mal", "es": r"no|uy|ups|espera|me equivoque",
    "ca": r"no|ups|ui|espera|m'he equivocat", "en": r"no|nope|nah|oops|whoops|wait|my bad",
}
_APOLOGY: dict[Lang, str] = {
    "pt-BR": r"desculpa|desculpe|perdao|ih|ai", "es": r"perdon|perdona|disculpa|disculpe|ay",
    "ca": r"perdo|perdona|disculpa|disculpi|ai", "en": r"sorry|oh|uh",
}
_VALUE_AFTER: dict[Lang, str] = {"pt-BR": r"pra|pro|para|p/", "es": r"a|al|para|pra", "ca": r"a|al|per", "en": r"to"}


@lru_cache(maxsize=8)
def _taken_back(lang: Lang) -> re.Pattern[str]:
    said = rf"(?:{_SAYS_NO[lang]}|{_APOLOGY[lang]})(?![\w'])\W*"
    return re.compile(rf"^\s*(?:{said}){{0,2}}(?:{_SAYS_NO[lang]})(?![\w'])\W*(?:{said}){{0,2}}"
                      rf"(?:(?:{_VALUE_AFTER[lang]})(?![\w'])|\d)")


def _bounded(pattern: str) -> str:
    """`pattern` with word boundaries: anchored at the start for "^…", open at the end after a space or comma."""
    head = rf"^\s*{pattern[1:]}" if pattern.startswith("^") else rf"(?<![\w'·-]){pattern}"
    return head if pattern.endswith((" ", ",")) else head + r"(?![\w'·-])"


@lru_cache(maxsize=8)
def _compiled(lang: Lang) -> dict[Marker, re.Pattern[str]]:
    """One word-bounded regex per marker for `lang`."""
    compiled: dict[Marker, re.Pattern[str]] = {}
    for marker, patterns in MARKER_PATTERNS[lang].items():
        alternatives = [_bounded(p) for p in patterns]
        compiled[marker] = re.compile("|".join(f"(?:{a})" for a in alternatives))
    return compiled


def detect_markers(text: str, lang: Lang) -> frozenset[Marker]:
    """The wording markers present in `text` (never `new_request`, see the module docstring). `decline` (a bare no)
    is read in every language; `person` (a person
    asked for), `dispute` and `cancel` are also read by lemma (`language.intents`), beyond the phrases of the tables;
    `problem`, `limit` (a limit to change) and `limit_asked` (what a limit is) only by lemma."""
    folded = fold(text)
    found: set[Marker] = {marker for marker, pattern in _compiled(lang).items() if pattern.search(folded)}
    if (opened := _INTERJECTION.match(folded)) is not None:  # "uy no, a pedro", "ah wait": read as if it began there
        rest = folded[opened.end():]
        found |= {marker for marker, pattern in _compiled(lang).items() if pattern.search(rest)}
    # A person or a payment to check is asked for, and something called off, in whatever language the customer
    # falls back to: a Catalan customer of a bank that answers in Portuguese is handed over (or has a scheduled Pix
    # cancelled: "cancel·la el Pix programat") all the same.
    others = [other for other in LANGS if other != lang]
    if any(_compiled(other)["decline"].search(folded) for other in others):  # "no gracias" typed at a Brazilian
        found.add("decline")  # bank: a bare no in any of the languages is one (the whole message, nothing else)
    if any(asks_to_cancel(text, each) for each in (lang, *others)):  # "cancel·la-ho", "anul·lar", "anúlala": any
        found.add("cancel")  # form of a cancelling verb
    if asks_to_change_request(text, lang) or _taken_back(lang).match(folded):  # "muda esse pix agendado pra 75",
        found.add("correction")  # "no sorry to joao": a correction of what was asked
    if says_not_coming(text, lang) or calls_off_by_name(text, lang):  # "no vindrem", "we won't be coming", "ya no
        found.add("cancel")  # hace falta la reserva", "forget the booking": what was asked for is off
    if any(asks_for_person(text, each) for each in (lang, *others)):
        found.add("person")
    if any(disputes_payment(text, each) for each in (lang, *others)):
        found.add("dispute")
    if any(reports_problem(text, each) for each in (lang, *others)):  # stolen, broken, to be returned
        found.add("problem")
    if any(asks_to_change_limit(text, each) for each in (lang, *others)):  # only a person changes a limit
        found.add("limit")
    elif any(asks_about_limit(text, each) for each in (lang, *others)):  # what it is: the bank answers it
        found.add("limit_asked")
    return frozenset(found)
