"""The built-in perceiver "builtin-1": deterministic rules over `language/`, no model.

It reads a message in the language it is given (`lang`: pt-BR, es, ca or en) for any organisation kind, so a
Spanish or English customer of the Catalan school is read in Spanish or English. Rules, in the order `perceive`
applies them:

* **Markers** come from `language.markers.detect_markers`; `new_request` is added when a request kind
  is recognised and the message is not a correction ("manda um pix pra Maria", "send 50 to Ana"),
  never for a bare value ("pro João", "200", "dois centavos").
* **Request kind**: keyword tables per organisation kind and language (`KIND_WORDS`); the first kind in table
  order whose words occur wins (so "manda o extrato" is history, not a transfer), except that transfer words
  with an amount are a transfer ("manda 15 pra Ana e depois me fala o saldo").
  At the school, an activity wanted ("vull fer escalada", "we wanna go skiing") is a booking and room asked for
  ("tenés lugar?", "any spots left?") availability, read by lemma (`_school_kind`).
* **Amount** (any organisation: explicit amounts such as "R$ 50", "20 euros", "1,5 lucas", "two grand"). In a
  bank, bare numbers are amounts too (`money_context`) when the message is a transfer request, when the agent
  asked for the amount, or when the message is a short reply (at most `SHORT_REPLY_WORDS` words, no request
  kind, no question pending: "200", "200 pro João"). The last explicit amount wins, else the last bare one. No
  amount is read from inside a Pix key or anything shaped like one (`language.money`, rule 5).
* **Pix key** (bank): the last valid key of `language.pix_keys.find_pix_keys`.
* **Recipient** (bank): `asks.perception.recipient`.
* **When** (any organisation): `language.dates.parse_when`; a date, an aware datetime, or a time alone. A bare
  "today" word (no time) counts only in a request that takes a date, after a change word ("muda pra hoje",
  "change that to today", "cámbialo a hoy", "canvia-ho a avui"), or when the agent asked when:
  "that's all for today" or "saldo hoje" set no date ("hoje mesmo", today insisted on, does); a date equal to
  today said otherwise ("the 1st of this month", "later today") is kept. A day said in a farewell ("até amanhã", "hasta mañana", "fins demà", "see you
  tomorrow") is no date. An hour said without its half of the day ("a las 7") sets `when_either_half`.
* **Party size** (school): `asks.perception.party`.
* **Part of the day** (school, when no clock time is said): `language.day_parts` ("al matí", "la de la tarde",
  "the afternoon one": "one" after "the <word>" is a pronoun, not a number).
* **A pick among the times listed** (school, when the agent asked which time): `language.picks` ("the later one",
  "la segona", "a segunda" there is the second time listed, not Monday).
* **Activity** (school): `ACTIVITIES`, per language, with or without an elided article ("l'esquí", "d'escalada"),
  else in another language's table ("volem fer ski"); several asked about at once ("quant costa l'esquí? i
  l'escalada?") are no one activity: the whole offer is answered.
* **Product, device model, capacity, battery health, budget** (store): `asks.perception.store`.
"""

import re
import sys
from collections.abc import Callable
from datetime import date, datetime, timedelta
from functools import lru_cache, partial
from typing import cast
from zoneinfo import ZoneInfo

from pydantic import ValidationError
from rapidfuzz.distance import OSA

from asks.perception.contract import BANK, SCHOOL, STORE, MoneySlot, OrgKind, Perception, PixKeySlot, RequestKind, Slots
from asks.perception.party import find_companion_joining, find_party_added, find_party_removed, find_party_size
from asks.perception.recipient import find_recipient
from asks.perception.store import PRODUCT_WORDS, brand_named, each_count, store_slots
from language.dates import (
    WhenMention,
    day_after_article,
    days_ahead_unitless,
    find_day_shift,
    parse_when,
    said_in_weeks,
)
from language.day_parts import find_day_part
from language.detect import detect_language
from language.intents import asks_to_cancel
from language.lemmas import (
    known,
    known_unaccented,
    lemma,
    lemma_readings,
    lemmas,
    misspelt_verbs,
    verb_readings,
    words,
)
from language.lexicon import modules_words, table_words
from language.locales import LANGS, Lang
from language.markers import Marker, detect_markers
from language.money import AmountMention, find_amounts
from language.picks import find_pick
from language.pix_keys import find_pix_keys, pix_key_spans
from language.text import fold, whole_words
from language.typos import misspelt_number_word_beside, restore_real_word_typos, restore_typos

PERCEIVER = "builtin-1"
SHORT_REPLY_WORDS = 4

KIND_WORDS: dict[OrgKind, dict[Lang, tuple[tuple[RequestKind, str], ...]]] = {
    "bank": {
        "pt-BR": (
            ("balance", r"saldo|quanto (?:eu )?tenho|quanto (?:eu )?tem na (?:minha )?conta|quanto dinheiro (?:eu )?tenho"),
            ("pix_history", r"extrato|historico|quantos pix|ultimos pix|pix que (?:eu )?(?:fiz|recebi|mandei)|movimentac\w*"
                            r"|(?:ultim[oa]s|recentes) (?:\d+ )?(?:transferencias|pagamentos|transacoes)"
                            r"|quais (?:os )?pix|meus pix|quanto (?:eu )?(?:ja )?(?:mandei|enviei|transferi|gastei)"),
            ("pix_transfer", r"pix|transferir|transfere|transfira|transferencia|manda|mande|mandar|envia|envie|enviar"
                             r"|paga|pague|pagar|pagamento|agenda|agendar|deposita|faz um pix"),
        ),
        "es": (
            ("balance", r"saldo|cuant[oa] (?:dinero |plata )?tengo"),
            ("pix_history", r"movimientos|historial|extracto|ultimas transferencias|cuantos pix|que pix|cuales pix"
                            r"|ultim[oa]s (?:\d+ )?(?:pix|pagos|transacciones|envios)"
                            r"|mis pix|cuanto (?:he )?(?:envie|mande|transferi|enviado|mandado|transferido|gastado)"),
            ("pix_transfer", r"pix|bizum|transferir|transfiere|transferi|transferile|transferencia|manda|mandale|mandar|envia"
                             r"|enviar|enviale|envie|paga|pagale|pague|pagar|programa|agenda|transfierele|transferirle"
                             r"|giro|gira|girale"),
        ),
        "ca": (
            ("balance", r"saldo|quant (?:diner )?tinc"),
            ("pix_history", r"moviments|historial|extracte|quants pix|quins pix|els meus pix"
                            r"|(?:darrer[se]s|ultim[se]s) (?:\d+ )?(?:pix|transferencies|pagaments)"
                            r"|quant (?:he )?(?:enviat|transferit|gastat)"),
            ("pix_transfer", r"pix|bizum|transferir|transfereix|transferencia|envia|enviar|envia-li|paga|pagar|paga-li|programa"),
        ),
        "en": (
            ("balance", r"balance|bal|how much (?:money )?do i have"),  # "whats my bal"
            ("pix_history", r"history|statement|transactions|recent transfers|how many pix|which pix|what pix|my pix"
                            r"|(?:last|latest|recent|previous|past) (?:\d+ |few )?(?:transfers|payments|pix|pixes)"
                            r"|how much (?:did i|have i) (?:send|sent|transfer|transferred|spend|spent)"),
            ("pix_transfer", r"pix|transfer|transferring|send|wire|pay|payment|schedule"),
        ),
    },
    "school": {
        "pt-BR": (("booking", r"reservar|reserva|reserve|agendar|agenda|marcar|marca|inscrever|alugar"),
                  ("availability", r"tem vagas?|ha vagas?|tem aulas?|disponibilidade|disponivel|horarios|que horas"
                                   r"|quais (?:as )?atividades|(?:o )?que voces (?:oferecem|fazem|tem)|quanto custa|qual o preco|preco"
                                   r"|o que (?:podemos|posso|da pra|da para) fazer"
                                   r"|quantas pessoas (?:por|em cada|cabem|no maximo|sao|max)|maximo de pessoas|tamanho dos? grupos?")),
        "es": (("booking", r"reservar|reserva|reservame|apuntar|apuntarme|apuntarnos|inscribirme|agendar|alquilar"),
               ("availability", r"disponibilidad|hay plazas?|hay sitio|hay hueco|disponible|horarios|a que hora"
                                r"|tienen plazas?|que actividades|cuales actividades|que (?:ofrecen|ofreceis|haceis)|cuanto (?:cuesta|vale|sale)"
                                r"|precio|que (?:podemos|puedo|se puede) hacer"
                                r"|cuant[ao]s (?:personas|alumnos|participantes|plazas) (?:por|son|caben|entran|como maximo|max)"
                                r"|maximo de personas|grupos de cuant[ao]s|tamano de los grupos")),
        "ca": (("booking", r"reservar|reserva|reserveu|reserveu-me|reserva'm|apuntar|apuntar-me|apuntar-nos|inscriure'm|llogar"),
               ("availability", r"hi ha lloc|hi ha places|disponibilitat|disponible|horaris|teniu places|teniu lloc"
                                r"|quines activitats|que (?:feu|oferiu|organitzeu)|quant (?:costa|costen|val|valen)|quin preu|preu"
                                r"|(?:que|quines coses|quines activitats) (?:podem|puc|es pot|es poden) fer"
                                r"|quantes (?:persones|places) (?:per|son|hi caben|caben|com a maxim|max)|maxim de persones"
                                r"|grups de quantes")),
        "en": (("booking", r"book|booking|reserve|reservation|appointment|schedule|sign up|buy tickets?|rent"),
               ("availability", r"availability|available|what times|any openings|any slots|is there room|any room|room for"
                                r"|what activities|which activities|how much (?:is|does|do|for)"
                                r"|(?:what|which) (?:\w+ ){0,3}do (?:you|u|ya|y'?all)(?: guys| folks)? (?:offer|do|have|run)"
                                r"|price|prices|cost|what (?:can|could) (?:we|i|you) do"
                                r"|how many (?:people|persons|places|spots) (?:per|in a|in each|can|fit|max|are)"
                                r"|max(?:imum)? (?:group|number of people|people)|group size|how big (?:are|is) the groups?")),
    },
    "store": {
        "pt-BR": (("used_quote", r"quanto (?:voces |vcs |vc )?paga[m]?|quanto vale (?:o )?meu|meu .{0,40}quanto vale|vender (?:o )?meu"
                                 r"|trocar (?:o )?meu|usado|avaliacao"),
                  ("product_search", r"tem|tem o|voces tem|preco|quanto custa|quanto sai|quero comprar|vendem|garantia|estoque|recomenda|indica"
                                     r"|barat[oa]s?|um celular")),
        "es": (("used_quote", r"cuanto me (?:dan|pagan|darian|pagarian)|cuanto pagan|vender mi|vendo mi|mi usado|entregar mi|canje"),
               ("product_search", r"tienen|teneis|tiene|tenes|precio|cuanto cuesta|cuanto vale|cuanto sale|venden|busco"
                                  r"|necesito|garantia|stock|hay algun|hay alguna|me interesa|recomendas|recomendarias"
                                  r"|barat[oa]s?|economic[oa]s?|un celular|un celu")),
        "ca": (("used_quote", r"quant em (?:donen|doneu|donarieu|pagueu)|quant pagueu|vendre el meu|el meu usat"),
               ("product_search", r"teniu|tens|te|preu|quant costa|veneu|garantia|estoc|barat[ae]?s?|un mobil")),
        "en": (("used_quote", r"trade[ -]in|(?:how much|what) (?:will|would|do|can|could) (?:you|u) (?:give|pay)|sell my|worth"
                              r"|how much (?:for|can i get for|would i get for|do i get for) my"),
               ("product_search", r"do you have|price|how much is|how much does|in stock|stock|sell|buy|warranty|any cheap"
                                  r"|looking for|cheap|affordable|a cheap")),
    },
}
# Per language: (pattern over folded text, what to write for it or None for the words as said).
ACTIVITIES: dict[Lang, tuple[tuple[str, str | None], ...]] = {
    "pt-BR": ((r"caminhada com raquetes|raquetes de neve|raquetes", "raquetes"), (r"esqui", None), (r"esquiar", "esqui"),
              (r"snowboard", None), (r"escalada", None), (r"escalar", "escalada"), (r"trilha|caminhada|montanhismo|rapel|surfe?", None)),
    "es": ((r"raquetas de nieve|raquetas", "raquetas"), (r"esqui", None), (r"esquiar", "esqui"), (r"snowboard", None),
           (r"escalada", None), (r"escalar", "escalada"), (r"senderismo|trekking|montanismo|rappel|surf", None)),
    "ca": ((r"raquetes de neu|raquetes", "raquetes"), (r"esqui", None), (r"esquiar", "esqui"), (r"snowboard", None),
           (r"escalada", None), (r"escalar", "escalada"), (r"excursionisme|senderisme|trekking|surf", None)),
    "en": ((r"snowshoeing|snowshoes?", "snowshoeing"), (r"skiing|ski lessons?|ski", "ski"),
           (r"snowboarding|snowboard", "snowboard"), (r"rock climbing|climbing|climb", "climbing"),
           (r"hiking|trekking|surfing|surf", None)),
}
# A change of day said with "today" ("muda pra hoje") keeps today; so does a correction marker.
_CHANGE_WORDS = (r"muda|mude|mudar|muda pra|troca|troque|trocar|altera|altere|passa|change|changed|move|switch|make it"
                 r"|melhor|na verdade|mejor|en realidad|millor|de fet|actually|rather"
                 r"|cambia|cambialo|cambiar|cambiame|pasalo|pasa|canvia|canvia-ho|canviar|passa-ho|fes-ho|instead"
                 # "me la pasas a la mañana?": "pasas" is also raisins to the dictionary
                 r"|pasas|pasala|pasamela|pasame|passes|passa-la|passa-me-la")
_FAREWELLS = (r"ate (?:amanha|segunda|terca|quarta|quinta|sexta|sabado|domingo|logo|mais)|hasta (?:manana|el \w+|luego)"
              r"|fins (?:dema|dilluns|dimarts|dimecres|dijous|divendres|dissabte|diumenge|aviat)|see you|talk (?:to you )?tomorrow")
_MOVE_VERBS = frozenset({"cambiar", "canviar", "mudar", "trocar", "alterar", "change", "move", "switch", "pasar",
                         "passar", "moure", "mover", "posar", "poner", "push", "shift",
                         # earlier or later: "la podem avançar a les 9?", "la podemos retrasar a la tarde?"
                         "avancar", "avanzar", "adelantar", "adiantar", "antecipar", "anticipar", "retrasar", "atrasar",
                         "endarrerir", "retardar", "aplazar", "posposar", "postergar", "adiar", "postpone", "delay",
                         "reschedule"})
_CHANGE_RE = re.compile(whole_words(_CHANGE_WORDS, joiners="-"))
# Another value proposed as a question: "pq no la fem a les 9?", "¿y si vamos por la tarde?", "how about 3pm?"
_PROPOSAL = re.compile(whole_words(r"pq no|per que no|perque no|por que no|porque no|xq no|pq nao|por que nao|why not"
                                   r"|y si|i si|e se|what if|how about|what about|que tal si|i que tal si"
                                   r"|i si millor|y si mejor"))
# Words that drop what was said, not a request: with new values after them they correct it.
_DISMISSED = re.compile(whole_words(r"esquece|esqueca|deixa pra la|deixa para la|olvidalo|olvidate|dejalo|forget it"
                                    r"|never mind|nevermind|forget about it|oblida-ho|deixa-ho", joiners="-"))
_FAREWELL_RE = re.compile(whole_words(_FAREWELLS))
_TODAY_WORDS = frozenset({"hoje", "hj", "hoy", "avui", "today", "tonight"})
_LATER_TODAY = re.compile(r"(?<!\w)(?:later|mais tarde|mas tarde|mes tard|ainda|still)\s+$")
# "hoje mesmo", "hoy mismo", "avui mateix", "today itself": today insisted on is a day said
_TODAY_INSISTED = re.compile(r"^\s+(?:mesmo|mismo|mateix|itself)(?!\w)")
_DATED_KINDS = frozenset({"pix_transfer", "pix_history", "booking", "availability"})
# "no, hoy", "não, hoje", "no, avui", "nah today": today said against what was said before is a day said
_TODAY_AFTER_NO = re.compile(r"^\W*(?:no|nao|nop|nope|nah|nem)\W+(?:(?:mejor|melhor|millor|better|mas|mais|mes|pra|para"
                             r"|per|for)\W+)*$")


# "the afternoon one": a pronoun, not the number one ("afternoon one" is no 13:00)
_ONE_AS_PRONOUN = re.compile(r"(?i)(?<![\w'])(?:the|that)\s+(?:morning|afternoon|evening|night)\s+(one)(?![\w'])")


def _blank_one(match: re.Match[str]) -> str:
    """The match with its pronoun "one" blanked (same length: the spans found stay the text's)."""
    start = match.start(1) - match.start()
    return match.group()[:start] + "   " + match.group()[start + 3:]


def _words(pattern: str) -> re.Pattern[str]:
    """`pattern` as a word-bounded regex over folded text; an elided article may stand before ("l'esquí")."""
    return re.compile(rf"(?<![\w·-])(?<![^\W\d_]{{2}}')(?:{pattern})(?![\w'·-])")


@lru_cache(maxsize=64)
def _kind_patterns(org_kind: OrgKind, lang: Lang) -> tuple[tuple[RequestKind, re.Pattern[str]], ...]:
    """Compiled request-kind tables for one organisation kind and language."""
    return tuple((kind, _words(words)) for kind, words in KIND_WORDS[org_kind][lang])


# Verbs read by lemma (`language.lemmas`) when no word of `KIND_WORDS` occurs: "enviarle", "transfiérele",
# "envia-li", "reservem", "pasale", "passa-li" need no entry of their own ("pasado mañana" keeps its own lemma,
# "pasado"). A word no dictionary knows one letter away from a form of these verbs is that verb ("tranfere").
KIND_LEMMAS: dict[OrgKind, dict[Lang, tuple[tuple[RequestKind, frozenset[str]], ...]]] = {
    "bank": {
        # scheduling a payment is one too: "programale 100 a ana para el jueves"
        "pt-BR": (("pix_transfer", frozenset({"mandar", "enviar", "transferir", "pagar", "depositar", "passar",
                                              "agendar", "programar"})),),
        "es": (("pix_transfer", frozenset({"mandar", "enviar", "transferir", "pagar", "depositar", "pasar", "girar",
                                           "programar", "agendar"})),),
        "ca": (("pix_transfer", frozenset({"enviar", "transferir", "pagar", "passar", "programar"})),),
        "en": (("pix_transfer", frozenset({"send", "transfer", "pay", "wire", "schedule"})),),
    },
    "school": {  # a question about what the school offers or what it costs is read by its nouns and verbs (what
        # it charges: "what do you charge for skiing?", "quant cobreu?")
        "pt-BR": (("booking", frozenset({"reservar", "agendar", "marcar", "inscrever"})),
                  ("availability", frozenset({"atividade", "curso", "aula", "preco", "opcao", "oferecer", "custar",
                                              "tarifa", "livre", "horario", "cobrar", "valor"}))),
        "es": (("booking", frozenset({"reservar", "apuntar", "inscribir"})),
               ("availability", frozenset({"actividad", "curso", "clase", "precio", "opcion", "ofrecer", "costar",
                                           "tarifa", "libre", "horario", "cobrar"}))),
        "ca": (("booking", frozenset({"reservar", "apuntar", "inscriure"})),
               ("availability", frozenset({"activitat", "curs", "classe", "preu", "opcio", "oferir", "costar",
                                           "tarifa", "lliure", "horari", "cobrar"}))),
        "en": (("booking", frozenset({"book", "reserve"})),
               ("availability", frozenset({"activity", "course", "class", "lesson", "price", "option", "offer",
                                           "cost", "rate", "free", "schedule", "charge", "fee"}))),
    },
    "store": {"pt-BR": (), "es": (), "ca": (), "en": ()},
}


_KIND_VERBS: dict[OrgKind, dict[Lang, frozenset[str]]] = {
    org: {lang: frozenset().union(*(verbs for _, verbs in kinds)) for lang, kinds in by_lang.items()}
    for org, by_lang in KIND_LEMMAS.items()
}


# "How much" at the bank, then within a few words a verb of having or being left, or money or the account, by
# lemma: "qnt eu tenho disponivel", "cuanta plata me queda", "quants diners em queden", "how much is left" are the
# balance, without an entry for each wording. Shorthand counts ("qnt", "qto").
HOW_MUCH: dict[Lang, str] = {
    "pt-BR": r"quanto|quanta|qnt|qto|qnto|qt|qtos",
    "es": r"cuanto|cuanta|cto|cuantos",
    "ca": r"quant|quanta|quants|quantes",
    "en": r"how much|how many",
}
HELD: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"ter", "sobrar", "restar", "disponivel", "dinheiro", "grana", "conta", "saldo"}),
    "es": frozenset({"tener", "quedar", "sobrar", "restar", "disponible", "dinero", "plata", "guita", "lana", "cuenta",
                     "saldo"}),
    "ca": frozenset({"tenir", "quedar", "sobrar", "restar", "disponible", "diner", "diners", "compte", "saldo"}),
    "en": frozenset({"have", "left", "remain", "available", "money", "cash", "account", "balance", "got", "get"}),
}
_HELD_WINDOW = 4


@lru_cache(maxsize=8)
def _how_much(lang: Lang) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w)(?:{HOW_MUCH[lang]})(?!\w)")


# Where a clause ends and another begins: "quanto eu tenho na conta porque eu preciso pagar umas coisas" asks the
# balance; its paying is another clause's.
_CLAUSE_END = re.compile(r"[.;!?]|(?<!\w)(?:porque|pq|pois|mas|but|because|cause|since|so|then|pero|porque|perque"
                         r"|pero|que (?:eu|yo|jo|i) (?:preciso|necesito|necessito))(?!\w)")


# English verbs of moving money said in another language's message ("transfer 40 a pedro", "pay 30 pro joão").
_BANK_ENGLISH_MONEY_VERBS = re.compile(r"(?<!\w)(?:transfer|send|pay|wire)(?!\w)")
# Whether the money is enough ("tenho saldo suficiente pra…", "do i have enough money to…"): the balance, by lemma.
_ENOUGH = frozenset({"suficiente", "bastante", "enough", "prou", "suficient"})
_FUNDS = frozenset({"saldo", "balance", "dinheiro", "dinero", "plata", "grana", "diners", "money", "funds", "cash"})
# A verb of showing or listing with the Pix as its object ("me mostra os pix", "list my pix"): the statement.
_SHOW = frozenset({"mostrar", "ver", "listar", "enseñar", "ensenar", "ensenyar", "show", "list", "see", "view"})


def _asks_if_enough(folded: str, lang: Lang) -> bool:
    said = set(lemmas(folded, lang)) | set(folded.split())
    return bool(said & _ENOUGH and said & _FUNDS)


def _asks_to_see(folded: str, lang: Lang) -> bool:
    said = set(lemmas(folded, lang))
    return bool(said & _SHOW) and not said & _KIND_VERBS[BANK][lang]


# What is left in the account, asked without "how much": "what's left on my account", "o que sobrou na conta".
_BANK_LEFT_LEMMAS = frozenset({"sobrar", "restar", "quedar", "romandre", "remain"})
_BANK_LEFT_WORDS = frozenset({"left", "remaining", "remains", "sobrou", "sobra", "resta", "queda", "queden"})
_BANK_WHATS_IN = re.compile(r"(?<!\w)(?:what'?s|what is|o que (?:tem|ha)|que (?:tengo|hay)|que tinc|que hi ha)"
                            r" (?:in|on|na|en|al)(?!\w)")  # "whats in my account", "o que tem na minha conta"
_BANK_ACCOUNT_WORDS = frozenset({"conta", "cuenta", "compte", "account", "saldo", "balance"})


def _asks_what_is_left(folded: str, lang: Lang) -> bool:
    """Whether the message asks what is left in the account (above): no figures, no verb of sending."""
    said = set(lemmas(folded, lang))
    plain = set(words(folded))
    return (not any(char.isdigit() for char in folded) and bool(plain & _BANK_ACCOUNT_WORDS)
            and bool(said & _BANK_LEFT_LEMMAS or plain & _BANK_LEFT_WORDS or _BANK_WHATS_IN.search(folded))
            and not said & _KIND_VERBS[BANK][lang])


# What went out of the account ("quero ver oq saiu da minha conta esse mes", "qué salió de mi cuenta", "what went out
# of my account"): the statement, by a verb of going out said of the account, no figures, no verb of sending.
_BANK_OUT_LEMMAS = frozenset({"sair", "salir", "sortir"})
_BANK_WENT_OUT = re.compile(r"(?<!\w)(?:went|gone|goes|going|came|taken) out(?!\w)")


def _asks_what_went_out(folded: str, lang: Lang) -> bool:
    """Whether the message asks what went out of the account (above)."""
    said = set(lemmas(folded, lang))
    went_out = any(lemma_readings(word, lang) & _BANK_OUT_LEMMAS and word not in _BANK_OUT_LEMMAS
                   for word in words(folded))  # "saiu", "salió"; not "quero sair da conta"
    return (not any(char.isdigit() for char in folded) and bool(set(words(folded)) & _BANK_ACCOUNT_WORDS)
            and bool(went_out or _BANK_WENT_OUT.search(folded)) and not said & _KIND_VERBS[BANK][lang])


def asks_balance(folded: str, lang: Lang) -> bool:
    """Whether a message asks what the account holds (see `HOW_MUCH`): never with figures in it, nor with a verb
    of sending in the same clause ("quanto tenho que pagar pro Pedro?" is about a payment; "quanto tenho na conta
    porque preciso pagar umas coisas" is not)."""
    found = _how_much(lang).search(folded)
    if found is None or any(char.isdigit() for char in folded):
        return False
    end = _CLAUSE_END.search(folded, found.end())
    clause = folded[: end.start()] if end else folded
    ahead = words(clause[found.end():])[:_HELD_WINDOW]  # "cuanto me queda": "queda" of "quedar", not the noun
    return any(verb_readings(word, lang) & HELD[lang] for word in ahead) and not set(lemmas(clause, lang)) & _KIND_VERBS[BANK][lang]


# The school's grammar beyond its verbs: wanting an activity is booking it ("vull fer escalada", "quiero hacer esquí",
# "we wanna go skiing"), with only a verb of doing or going and articles between; asking whether there is room is
# asking for availability ("tenés lugar para esquí?", "hi ha lloc?", "any spots left?"): a verb of having or being
# there, then a noun of room within `_ROOM_WINDOW` words ("para 2 lugares" has no such verb: a party).
_WISH: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"querer", "gostar", "desejar", "pretender"}), "es": frozenset({"querer", "gustar", "desear"}),
    "ca": frozenset({"voler", "agradar", "desitjar"}), "en": frozenset({"want", "wanna", "like", "love"}),
}
_DOING: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"fazer", "ir", "praticar", "experimentar", "provar", "uma", "um", "o", "a", "de", "aula"}),
    "es": frozenset({"hacer", "ir", "practicar", "probar", "un", "una", "el", "la", "de", "clase"}),
    "ca": frozenset({"fer", "anar", "practicar", "provar", "un", "una", "el", "la", "de", "classe"}),
    "en": frozenset({"to", "do", "go", "try", "some", "a", "an", "the", "lesson", "class"}),
}
_ASKING_MODALS = frozenset({"can", "could", "may"})  # English asks for a thing with "can i", "could we"
_HAVE: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"ter", "haver", "sobrar", "restar"}), "es": frozenset({"tener", "haber", "quedar"}),
    "ca": frozenset({"tenir", "haver", "quedar"}), "en": frozenset({"have", "there", "any", "got"}),
}
_ROOM: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"vaga", "vago", "lugar", "espaco"}),
    "es": frozenset({"lugar", "sitio", "plaza", "hueco", "cupo", "espacio"}),
    "ca": frozenset({"lloc", "placa", "espai"}),
    "en": frozenset({"room", "spot", "space", "place", "opening", "slot"}),
}
_ROOM_WINDOW = 3


def _school_kind(text: str, lang: Lang) -> RequestKind | None:
    """A booking of an activity wanted, or availability asked as room, in the school's grammar (above)."""
    said = [(word, lemma(word, lang)) for word in words(text)]
    for index, (_, lem) in enumerate(said):
        if lang == "en" and lem in _ASKING_MODALS and index + 1 < len(said) and fold(said[index + 1][0]) in ("i", "we"):
            lem, index = "want", index + 1  # "can i do a ski lesson…", "could we get climbing…": a wish
        if lem in _WISH[lang]:
            rest = [word for word, later in said[index + 1:] if later not in _DOING[lang] and fold(word) not in _DOING[lang]]
            if rest and find_activity(fold(rest[0]), rest[0], lang):
                return "booking"
        if lem in _HAVE[lang] and any(later in _ROOM[lang] for _, later in said[index + 1: index + 1 + _ROOM_WINDOW]):
            return "availability"
    return None


# The customer selling a device to the store: a verb of wanting then selling ("quiero vender el celu", "I'd like to
# sell it"), or selling in the first person ("vendo mi iphone", "venc el meu mòbil"); "venden celulares?" is the store's.
_STORE_SELL_WANT: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"querer", "gostar", "precisar", "pensar"}),
    "es": frozenset({"querer", "necesitar", "pensar", "gustar"}),
    "ca": frozenset({"voler", "necessitar", "pensar", "agradar"}),
    "en": frozenset({"want", "wanna", "like", "need", "looking", "try"}),
}
# Sold to the customer, not by them: "me quieren vender", "want to sell me a case", "vocês querem vender".
_STORE_SOLD_TO_ME = frozenset({"me", "you", "u", "voces", "vcs", "ustedes", "vosotros", "vosaltres", "vostes"})
_STORE_SELL_INFINITIVE = frozenset({"vender", "vendre", "sell"})
_STORE_SELL_FIRST_PERSON = frozenset({"vendo", "venc", "vendería", "venderia", "venderiem", "vendria"})
_STORE_SELL_WINDOW = 3

# What the store would give the customer for their device: "how much" then a verb of giving or paying whose
# receiver is the customer ("cuánto me das/darías/pagás por mi iphone", "quanto vc me dá no meu", "quant em
# donaries pel meu"). The customer's "me" tells it from a price asked ("cuánto pago por el iphone 14").
_STORE_OFFER_HOW_MUCH: dict[Lang, re.Pattern[str]] = {
    "pt-BR": re.compile(r"\bquanto (?:(?:que )?(?:voce|voces|vc|vcs|tu) )?me (\w+)"),
    "es": re.compile(r"\bcuanto (?:(?:es lo que|que) )?(?:(?:vos|tu|ustedes|usted|vosotros) )?me (\w+)"),
    "ca": re.compile(r"\bquant (?:(?:que )?(?:tu|vosaltres|vostes|vosté) )?(?:em |m')(\w+)"),
    "en": re.compile(r"\bhow much (?:money )?(?:will|would|do|can|could|d) (?:you|u|ya) (\w+) me\b"),
}
_STORE_OFFER_LEMMAS = frozenset({"dar", "pagar", "donar", "oferecer", "ofrecer", "oferir", "give", "pay", "offer"})


def _asks_store_offer(folded: str, lang: Lang) -> bool:
    """Whether the customer asks what the store would give them for a device (above)."""
    return any(lemma_readings(match.group(1), lang) & _STORE_OFFER_LEMMAS
               for match in _STORE_OFFER_HOW_MUCH[lang].finditer(folded))



def _sells_own_device(folded: str, lang: Lang) -> bool:
    """Whether the customer says they sell a device (above)."""
    said = words(folded)
    if any(word in _STORE_SELL_FIRST_PERSON for word in said):
        return True
    return any(word in _STORE_SELL_INFINITIVE and any(
        lemma(before, lang) in _STORE_SELL_WANT[lang] for before in said[max(0, index - _STORE_SELL_WINDOW):index])
        and not _STORE_SOLD_TO_ME & set(said[max(0, index - _STORE_SELL_WINDOW):index + 2])
        for index, word in enumerate(said))


def request_kind(folded: str, org_kind: OrgKind, lang: Lang) -> RequestKind | None:
    """The first request kind (in table order) whose words occur in the folded text, else the balance asked by
    "how much" (bank), else at the school an activity wanted or room asked for (`_school_kind`) or "how much" said
    of an activity (its price), else the first whose verbs occur as lemmas."""
    found = next((kind for kind, pattern in _kind_patterns(org_kind, lang) if pattern.search(folded)), None)
    if found == "pix_transfer" and asks_balance(folded, lang):
        return "balance"  # "quanto que eu tenho na conta porque preciso pagar…": the paying is another clause's
    if org_kind == STORE and found in (None, "product_search") and (
            _sells_own_device(folded, lang) or _asks_store_offer(folded, lang)):
        return "used_quote"  # "quiero vender el celu", "I want to sell it": the customer sells, the store buys
    if found is not None:
        return found
    if org_kind == BANK and (asks_balance(folded, lang) or _asks_what_is_left(folded, lang)):
        return "balance"
    if org_kind == BANK and _asks_what_went_out(folded, lang):
        return "pix_history"
    if org_kind == BANK and lang != "en" and _BANK_ENGLISH_MONEY_VERBS.search(folded):
        return "pix_transfer"  # "transfer 40 a pedro mañana porfa": an English verb in a Spanish or Portuguese chat
    if org_kind == SCHOOL and (found := _school_kind(folded, lang)) is not None:
        return found  # before the nouns of KIND_LEMMAS: "quero fazer uma aula de esqui" books, it asks no times
    if org_kind == SCHOOL and _how_much(lang).search(folded) and find_activity(folded, folded, lang):
        return "availability"  # "how much are climbing and skiing?", "cuánto el esquí?": a price asked
    if org_kind == SCHOOL:
        folded = _without_others_signing_up(folded, lang)
    said = set(lemmas(folded, lang)) | set(misspelt_verbs(folded, lang, _KIND_VERBS[org_kind][lang]))
    found = next((kind for kind, verbs in KIND_LEMMAS[org_kind][lang] if said & verbs), None)
    if found is None and lang != "en" and org_kind == BANK and (loan := _english_loan_noun(folded)):
        return loan  # "oi, me fala meu balance pls"
    if found is None and lang != "en" and org_kind in _ENGLISH_LOAN_VERBS:
        kind, verbs = _ENGLISH_LOAN_VERBS[org_kind]  # "hola, send 20 a Pedro porfa", "booking per esquí demà"
        if set(lemmas(folded, "en")) & verbs:
            return kind
    return found


# English verbs of a request said inside another language ("send 20 a Pedro", "fem un booking per a 2"): read as
# that language's verb, by their English lemma; only verbs no pt, es or ca word shares.
_ENGLISH_LOAN_VERBS: dict[OrgKind, tuple[RequestKind, frozenset[str]]] = {
    "bank": ("pix_transfer", frozenset({"send", "transfer", "wire"})),
    "school": ("booking", frozenset({"book", "booking"})),
}
# English nouns of a bank request said inside another language ("me fala meu balance", "manda o statement"); only
# nouns no pt, es or ca word shares.
_BANK_ENGLISH_NOUNS: tuple[tuple[RequestKind, frozenset[str]], ...] = (
    ("balance", frozenset({"balance"})), ("pix_history", frozenset({"statement", "transaction", "history"})))


def _english_loan_noun(folded: str) -> RequestKind | None:
    said = set(lemmas(folded, "en"))
    return next((kind for kind, nouns in _BANK_ENGLISH_NOUNS if said & nouns), None)


# A verb of signing up said of someone else, after a third-person reflexive pronoun ("s'apunta la meva parella",
# "se apunta mi hermano", "s'hi apunta el Joan", "se anota mi primo"): someone joining the group
# (`asks.perception.party`), not a request to book.
_OTHERS_SIGNING_UP = re.compile(r"(?<![\w'])(?:se|s'hi|s')\s*(?:apunt|anot|inscri|sum|un)\w*")


def _without_others_signing_up(folded: str, lang: Lang) -> str:
    """`folded` without a verb of signing up said of someone else (`_OTHERS_SIGNING_UP`); pt and en have none."""
    if lang not in ("es", "ca"):
        return folded
    return _OTHERS_SIGNING_UP.sub(lambda match: " " * len(match.group()), folded)


# A verb of sending said in the past by the customer ("what i sent", "o que eu mandei", "lo que envié", "el que he
# enviat") asks what was sent, not to send: the preterite's first person, or a perfect's participle, by lemma.
_PAST_ENDINGS: dict[Lang, tuple[str, ...]] = {
    "pt-BR": ("ei", "i", "amos"),  # mandei, transferi, enviamos
    "es": ("é", "í", "ado", "ido", "amos"),  # mandé, transferí, (he) enviado; accent-less "mande" is no past
    "ca": ("at", "it", "àrem"),  # (he) enviat, transferit
    "en": ("sent", "paid", "transferred", "wired", "spent", "spend"),  # the forms themselves
}
_PAST_AUXILIARY: dict[Lang, str] = {"pt-BR": "", "es": r"(?:he|hemos|has|hice)", "ca": r"(?:he|hem|has|vaig|vam)",
                                    "en": ""}


# Payments made, said with a verb of doing: "qué transferencias hice", "que pix eu fiz", "what payments did i make".
_PAYMENTS = frozenset({"pix", "transferencia", "transferencias", "transfer", "transfers", "pagamento", "pagamentos",
                       "pago", "pagos", "payment", "payments", "pagament", "pagaments", "transferencies"})
# Money spent is money gone: any form of spending but its infinitive ("quanto posso gastar?" asks no statement).
_BANK_SPENDING_LEMMAS = frozenset({"gastar", "despender", "spend", "spent"})
_EN_DID = frozenset({"did", "didn't", "didnt"})
_WHAT_WAS = frozenset({"lo que", "o que", "el que"})
_INFINITIVE_FORM = re.compile(r"(?:ar|er|ir|re)$")
_DID_PAST = frozenset({"fiz", "fizemos", "hice", "hicimos", "did", "made", "vaig", "fet"})


def sent_before(text: str, lang: Lang) -> bool:
    """Whether `text` says the customer sent or paid, in the past (see `_PAST_ENDINGS`), or made payments
    (`_PAYMENTS` with a past form of doing): a question about the statement when no amount goes with it. A Spanish
    or Catalan participle counts after its auxiliary only."""
    verbs = _KIND_VERBS[BANK][lang]
    said = words(text)
    folded_words = {fold(word) for word in said}
    if folded_words & _PAYMENTS and folded_words & _DID_PAST:
        return True
    if any(lemma_readings(word, lang) & _BANK_SPENDING_LEMMAS and fold(word) not in _BANK_SPENDING_LEMMAS
           for word in said):
        return True  # "cuanto gaste este mes", "quanto gastei": spending said in any form but the infinitive
    for index, word in enumerate(said):
        lowered = word.lower()
        if lang == "en":
            if lowered in _PAST_ENDINGS["en"]:
                return True
            if lemma(word, lang) in verbs and any(fold(before) in _EN_DID for before in said[max(0, index - 3):index]):
                return True  # "what did i send last week", "how much did we pay": the past said by "did"
            continue
        if lemma(word, lang) not in verbs or fold(lowered) == fold(lemma(word, lang)):
            continue
        if index >= 2 and fold(" ".join(said[index - 2:index])) in _WHAT_WAS and not _INFINITIVE_FORM.search(lowered):
            return True  # "mostrame lo que mande este mes", "o que mandei": what was sent, typed without accents
        ending = next((end for end in _PAST_ENDINGS[lang] if lowered.endswith(end)), None)
        if ending is None and lang == "es" and fold(lowered).endswith(("e", "i")) and any(
                _how_much(lang).fullmatch(fold(before)) for before in said[max(0, index - 3):index]):
            return True  # "cuanto le mande a pedro este mes?": how much was sent, typed without its accent
        if ending is None:
            continue
        if ending in ("ado", "ido", "at", "it") and not (
                index and re.fullmatch(_PAST_AUXILIARY[lang], fold(said[index - 1]))):
            continue
        return True
    return False


def _transfer_words(folded: str, lang: Lang) -> bool:
    """Whether the bank's transfer words occur in the folded text."""
    return any(kind == "pix_transfer" and pattern.search(folded) for kind, pattern in _kind_patterns(BANK, lang))


# An amount said as the one not meant: "70 em vez de 50", "45 e não 40", "45 not 40", "60 instead of 50".
# "wait no 25", "sorry no 30", "pera não, 60": a correction's "no" says the amount after it is the one meant
_CORRECTING_NO = re.compile(r"(?<!\w)(?:wait|sorry|oops|ops|ups|opa|espera|pera|perai|perdon|perdao|desculpa"
                            r"|mejor|melhor|millor|ai|ay|uy|ui|oh|ah)\W+(?:no|nao|not)\W*$")
_REJECTED_BEFORE = re.compile(r"(?<!\w)(?:em vez de|ao inves de|no lugar de|en vez de|en lugar de|instead of|rather than"
                              r"|e nao|y no|i no|and not|not|nao|no|en comptes de|en lloc de)\s*(?:r\$|\$|€)?\s*$")


# Two amounts with a bare "não"/"no" between them and nothing else: "200 não 250" is a speaker correcting herself
# ("duzentos, não, duzentos e cinquenta") as often as "200, not 250" ("somos 3 no 4"). Neither is read: the bot asks.
_AMBIGUOUS_NO = re.compile(r"\s+(?:nao|no)\s+(?:r\$|\$|€)?\s*")


def _choose_amount(amounts: list[AmountMention], text: str = "") -> AmountMention | None:
    """The last explicit amount, else the last bare one; never one said as the one not meant (`_REJECTED_BEFORE`:
    "pode ser 70 em vez de 50" is 70); none when two are said either way round (`_AMBIGUOUS_NO`)."""
    if text and any(_AMBIGUOUS_NO.fullmatch(fold(text[first.end:second.start]))
                    for first, second in zip(amounts, amounts[1:], strict=False)):
        return None
    if text:
        meant = [a for a in amounts if not _REJECTED_BEFORE.search(before := fold(text[max(0, a.start - 20):a.start]))
                 or _CORRECTING_NO.search(before)]
        amounts = meant if meant else amounts
    chosen = [a for a in amounts if a.explicit] or amounts
    return chosen[-1] if chosen else None


def when_iso(when: WhenMention) -> str:
    """ISO 8601 text of a WhenMention: date, aware datetime, or the time alone when no date was said."""
    if isinstance(when.value, datetime):
        return when.value.isoformat() if when.has_date else when.value.time().isoformat()
    assert isinstance(when.value, date)
    return when.value.isoformat()


@lru_cache(maxsize=8)
def _activity_patterns(lang: Lang) -> tuple[tuple[re.Pattern[str], str | None], ...]:
    """Compiled activity table of `lang`."""
    return tuple((_words(pattern), written) for pattern, written in ACTIVITIES[lang])


def find_activities(folded: str, text: str, lang: Lang) -> list[str]:
    """The activities named, one per activity in the order said, lower-cased: from the language's activity table,
    else from the first other language's table that names any ("volem fer ski" in Catalan, "raquetas" in a Catalan
    chat: a sport's name is often said in another language, and the school's catalogue knows it in all four)."""
    for each in (lang, *(other for other in LANGS if other != lang)):
        found = sorted((m.start(), m.end(), written) for pattern, written in _activity_patterns(each)
                       if (m := pattern.search(folded)))
        # a name inside a longer one is no activity of its own: "caminhada com raquetes" is snowshoeing, never a
        # "caminhada" (a hike) first
        found = [(start, end, written) for start, end, written in found
                 if not any(s <= start and end <= e and (s, e) != (start, end) for s, e, _ in found)]
        if found:
            named = [written or text[start:end].lower() for start, end, written in found]
            return [name for index, name in enumerate(named) if fold(name) not in map(fold, named[:index])]
    return []


# Each activity table's single words (regex alternatives that are plain words) with what to write for each, for the
# misspelt names below: "escalda", "raquets", "snowshoing", "climbin", "sky" (one letter off).
def _activity_spellings(lang: Lang) -> tuple[tuple[str, str], ...]:
    return tuple((word, written or word) for pattern, written in ACTIVITIES[lang]
                 for word in pattern.replace("s?", "").split("|") if word.isalpha())


_ACTIVITY_SPELLINGS: dict[Lang, tuple[tuple[str, str], ...]] = {each: _activity_spellings(each) for each in LANGS}
_MISSPELT_ACTIVITY_MIN_LETTERS = 3
_SHORT_ACTIVITY_WORD = 4  # a word this short is read misspelt only if no language knows it


# Words after which an activity's name is what a booking message says next ("reservar escalda", "clase de sky",
# "book sky", "fer esqui"): there a word one letter off an activity is read as it even if it is a word of its own.
_ACTIVITY_LEADS = frozenset({"reservar", "reserva", "reservame", "reserve", "reserveu", "book", "booking", "de", "of",
                             "d", "fer", "hacer", "fazer", "do", "go", "clase", "clases", "classe", "classes", "class",
                             "aula", "aulas", "lesson", "lessons", "curso", "curs", "course"})


def find_misspelt_activity(text: str, lang: Lang, requested: bool = False) -> str | None:
    """An activity named one letter off its name in any language's table (`rapidfuzz`'s optimal string alignment
    distance 1: a letter dropped, added, replaced, or two neighbours swapped, "esclaada", "raqueats"),
    read only from a word the dictionary of `lang` does not know ("raquets", "snowshoing", "climbin", "esqi"; never
    "skip" or "escolar", which are words), and if short, that no language knows ("sure" is no "surf" in Spanish):
    the tables of `lang` first. In a booking or availability request (`requested`), a word right after a booking
    verb, a class noun or "de" is read so even if it is a word ("reservar escalda", "clase de sky"; "grupo escolar"
    stays a school group)."""
    said_words = words(text)
    for index, word in enumerate(said_words):
        said = fold(word)
        at_lead = requested and index > 0 and fold(said_words[index - 1]) in _ACTIVITY_LEADS
        if len(said) < _MISSPELT_ACTIVITY_MIN_LETTERS or (known(word.lower(), lang) and not at_lead):
            continue
        if not at_lead and len(said) <= _SHORT_ACTIVITY_WORD and any(known(word.lower(), other) for other in LANGS):
            continue  # "sure" in a Spanish chat is no "surf"
        for each in (lang, *(other for other in LANGS if other != lang)):
            found = next((written for spelling, written in _ACTIVITY_SPELLINGS[each]
                          if OSA.distance(said, spelling, score_cutoff=1) <= 1
                          and (len(said) > 4 or said[0] == spelling[0])), None)
            if found is not None:
                return found
    return None


def find_activity(folded: str, text: str, lang: Lang) -> str | None:
    """The activity named first (`find_activities`), or None."""
    return next(iter(find_activities(folded, text, lang)), None)


def _bank_slots(text: str, lang: Lang, kind: RequestKind | None, currency: str, asked_for: str | None,
                corrects: bool = False, when: WhenMention | None = None) -> dict[str, object]:
    """Amount, Pix key and recipient of a bank message. A bare number in a correction with no other request ("no
    wait make it 55") is an amount, however long the message. The words of the day said ("pra daqui a 2 dias")
    are never the recipient."""
    # a bare figure typed when the bot asked who ("50" to "para quem?") is the amount still missing: no name is a
    # number, and the request asks for the recipient again
    short_reply = kind is None and asked_for in (None, "recipient") and len(text.split()) <= SHORT_REPLY_WORDS
    money_context = kind == "pix_transfer" or asked_for == "amount" or short_reply or (kind is None and corrects)
    taken = (when.parts or [(when.start, when.end)]) if when else []  # a figure of the day said is no amount
    amount = _choose_amount([a for a in find_amounts(text, lang, currency, money_context=money_context)
                             if not any(start < a.end and a.start < end for start, end in taken)
                             # "duezntos e cinquenta": the amount said is unread, asked for, never cut to 50
                             and not misspelt_number_word_beside(text, lang, a.start, a.end)], text)
    keys = find_pix_keys(text)
    money_request = kind == "pix_transfer" or amount is not None
    return {
        "amount": MoneySlot(amount_cents=amount.amount_cents, currency=amount.currency) if amount else None,
        "pix_key": PixKeySlot(type=keys[-1][0].type, value=keys[-1][0].value) if keys else None,
        "recipient": find_recipient(text, lang, asked_for == "recipient", money_request,
                                    [*pix_key_spans(text), *((when.parts or [(when.start, when.end)]) if when else [])],
                                    amount_end=amount.end if amount else None, corrects=corrects),
    }


def _school_slots(text: str, folded: str, lang: Lang, when: WhenMention | None, asked_for: str | None,
                  kind: RequestKind | None = None) -> dict[str, object]:
    """Party size and activity of a school message (the time said is not a party size)."""
    taken = (list(when.parts) or [(when.start, when.end)]) if when else []  # the date's and the time's words
    added = find_party_added(folded, lang)  # "one more person is joining": never a party of one
    removed = None if added else find_party_removed(folded, lang, taken)  # "uno no puede venir": one less
    size = None if added or removed else find_party_size(text, folded, lang, taken, asked_for == "party_size")
    if added is None and size in (None, 1) and find_companion_joining(folded, lang):
        added, size = 1, None  # "ah i ve la meva germana tb", "se prende un amigo" (not a party of one): one more
    return {
        "party_size": size,
        "party_added": added,
        "party_removed": removed,
        "activity": find_activity(folded, text, lang) or find_misspelt_activity(
            text, lang, requested=kind in ("booking", "availability")),
    }


# A Pix said to be scheduled already ("o pix que agendei", "la transferencia programada", "my scheduled pix") and a
# verb of changing it: a change of that Pix (`pix_transfer_change`), never a new one; "agenda 50 pro pedro" is none.
_SCHEDULED_ALREADY = re.compile(r"(?<!\w)(?:agendad[oa]s?|agendei|agendou|programad[oa]s?|programe|programat|"
                                r"programada|vaig programar|scheduled)(?!\w)")
_CHANGE_VERB = re.compile(r"(?<!\w)(?:mud\w*|alter\w*|troc\w*|cambi\w*|canvi\w*|modific\w*|chang\w*|mov\w*|"
                          r"push\w*|pass\w*|pas[ae]\w*|adi[ae]\w*|posterg\w*|ajorn\w*|postpone\w*|reschedul\w*)")


def _changes_scheduled_pix(folded: str) -> bool:
    """Whether the message asks to change a Pix it says is already scheduled (above)."""
    return _SCHEDULED_ALREADY.search(folded) is not None and _CHANGE_VERB.search(folded) is not None


def _meant_when(when: WhenMention | None, folded: str, kind: RequestKind | None, asked_for: str | None,
                markers: set[Marker]) -> WhenMention | None:
    """`when`, unless it is a bare "today" word said outside a dated request, or a day in a farewell (module doc)."""
    if when is None or asked_for == "when":
        return when
    if _FAREWELL_RE.search(folded) and not when.has_time and kind is None:
        return None
    if when.has_time or fold(when.raw).strip() not in _TODAY_WORDS:
        return when
    if kind in _DATED_KINDS or _LATER_TODAY.search(folded[: when.start]) or _TODAY_INSISTED.match(folded[when.end:]) \
            or _TODAY_AFTER_NO.match(folded[: when.start]):
        return when
    return when if _CHANGE_RE.search(folded) else None


def _day_said_beside_amount(text: str, lang: Lang, now: datetime, tz: str, currency: str) -> WhenMention | None:
    """A day of the month said with an article alone in a money request whose amount is said apart from it ("transferí
    50 a maria el 15", "manda 30 pro pedro o 20"): the day, never a second amount."""
    day = day_after_article(text, lang, now, tz)
    if day is None:
        return None
    amounts = find_amounts(text, lang, currency, money_context=True)
    beside = [a for a in amounts if a.end <= day.start or a.start >= day.end]
    return day if beside and len(beside) < len(amounts) else None


def _without(folded: str, when: WhenMention | None) -> str:
    """`folded` with the words of the day and time said blanked ("demà passat": its "passat" is no verb of moving)."""
    for start, end in sorted((when.parts or [(when.start, when.end)]) if when else [], reverse=True):
        folded = folded[:start] + " " * (end - start) + folded[end:]
    return folded


def _within_contract(slots: dict[str, object]) -> dict[str, object]:
    """The slots the contract's bounds accept. A message may say what no request can carry (a name of a thousand
    letters, the year 9999): such a value is not read, as if it had not been said."""
    kept: dict[str, object] = {}
    for name, value in slots.items():
        try:
            Slots.model_validate({name: value})
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

    `lang` is the language the message is read in (the customer's, which may differ from the organisation's);
    `now` must be aware; relative dates resolve in `tz`. `currency` is the organisation's currency (bare amounts,
    "$", "centavos"). `asked_for` is the slot the agent asked for, if any; `replies_to` is the channel id a
    swipe-reply quotes, carried into the perception as is.

    A message written in a language the organisation does not serve (Catalan at the bank, Portuguese at the school)
    is read in `lang` and in its own language too (the detector over all four, asked once a message), and the
    richer reading wins (a request kind, then more slots): "quant tinc al compte" is a balance, "depois de amanhã" a
    day. The perception stays in `lang`, the language of the reply.

    Typos are read in two passes over the message's own language, each kept only when it is safe
    (`_typo_reading_kept`): first a word no dictionary knows, one letter off the one word it can be ("amannha",
    "tomororw", "reseva"), and chat shorthand in full ("pa maria", "pasado mñn", "we r 3";
    `language.typos.restore_typos`); then a word of the dictionary one letter off a word the readers look for
    ("quiero habar con alguien", `language.typos.restore_real_word_typos`), which must add to the reading. A typo
    never changes a value already read (an amount, a key, a recipient), nor turns one request into another; it may
    fill what was missing (shown in the preview), make a request a change of the one already scheduled, or a new
    request a correction ("na verddade manda pro joao").
    """
    if _shouted(text):
        text = text.lower()  # "MANDA 25 PRO PEDRO AGORA": capitals that mark no name ("PEDRO AGORA" is no contact)
    # the language the message is in, for its reading and its typos: a Catalan message at the bank ("quants dinesr",
    # "un treballdaor") has Catalan ones, and a Portuguese word at the school ("a primeira") is no Catalan typo
    own = cast("Lang", detect_language(text, LANGS, lang, first=True))
    read = partial(_perceive_as_typed, own=own, lang=lang, org_kind=org_kind, now=now, tz=tz, currency=currency,
                   asked_for=asked_for, replies_to=replies_to)
    reading, read_text = read(text), text
    for restore, of_real_words in ((partial(restore_typos), False),
                                   (partial(restore_real_word_typos, keep=_ACTIVITY_WORDS), True)):
        # the typos of the language the message is in, else of the chat's ("passa pro dia seguite" in a Portuguese
        # chat: Spanish to the detector, whose dictionary knows "seguite")
        restored, typed_in = next(((fixed_text, each) for each in dict.fromkeys((own, lang))
                                   if (fixed_text := restore(read_text, each, _request_words(org_kind, each))) != read_text),
                                  (read_text, own))
        if restored == read_text:
            continue
        fixed = read(restored)
        misread = {fold(word) for word in words(read_text)} - {fold(word) for word in words(restored)}
        if _typo_reading_kept(reading, fixed, misread=misread, of_real_words=of_real_words,
                              in_own_language=typed_in == own,
                              kind_of_typo=typed_in == own and (
                                  _only_shorthand(misread, typed_in) and not of_real_words
                                  or _kind_of_typo(read, reading, fixed, read_text, misread))):
            reading, read_text = fixed, restored
    return reading


# Every language's activity names and their words: names of things, never a misspelt word the readers look for.
_ACTIVITY_WORDS = frozenset(spelling for each in LANGS for spelling, _written in _ACTIVITY_SPELLINGS[each])
# What a restored reading may turn an unfinished request into: nothing moves and nothing is booked by it.
_READING_KINDS = frozenset({"balance", "pix_history"})
_UNFINISHED_OR_READING = frozenset({None, "balance", "pix_history"})
_HANDED_OVER = frozenset({"person", "dispute", "problem", "limit"})
# A request read as the change of one already made ("muda o pix que eu agndei": the scheduled Pix named by a typo):
# the change is previewed like the request, and nothing new is made.
_CHANGE_OF = {"pix_transfer": "pix_transfer_change", "booking": "booking_change"}
# What a word no dictionary knows never changes once read: who is paid and how much. Its other slots may be read
# anew ("dema pssat" read as typed is tomorrow, restored the day after; "ipphone 13" is an iPhone).
_MONEY_SLOTS = frozenset({"amount", "pix_key", "recipient"})
_DAY_SLOTS = frozenset({"when", "day_shift", "when_unitless", "when_unitless_weeks", "when_unit"})


def _only_shorthand(misread: set[str], lang: Lang) -> bool:
    """Whether every word the restoring changed is chat shorthand of `lang` (`language.typos.SHORTHAND`: "qto" is
    "quanto", "pa" "para"): what the customer said in full, no guess, so its reading may be another request than the
    shorthand's as typed ("qto vcs pagam no meu iphone": a used-device quote, not a product search)."""
    from language.typos import SHORTHAND  # not a name of this module: its tables are read as the readers' words

    return bool(misread) and all(word in SHORTHAND[lang] for word in misread)


def _kind_of_typo(read: Callable[[str], Perception], typed: Perception, fixed: Perception, text: str,
                  misread: set[str]) -> bool:
    """Whether the request kind of `typed`, the reading of `text` as typed, came from a misspelt word alone (its
    words `misread`, which no dictionary knows, left out, `text` reads no request): "y mi hermano se apuunta" is no
    booking for "apuunta" being one letter off "apunta", a verb of booking, since restored it is "se apunta", one
    more of the party booked. Only for a message restored in its own language (the caller)."""
    if typed.request_kind is None or fixed.request_kind == typed.request_kind or any(
            known_unaccented(word, each) for word in misread for each in LANGS):
        return False  # a word of some language ("quant" is Catalan) is no misspelling the kind came from
    without = " ".join(word for word in text.split() if fold(word).strip(".,!?¿¡;:").lower() not in misread)
    return read(without).request_kind is None


def _typo_reading_kept(typed: Perception, fixed: Perception, *, misread: set[str], of_real_words: bool,
                       in_own_language: bool = True, kind_of_typo: bool = False) -> bool:
    """Whether `fixed`, the reading of the message with its typos restored, replaces `typed`, the reading as typed
    (see `perceive`); `misread`: the folded words the restoring changed; `of_real_words`: the words restored were
    words of the dictionary themselves, so the restored reading must add to the typed one and change nothing of it;
    not `in_own_language`: restored in the chat's language, not the message's, so every slot read is kept ("a
    primeira", the first time listed, is no Catalan typo of "primera"); `kind_of_typo`: the typed request kind came
    from a misspelt word alone (`_kind_of_typo`), a guess the restored reading replaces, kind and marker.

    - the request kind is kept, or found where there was none, or becomes the change of the request named
      (`_CHANGE_OF`), or a request with no amount nor key yet only reads or hands over ("qual o meu lmiite de pix",
      a Pix to nobody as typed, asks the night limit; "list my last tranfers" the statement); a reading replaced by
      a hand-over ("didnt go though": a dispute, not the statement);
    - every marker is kept, but a new request may become a correction ("na verddade manda pro joao") and anything
      may give way to a hand-over ("me vendieron un cargador trucho": "trucha" is no problem, "trucho" is);
    - the school's guess that a day asked about is what is free gives way to a verb of changing, every slot kept
      (`_availability_guess_withdrawn`: "se puede cmabiar para las 9?");
    - the amount, key and recipient read keep their values (of real words: every slot), but the recipient when it
      was the misspelt word itself ("to Maria for tomororw") or gives way to a day read ("passa pro dia seguite"),
      and every slot when that misspelt recipient gives way to a hand-over ("m'heu cobrat dues vegaades");
    - of real words: markers are added only as a hand-over where nothing or only a reading was asked, with a
      reading that replaces an unfinished request ("cánto puedo mandar esta noche": the limit, no Pix), or where
      nothing at all was read ("quanto posso manar de noite"); and something must be added (a marker, a slot, or a
      request kind where none was)."""
    added, lost = fixed.markers - typed.markers, typed.markers - fixed.markers
    handed = bool(added & _HANDED_OVER)
    unfinished = typed.slots.amount is None and typed.slots.pix_key is None
    withdrawn = _availability_guess_withdrawn(typed, fixed)
    if typed.request_kind is not None and fixed.request_kind != typed.request_kind and not withdrawn \
            and not kind_of_typo and not (
            fixed.request_kind == _CHANGE_OF.get(typed.request_kind)
            or unfinished and (fixed.request_kind in _READING_KINDS or handed)
            or typed.request_kind in _READING_KINDS and fixed.request_kind is None and handed):
        return False
    if lost and not handed and not withdrawn and not (lost == {"new_request"} and (
            "correction" in added or kind_of_typo)):
        return False
    before, after = typed.slots.filled(), fixed.slots.filled()
    kept = set(before) if of_real_words or not in_own_language else _MONEY_SLOTS
    # the recipient as typed was the misspelt word, or a word of the day now read ("passa pro dia seguite": no "Dia")
    day_read = "recipient" not in after and any(name in _DAY_SLOTS and name not in before for name in after)
    if fold(str(before.get("recipient"))) in misread or day_read:
        kept = kept - {"recipient"}
    if handed and fold(str(before.get("recipient"))) in misread:
        # a Pix read off the misspelt word ("cobrat dues vegaades": R$ 2 to "Vegaades") gives way to the hand-over
        # the restored words say ("dues vegades", charged twice); a hand-over moves no money
        kept = set()
    if any(after.get(name) != before[name] for name in kept & set(before)):
        return False
    if not of_real_words:
        return True
    said_nothing = typed.request_kind is None and not typed.markers and not before
    reads_instead = typed.request_kind is not None and fixed.request_kind in _READING_KINDS  # "cánto puedo mandar"
    # a request found where only its values were ("precisava madar 75 reais pro Pedro"): its own marker comes along,
    # every value kept, and it is previewed like any request
    found_request = typed.request_kind is None and fixed.request_kind is not None and added == {"new_request"}
    if added and not (typed.request_kind in _UNFINISHED_OR_READING and handed) and not said_nothing \
            and not reads_instead and not found_request:
        return False
    return bool(added) or len(after) > len(before) or (typed.request_kind is None and fixed.request_kind is not None)


def _availability_guess_withdrawn(typed: Perception, fixed: Perception) -> bool:
    """Whether the typed reading's request was only the school's guess that a day asked about is what is free (a
    question with a day, no verb read), and the restored one reads a verb of changing instead, every slot kept: "se
    puede cmabiar para las 9?" after a booking moves it, as "cambiar" does; it books nothing new."""
    return (typed.request_kind == "availability" and fixed.request_kind is None
            and typed.markers - {"new_request"} <= fixed.markers
            and typed.slots.filled().items() <= fixed.slots.filled().items())


def _shouted(text: str) -> bool:
    """Whether a message is typed all in capitals, words of two letters or more, with no Pix code or key in it (whose
    letters' case may count)."""
    said = [word for word in words(text) if len(word) > 1]
    return len(said) >= 2 and all(word.isupper() for word in said) and "000201" not in text and not find_pix_keys(text)


@lru_cache(maxsize=16)
def _request_words(org_kind: OrgKind, lang: Lang) -> frozenset[str]:
    """The words of the organisation kind's request table in `lang` ("extrato", "saldo"), the names of the school's
    activities ("esalada" is "escalada", not "salada" nor "ensalada") and of what the store sells ("cargadro"): what a
    typo is likely of."""
    words = table_words(KIND_WORDS[org_kind][lang]) | _perception_words(lang)
    return words | {SCHOOL: _ACTIVITY_WORDS, STORE: PRODUCT_WORDS}.get(org_kind, frozenset())


@lru_cache(maxsize=8)
def _perception_words(lang: Lang) -> frozenset[str]:
    """The words the request perception's own tables read in `lang` (what a request is named by, who joins a party,
    whom a Pix is for, what the store sells): `language.lexicon` gathers `language/`'s, these are passed beside."""
    from asks.perception import party, recipient, store  # they import this module

    return modules_words([sys.modules[__name__], party, recipient, store], lang)


def _perceive_as_typed(text: str, *, own: Lang, lang: Lang, org_kind: OrgKind, now: datetime, tz: str, currency: str,
                       asked_for: str | None, replies_to: str | None) -> Perception:
    """`perceive`, the words read as typed; `own` is the language the message is written in."""
    reading = _perceive_in(text, lang, org_kind, now, tz, currency, asked_for, replies_to)
    if reading.slots.offer_pick:
        return reading  # "la segunda" to the times listed: the pick, not Portuguese Monday
    if own != lang:
        other = _perceive_in(text, own, org_kind, now, tz, currency, asked_for, replies_to)
        # as rich, the message's own language may hear more of its wording: "foi mal, queria raquetes" from a
        # Portuguese customer the school answers in Spanish is a correction ("foi mal"), not a second booking
        # (`new_request` is the perceiver's own conclusion, no wording heard)
        if _richness(other) > _richness(reading) or (
                _richness(other) == _richness(reading) and _wording(other) > _wording(reading)):
            return other.model_copy(update={"lang": lang})
    reading = _short_answer_in_other_language(text, reading, org_kind, now, tz, currency, asked_for, replies_to)
    return _request_in_other_language(text, reading, org_kind, now, tz, currency, asked_for, replies_to)


# A short answer in a language the reply is not in ("vint" or "no, avui" from a Catalan customer the bank answers in
# Spanish): too short for the detector, so it is read in the other languages too when the reply language's reading
# finds nothing and one of its words is no word of that language ("deu certo" stays Portuguese, "set" English).
_SHORT_ANSWER_MAX_WORDS = 4


def _short_answer_in_other_language(text: str, reading: Perception, org_kind: OrgKind, now: datetime, tz: str,
                                    currency: str, asked_for: str | None, replies_to: str | None) -> Perception:
    """`reading`, or the richer reading of a short message in another language (above), kept in `reading.lang`."""
    said = words(text)
    if _richness(reading) != (False, 0) or not said or len(said) > _SHORT_ANSWER_MAX_WORDS or all(
            known_unaccented(word, reading.lang) for word in said):
        return reading
    best = reading
    for other in LANGS:
        if other != reading.lang:
            candidate = _perceive_in(text, other, org_kind, now, tz, currency, asked_for, replies_to)
            if _richness(candidate) > _richness(best):
                best = candidate
    return best if best is reading else best.model_copy(update={"lang": reading.lang})


def _request_in_other_language(text: str, reading: Perception, org_kind: OrgKind, now: datetime, tz: str,
                               currency: str, asked_for: str | None, replies_to: str | None) -> Perception:
    """`reading`, or the reading of a mixed message in another language it holds words of, when only that one finds
    a request ("hi, manda 20 to maria please": "manda" is no English word; read as Portuguese it is a Pix). The other
    reading must keep every slot `reading` found as it was (a new request is shown in a preview anyway); it is kept
    in `reading.lang`, the language of the reply."""
    if reading.request_kind is not None:
        return reading
    foreign = [word for word in words(text) if not known_unaccented(word, reading.lang)]
    best = reading
    for other in LANGS:
        if other == reading.lang or not any(known_unaccented(word, other) for word in foreign):
            continue
        candidate = _perceive_in(text, other, org_kind, now, tz, currency, asked_for, replies_to)
        kept = all(candidate.slots.filled().get(name) == value for name, value in reading.slots.filled().items())
        if candidate.request_kind is not None and kept and _richness(candidate) > _richness(best):
            best = candidate
    return best if best is reading else best.model_copy(update={"lang": reading.lang})


def _wording(perception: Perception) -> frozenset[Marker]:
    """The markers a reading heard in the customer's words (`new_request` is decided by the perceiver)."""
    return perception.markers - {"new_request"}


def _richness(perception: Perception) -> tuple[bool, int]:
    """How much a reading found: a request kind, then how many slots (a day beside a time counting as one more)."""
    filled = perception.slots.filled()
    return perception.request_kind is not None, len(filled) + ("-" in str(filled.get("when") or ""))


_SENDING_VERBS: dict[Lang, str] = {
    "pt-BR": r"manda|mande|envia|envie|transfere|transfira|paga|pague|faz um pix de",
    "es": r"manda|mandale|envia|enviale|transferi|transferile|transfiere|transfierele|paga|pagale",
    "ca": r"envia|envia-li|transfereix|paga|paga-li", "en": r"send|transfer|pay|wire",
}
_SENDING_THEN_FIGURE: dict[Lang, re.Pattern[str]] = {
    lang: re.compile(rf"(?<!\w)(?:{verbs})\s+(?:(?:uns|unos|like|about|r\$)\s+)?\d") for lang, verbs in _SENDING_VERBS.items()}
# A model number said after its line, with an article or a possessive before it ("tenho um 13 de 256", "es un 12",
# "i have a 14"), neither a storage nor a percentage.
_LINE_MODEL_NUMBER = re.compile(r"(?i)(?<!\w)(?:um|uma|un|una|uno|a|an|el|o|the|my|meu|mi|el meu)\s+(\d{1,2})(?![\d.,])"
                                r"(?!\s*(?:gb|gigas?|gigs?|g|tb|%)(?!\w))")


def _perceive_in(text: str, lang: Lang, org_kind: OrgKind, now: datetime, tz: str, currency: str,
                 asked_for: str | None, replies_to: str | None) -> Perception:
    """`perceive`, reading the message in `lang`."""
    folded = fold(text)
    original = text  # the bank reads its slots with the words of a day shift blanked
    when = parse_when(_ONE_AS_PRONOUN.sub(_blank_one, text), lang, now, tz)
    # the words of the day said are no request's verb: "millor passat demà" (Catalan "passat", a form of "passar")
    # read in Portuguese or Spanish is a day, not a transfer
    kind = request_kind(_without(folded, when), org_kind, lang)
    markers: set[Marker] = set(detect_markers(text, lang))
    if org_kind == BANK:
        # "mandale 20 a ana y despues decime el saldo": the figure right after a verb of sending is an amount, and
        # the message a transfer, though the balance is named too
        sends = kind in ("balance", "pix_history") and _SENDING_THEN_FIGURE[lang].search(folded) is not None
        if when is None and kind == "pix_transfer":
            when = _day_said_beside_amount(text, lang, now, tz, currency)
        if (shift := find_day_shift(text, lang)) is not None:  # "passa pro dia seguinte": no recipient "Dia"
            text = text[: shift[1]] + " " * (shift[2] - shift[1]) + text[shift[2] :]
        elif when is None and (count := days_ahead_unitless(text, lang)) is not None:
            text = text[: count[1]] + " " * (count[2] - count[1]) + text[count[2] :]  # "nao, daqui a 4": no R$ 4
        slots = _bank_slots(text, lang, "pix_transfer" if sends else kind, currency, asked_for,
                            corrects="correction" in markers, when=when)
        if kind in ("balance", "pix_history") and slots["amount"] and _transfer_words(folded, lang):
            kind = "pix_transfer"  # "manda 15 pra Ana e depois me fala o saldo"
        elif kind in ("pix_transfer", None) and not slots["amount"] and not slots["pix_key"] and sent_before(text, lang):
            kind = "pix_history"  # "show me what i sent this week", "qué transferencias hice", "what did i spend"
        if "limit_asked" in markers and not slots["amount"] and not slots["pix_key"]:
            kind = "balance"  # "qual o meu limite de pix à noite?": the balance's read says it
        elif not slots["pix_key"] and _asks_if_enough(folded, lang):
            kind = "balance"  # "tengo saldo suficiente pa mandar 100?": whether it is enough, the balance says
        elif kind == "pix_transfer" and not slots["amount"] and not slots["pix_key"] and _asks_to_see(folded, lang):
            kind = "pix_history"  # "consegue me mostrar os pix agendados?": Pix shown, none sent
        if kind in ("pix_transfer", None) and "cancel" not in markers and _changes_scheduled_pix(_without(folded, when)):
            kind = "pix_transfer_change"  # "el pix que le programé a maria lo podés cambiar a 40?": that Pix changed
    elif org_kind == SCHOOL:
        amount = _choose_amount([a for a in find_amounts(text, lang, currency) if a.explicit])
        slots = {"amount": MoneySlot(amount_cents=amount.amount_cents, currency=amount.currency) if amount else None}
        slots |= _school_slots(text, folded, lang, when, asked_for, kind)
    else:
        slots = store_slots(text, folded, lang, currency, asked_for)
        if kind == "used_quote" and slots["device_model"] is None and (line := brand_named(text)):
            slots["device_model"] = line  # "quiero vender mi iphone": the line, its model number asked next
            after = _LINE_MODEL_NUMBER.search(text, text.find(line) + len(line))
            if after is not None:  # "compram iphone usado? tenho um 13 de 256": the line's model 13
                slots["device_model"] = f"{line} {after.group(1)}"
        if kind == "product_search" and all(slots.get(name) for name in ("device_model", "capacity_gb", "battery_health")):
            kind = "used_quote"  # "do you buy used phones? i have an iphone 14 128gb with 91% battery": nobody
            # searches the catalogue by battery health
        if kind is None and each_count(str(slots["product"] or "")) is not None:
            kind = "product_search"  # "quiero 2 de cada uno" after a list: a quote of each product shown
        if kind == "product_search" and asked_for and slots.get(asked_for) is not None and not slots["product"]:
            kind = None  # "tiene 80 de batería" when the battery was asked: the answer, no search ("tienen…?")
        budget = cast("AmountMention | None", slots.pop("budget"))
        slots["amount"] = MoneySlot(amount_cents=budget.amount_cents, currency=budget.currency) if budget else None
    if org_kind == SCHOOL and slots.get("party_removed") and "cancel" in markers:
        markers = markers - {"cancel"}  # "un s'ha desapuntat", "uno se borró": one person less, not the booking off
    if "cancel" in markers and _DISMISSED.search(folded) and not asks_to_cancel(text, lang) and any(
            slots.get(name) for name in ("amount", "recipient", "pix_key", "activity", "party_size")):
        # "esquece, manda só 20", "never mind, make it 30": what was said is dropped for what follows, a correction
        markers = (markers - {"cancel"}) | {"correction"}
    if org_kind == SCHOOL and kind is None and (when is not None or find_day_part(text, lang)) and (
            text.rstrip().endswith("?") or set(lemmas(folded, lang)) & _HAVE[lang]) and not slots.get("party_size") \
            and not _CHANGE_RE.search(folded) and not set(lemmas(_without(folded, when), lang)) & _MOVE_VERBS \
            and not _PROPOSAL.search(folded) and not (asked_for == "when" and not (when and when.has_date)):
        kind = "availability"  # "per demà passat teniu alguna cosa al matí?": a day asked about is what is free
        # ("se puede pasar a la tarde?", "me la cambias para las 15?" change what was just booked instead; "i a
        # les 3?", "and in the afternoon?" after the bot asked which time answer it with a time, no day)
    if org_kind == SCHOOL and kind == "availability" and len(find_activities(folded, text, lang)) > 1:
        slots["activity"] = None  # "quant costa l'esquí? i l'escalada?": the whole offer, each activity's price
    if org_kind == SCHOOL and kind is None and set(lemmas(_without(folded, when), lang)) & _MOVE_VERBS and any(
            slots.get(name) for name in ("activity", "party_size")):
        markers.add("correction")  # "y si lo cambiamos a raquetas?", "ho podem canviar per esquí?": what was booked
    if org_kind == SCHOOL and kind is None and _PROPOSAL.search(folded) and (
            when is not None or find_day_part(text, lang) or any(slots.get(name) for name in ("activity", "party_size"))):
        markers.add("correction")  # "pq no la fem a les 9?", "how about the afternoon?": another value proposed
    if kind is not None and "correction" not in markers:
        markers.add("new_request")
    when = _meant_when(when, folded, kind, asked_for, markers)
    if org_kind == SCHOOL and asked_for == "when" and (pick := find_pick(text, lang)):
        slots["offer_pick"] = pick  # "the later one", "la segona", "a segunda" to the times listed: no day said
        when = None
    if org_kind == SCHOOL and not (when and when.has_time):  # a clock time said is the time, whatever the part
        slots["day_part"] = find_day_part(text, lang)
    slots["when"] = when_iso(when) if when else None
    if org_kind in (BANK, SCHOOL) and not (when and when.has_date):
        # "push it to the next day", "l'endemà": a day counted from the request's own, which `asks.decide` knows
        slots["day_shift"] = shift[0] if (shift := find_day_shift(original, lang)) else None
        if not slots["day_shift"] and (count := days_ahead_unitless(original, lang)) is not None:
            # "me equivoqué de día, es para dentro de 4": days only if the request holds a day (`asks.decide`)
            today = now.astimezone(ZoneInfo(tz)).date()
            slots["when_unitless"] = (today + timedelta(days=count[0])).isoformat()
            # after "dentro de una semana", "dentro de 2" is two weeks: the decision knows the unit the day was said in
            slots["when_unitless_weeks"] = (today + timedelta(weeks=count[0])).isoformat()
    # "dentro de una semana": the unit a later count with none is read in
    slots["when_unit"] = "week" if when and when.has_date and said_in_weeks(when.raw, lang) else None
    slots["when_either_half"] = True if when and when.has_time and when.either_half else None
    return Perception(
        perceiver=PERCEIVER, lang=lang, request_kind=kind, slots=Slots.model_validate(_within_contract(slots)),
        markers=frozenset(markers), asked_for=asked_for, replies_to=replies_to,
    )
