"""Guards on the draft's wording: `internal_vocabulary`, `effect_claim_without_effect`, `unusable_request`.

Tables are data, per language, as regular expressions over folded text (`language.text.fold`: lower case, no
accents, same offsets), word-bounded when compiled. Offsets found in the folded draft quote the original draft.
Claims are read in every language of `GuardInput.claim_languages` (the organisation's, the customer's), each with
its own negations, so a Portuguese "pago!" is a claim in a Catalan school too.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import lru_cache

from guards import claim_lexicon as lex
from guards.common_words import in_dictionary
from guards.contract import GuardInput, GuardVerdict, past
from guards.evidence import inferred, typed
from guards.messages import explain
from guards.normalise import normalised
from guards.registry import register
from guards.scan import holds, may_match, scan
from guards.text import ClauseMatch, clause_view, clauses, finditer_in_clauses, folded, host_allowed, links
from language.lemmas import lemma
from language.locales import Lang
from language.money import minor_unit_factor
from language.text import fold

# --- shared --------------------------------------------------------------------------------------------------------


_LEAD = r"(?=[^\W\d_])(?<![\w'’-])"  # a letter that starts a word: every other position fails at once
_TAIL = r"(?![\w'’-])"


def compile_table(patterns: tuple[str, ...]) -> re.Pattern[str]:
    """One word-bounded alternation of `patterns`, each starting with a letter. The leading look-ahead and
    look-behind let the engine skip every position that does not start a word at once (30–100× faster on a draft
    full of numbers); each pattern keeps its own word end."""
    return re.compile(_LEAD + "(?:" + "|".join(f"(?:{p}){_TAIL}" for p in patterns) + ")")


# --- internal_vocabulary -------------------------------------------------------------------------------------------

INTERNAL_TERMS: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"(?:a|da|na|pela|uma|minha|nossa) ferramenta", r"ferramentas? (?:de busca|interna)",
              r"(?:o|nosso|meu) sistema (?:retornou|retorna|devolveu|mostra|mostrou|diz|disse|indica|indicou"
              r"|informa|informou|respondeu|encontrou|nao encontrou)", r"(?:prompt|instrucoes) do sistema",
              r"bancos? de dados", r"base de dados", r"(?:o|do|no|pelo) catalogo (?:retornou|mostra|diz|indica|informa)",
              r"(?:a|da|na) funcao", r"(?:a|da|na) (?:busca|consulta) (?:retornou|devolveu)", r"retorno da ferramenta"),
    "es": (r"(?:la|una|mi|nuestra) herramienta",
           r"(?:el|nuestro|mi) sistema (?:devolvio|devuelve|retorno|muestra|mostro|dice|dijo|indica|indico"
           r"|informa|informo|respondio|encontro|no encontro)", r"(?:prompt|instrucciones) del sistema",
           r"bases? de datos", r"(?:el|del) catalogo (?:devolvio|muestra|dice|indica)", r"(?:la) funcion",
           r"(?:la) (?:busqueda|consulta) (?:devolvio|retorno)"),
    "ca": (r"(?:l'|de l'|a l'|la meva |la nostra )eina",
           r"(?:el|nostre|meu) sistema (?:ha retornat|retorna|ha tornat|mostra|diu|indica|informa|ha respost"
           r"|ha trobat|no ha trobat)", r"(?:prompt|instruccions) del sistema",
           r"bases? de dades", r"(?:el|del) cataleg (?:ha retornat|mostra|diu|indica)", r"(?:la) funcio",
           r"(?:la) (?:cerca|consulta) (?:ha retornat|ha tornat)"),
    "en": (r"(?:the|a|my|our|this) tool", r"tool calls?",
           r"(?:the|our|my) system (?:returned|returns|shows|showed|says|said|lists|listed|indicates|indicated"
           r"|responded|replied|found|gave)", r"system (?:prompt|instructions)", r"databases?",
           r"(?:the|our) catalogu?e (?:returned|shows|says|lists|search)", r"catalogu?e search",
           r"(?:the|a) function(?: call)?", r"(?:the|my) (?:search|lookup|query) returned", r"back-?end"),
}
_UNIVERSAL_TERMS = (r"json", r"api", r"apis", r"endpoint", r"payload", r"null", r"slot[_ ]id",
                    r"ref_[\w-]+",
                    r"(?<![@.])[a-z]+(?:_[a-z0-9]+)+(?!@|\.\w)")  # snake_case tool/field names, not an e-mail
_UUID_RE = re.compile(r"(?<![\w-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w-])")


# "The system" is machinery only where it is the source of what the reply says ("the system returned", "o sistema
# mostra"), as the catalogue is; its outage, its ratings or its rules ("the system crashed", "5.0 stars on the
# system", "o sistema está fora do ar") are the service the customer uses, and so is "Thanks for using our system".
_SERVICE_SENSE_BEFORE_RE = re.compile(r"(?:using|use|usar|usando|utilizar|utilizando|usa|fer servir|utilitzar)\s+$")


_HEX_DIGITS = frozenset("0123456789abcdef")


def _uuid_spans(low: str) -> list[tuple[int, int]]:
    """The spans `_UUID_RE.finditer(low)` finds: a UUID's first dash is its ninth character, so it is tried only
    eight characters before each dash (a list of thousands of lines is not read position by position)."""
    spans = []
    at = low.find("-", 8)
    while at >= 0:
        # (a hex digit right before the dash first: a list's "BK-1000" is no UUID without trying the table there)
        match = _UUID_RE.match(low, at - 8) if low[at - 1] in _HEX_DIGITS else None
        if match is not None:
            spans.append(match.span())
            at = low.find("-", match.end())
        else:
            at = low.find("-", at + 1)
    return spans


@lru_cache(maxsize=8)
def _internal_re(lang: Lang) -> re.Pattern[str]:
    return compile_table(INTERNAL_TERMS[lang] + _UNIVERSAL_TERMS)


@lru_cache(maxsize=256)
def _organisation_re(terms: tuple[str, ...], tools: tuple[str, ...]) -> re.Pattern[str] | None:
    words = [re.escape(folded(term.strip())) for term in (*terms, *tools) if term.strip()]
    return compile_table(tuple(words)) if words else None


def _outside_links(spans: Iterable[tuple[int, int]], draft: str) -> list[tuple[int, int]]:
    """`spans` that are not inside a link (a URL's path or token may look like a field name)."""
    inside = [(start, end) for start, end, _ in links(draft)]
    return [span for span in spans if not any(s <= span[0] and span[1] <= e for s, e in inside)]


@register("internal_vocabulary")
def internal_vocabulary(inp: GuardInput, deadline: float) -> GuardVerdict:
    low = folded(inp.draft)
    spans = [m.span() for m in scan(_internal_re(inp.lang), low)
             if not _SERVICE_SENSE_BEFORE_RE.search(low[max(0, m.start() - 20) : m.start()])]
    spans += _uuid_spans(low)
    if past(deadline):  # each pass over the draft is followed by a look at the deadline
        return GuardVerdict.budget_exceeded("internal_vocabulary", inp.lang)
    own = _organisation_re(tuple(inp.internal_vocabulary), tuple(tool.name for tool in inp.tools_available))
    if own is not None:
        spans += [m.span() for m in scan(own, low)]
    spans = _outside_links(spans, inp.draft) if spans and ("/" in inp.draft or "www" in low) else spans
    if not spans:
        return GuardVerdict.ok()
    evidence = list(dict.fromkeys(inp.draft[start:end] for start, end in sorted(spans)))
    return GuardVerdict.fail("internal_vocabulary", explain("internal_vocabulary", inp.lang, evidence), evidence)


# --- effect_claim_without_effect -------------------------------------------------------------------------------------
# Each language has first-person claims (the agent says it did it: "enviei", "I've booked", "t'he apuntat"), which
# only an effect of this turn supports, and other claims (impersonal, passive, second person: "Pix enviados",
# "your booking is confirmed", "tu reserva quedó hecha", "you sent 3 Pix"), which a report of past effects supports
# too (a result whose tool declares `reports`, e.g. the statement). "Now" wording ("já está a caminho", "acabou de",
# "just now") is always a new effect.

_PT_PART = r"(?:enviad|realizad|feit|efetuad|concluid|confirmad|aprovad|agendad|reservad|pag|transferid|marcad|garantid" \
           r"|registrad|separad|depositad|creditad|processad|finalizad|quitad|liquidad|cobrad|debitad|estornad" \
           r"|reembolsad|remarcad|reagendad|matriculad|inscrit|comprad|encomendad|emitid|programad|assegurad|completad" \
           r"|lancad)[oa]s?" \
           rf"|{lex.alternation(lex.PT_PARTICIPLE_STEMS)}[oa]s?|entregues?"
_ES_PART = r"(?:enviad|realizad|hech|efectuad|completad|confirmad|reservad|pagad|agendad|apartad|transferid|acreditad" \
           r"|registrad|depositad|procesad|cobrad|girad|asegurad|garantizad|programad|finalizad|abonad|liquidad|anotad" \
           r"|inscript|inscrit|emitid|comprad|encargad|reembolsad|debitad)[oa]s?" \
           rf"|{lex.alternation(lex.ES_PARTICIPLE_STEMS)}[oa]s?"
_CA_PART = r"(?:envia|realitza|confirma|reserva|completa|paga|apunta|transferi|programa|inscri|registra|processa|cobra" \
           r"|gira|assegura|garanti|finalitza|abona|anota|compra|reemborsa|carrega|ingressa)(?:t|da|ts|des)" \
           r"|fe(?:t|ta|ts|tes)|inscrit(?:a|s|es)?" \
           rf"|{lex.alternation(lex.CA_PARTICIPLES)}"
_EN_PART = r"(?:sent|transferred|paid|booked|reserved|confirmed|purchased|bought|processed|completed|finali[sz]ed" \
           r"|secured|deposited|initiated|submitted|wired|credited|charged|ordered|accepted|registered|recorded" \
           r"|started|begun|launched|executed|carried out|kicked off|effected|underway|under way|pushed through|put through" \
           r"|taken care of|suc+e(?:s+)?ful+|fixed|arranged|verified|saved|added|approved|moved|created" \
           rf"|{lex.alternation(tuple(f for f in lex.EN_PAST if f not in ('scheduled', 'placed', 'made', 'cleared')))})"
# More nouns of what an effect gives (a place held, money by its everyday names), and money's nouns alone.
_PT_MORE_NOUNS = r"lugar|mesa|valor|grana|consulta|matricula|inscricao"
_ES_MORE_NOUNS = r"lugar|cupo|plata|mesa|boleto|inscripcion|vacante|importe|giro"
_CA_MORE_NOUNS = r"lloc|taula|inscripcio|import"
_PT_MONEY = r"pix|dinheiro|valor|grana|pagamento|transferencia|deposito|r\$ ?\d[\d.,]*"
_ES_MONEY = r"pix|dinero|plata|pago|transferencia|deposito|importe|giro|\$ ?\d[\d.,]*"
_CA_MONEY = r"pix|diners|pagament|transferencia|import|ingres"
_ES_NOUN_MOVING = r"transferencia|pago|pix|envio|giro|deposito"
_CA_NOUN_MOVING = r"transferencia|pagament|pix|enviament|ingres"
_EN_NOUNS = lex.alternation((
    "transfer", "payment", "booking", "reservation", "appointment", "transaction", "money", "funds", "ticket", "order",
    "purchase", "ride", "cab", "taxi", "table", "deposit", "pix", "trip", "flight", "room", "seat", "class", "lesson",
    "spot", "procedure", "request", "operation", "confirmation", "car", "house", "hotel", "visit", "bus", "buying",
    "purchasing", "invoice", "bill", "fee", "package", "parcel", "refund", "enrolment", "enrollment", "registration",
    "subscription")) + "s?"
_EN_OBJECTS = lex.alternation(("reservation", "booking", "transfer", "payment", "appointment", "purchase", "deposit",
                               "order", "ticket", "seat", "table", "ride", "car", "room", "visit")) + "s?"
_EN_ADVERB = r"(?:(?:now|already|just|also|[a-z]+ly|suc+e(?:s+)?ful+) )?"
# The passive perfect of an effect's noun ("o Pix já foi disparado", "el pago fue acreditado", "la reserva ha estat
# tramitada") states the effect with any regular participle of the language, but those of a failure, a refusal, a
# request or a delay (read as statuses: "o Pix foi recusado").
_PT_ANY_PART = r"(?!(?:recusad|rejeitad|cancelad|negad|bloquead|interrompid|impedid|barrad|devolvid|perdid|atrasad" \
               r"|solicitad|pedid|suspens|adiad|informad|avisad)[oa]s?\b)[a-z]{2,}(?:ad|id)[oa]s?"
_ES_ANY_PART = r"(?!(?:rechazad|cancelad|anulad|negad|denegad|bloquead|interrumpid|suspendid|demorad|retrasad" \
               r"|solicitad|pedid|perdid|postergad|informad|avisad)[oa]s?\b)[a-z]{2,}(?:ad|id)[oa]s?"
_CA_ANY_PART = r"(?!(?:rebutja|cancel·la|cancella|anul·la|anulla|denega|bloqueja|suspes|sol·licita|demana|endarreri" \
               r"|ajorna|informa|avisa)(?:t|da|ts|des)\b)[a-z·]{2,}(?:at|ada|ats|ades|it|ida|its|ides)"
_EN_NOT_FULL = r"(?! up| solid| out| for that| at that| already)"

FIRST_PERSON_CLAIMS: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"(?:ja |tambem )?(?:te |lhe )?(?:enviei|mandei|transferi|paguei|depositei|reservei|agendei|marquei|efetuei"
              r"|realizei|conclui|confirmei|separei|garanti|comprei|registrei|inscrevi|cobrei|quitei|processei|finalizei"
              r"|completei|liquidei|matriculei|encomendei|reembolsei|estornei|remarquei|reagendei|lancei"
              r"|fiz (?:o|a|seu|sua|teu|tua|um|uma)"
              r" (?:pix|transferencia|pagamento|reserva|agendamento|envio|deposito|compra|estorno|reembolso|matricula"
              r"|inscricao|devolucao))",
              r"fizemos (?:o|a|seu|sua|teu|tua|um|uma) (?:pix|transferencia|pagamento|reserva|agendamento|envio|deposito"
              r"|compra|estorno|reembolso|matricula|inscricao|devolucao)",
              r"acab(?:ei|amos) de (?:te )?(?:enviar|mandar|transferir|pagar|reservar|agendar|fazer|confirmar|marcar)",
              r"ja (?:te )?(?:enviamos|transferimos|reservamos|agendamos|pagamos)",
              rf"(?:ja |tambem )?(?:te |lhe |o |a |os |as )?{lex.alternation(lex.PT_FIRST_SINGULAR)}",
              rf"ja (?:te |lhe )?{lex.alternation(lex.PT_FIRST_PLURAL)}",
              rf"(?:te |lhe )?{lex.alternation(lex.PT_FIRST_PLURAL)} (?:o |a |os |as |seu |sua |teu |tua |um |uma )?"
              r"(?:\w+ )?(?:pix|transferencia|pagamento"
              r"|reserva|agendamento|valor|dinheiro|deposito|mesa|vaga|aula|ingresso|pedido|compra|boleto|mensalidade"
              r"|consulta|horario|lugar|matricula|inscricao|r\$)",
              rf"deixei (?:tudo |o |a |os |as |seu |sua |teu |tua )?(?:\w+ )?(?:{_PT_PART})",
              r"(?:ja )?recebemos (?:o |a |seu |sua |teu |tua |o seu |a sua )?(?:pix|pagamento|transferencia|deposito|valor)"),
    "es": (r"(?:ya )?(?:te |le |os |les )?(?:lo |la |los |las )?(?:he|hemos) (?:enviado|transferido|pagado|reservado|apartado"
           r"|agendado|realizado|confirmado|completado|depositado|procesado|cobrado|girado|inscrito|anotado|programado"
           r"|finalizado|abonado|liquidado|emitido|registrado|asegurado|recibido|comprado|efectuado"
           r"|hecho (?:la|el|tu|su|una|un) (?:transferencia|pago"
           r"|reserva|envio|deposito|compra))",
           r"(?:ya )?(?:te |le )?hicimos (?:la|el|tu|su|una|un) (?:transferencia|pago|reserva|envio|deposito|compra"
           r"|devolucion|reembolso|inscripcion)",
           r"(?:ya )?(?:te |le |se )?(?:lo |la |los |las )?(?:hice (?:la|el|tu|su) (?:transferencia|pago|reserva|envio"
           r"|deposito|compra)|transferi)",
           r"acab(?:o|amos) de (?:te )?(?:enviar|mandar|transferir|pagar|reservar|apartar|hacer|confirmar)",
           r"(?:ya )?(?:hemos recibido|recibimos) (?:el |la |tu |su )?(?:pago|transferencia|dinero|deposito|importe)",
           rf"(?:ya )?(?:te |le )?{lex.alternation(lex.ES_FIRST_PLURAL)} (?:el |la |los |las |tu "
           r"|su |tus |sus |un |una )?(?:\w+ )?(?:pago|transferencia|reserva|dinero|deposito|importe|mesa|plaza|clase"
           r"|entrada|pedido|compra|turno|cita|lugar|cuota|factura|\$)",
           rf"ya (?:te |le |os |les )?{lex.alternation(lex.ES_FIRST_PLURAL)}"),
    "ca": (rf"(?:ja )?(?:t'|us |l'|li |els |les |te |ho |t'ho )?(?:he|hem) {lex.alternation(lex.CA_PARTICIPLES)}",
           rf"(?:ja )?(?:t'|et |li |us )?(?:vaig|vam) {lex.alternation(lex.CA_INFINITIVES)}"
           r"(?:-(?:te|me|li|vos|nos|ho|la|les|los|lo|t'ho|l'|ne)|'(?:l|ls|n|ho))?",
           r"(?:ja )?(?:t'|us |l'|li |els |les |te |ho |t'ho |l'he )?(?:he|hem) (?:enviat|transferit|pagat|reservat|apuntat"
           r"|inscrit|confirmat|realitzat|programat|guardat|fet (?:la|el|la teva|el teu|una|un) (?:transferencia"
           r"|pagament|reserva|enviament|compra))",
           r"(?:ja )?(?:t'|et |li |us )?(?:vaig|vam) (?:(?:enviar|transferir|pagar|reservar|apuntar|inscriure|fer)"
           r"(?:-(?:te|me|li|vos|nos|ho|la|les|los|lo|t'ho|l'|ne)|'(?:l|ls|n|ho))?(?: (?:la|el) (?:transferencia|pagament"
           r"|reserva))?)",
           r"(?:ja )?(?:hem|he) rebut (?:el |la |els |les )?(?:teu |teva |vostre |vostra )?(?:pagament|transferencia"
           r"|diners|import|ingres|pix)",
           r"acab(?:o|em) de (?:t'|et )?(?:enviar|transferir|pagar|reservar|apuntar)"),
    "en": (rf"i(?:'ve| have| had)? {_EN_ADVERB}(?:gone ahead and )?(?:sent|transferred|paid|booked|reserved|completed"
           r"|processed|placed|confirmed|purchased|bought|secured|arranged|initiated|submitted|finali[sz]ed|ordered"
           r"|deposited|wired|set up|put you down|signed you up|registered|recorded|enrolled you|book|scheduled|charged"
           r"|locked in|refunded|rescheduled|renewed|topped up|settled|issued|enrolled"
           r"|added (?:it|the event|that|this|your|the)|set (?:up )?(?:your|the|an?)|hailed"
           r"|put (?:you|your name|your names|you both|you two|you all) (?:down|in|on)|got (?:it|that) done)",
           rf"i(?:'ve| have| had)? {_EN_ADVERB}made (?:\w+ ){{0,2}}{_EN_OBJECTS}",
           r"i(?:'ve| have) (?:book|reserve|confirm|schedule|transfer)",  # a slip for the participle
           r"(?:i|we)(?: was| were| have|'ve| had) (?:able|managed) (?:to )?(?:successfully )?(?:book|reserve|send|transfer"
           r"|pay|buy|purchase|make|get|set up|schedule|confirm|place|submit)",
           r"i (?:managed|did) (?:to )?(?:book|reserve|send|transfer|pay|buy|purchase|make|get|confirm|place|submit)",
           r"went ahead and (?:booked|reserved|sent|transferred|paid|bought|purchased|made|placed|confirmed)",
           r"(?:i|we)(?:'ve| have)? got(?:ten)? you (?:all )?(?:booked|down|in|reserved|scheduled|set|a (?:table|seat"
           r"|ticket|spot|reservation)|tickets|seats)",
           rf"i(?:'ve| have) got(?:ten)? (?:you )?(?:\d+|a|an|the|your|two|three|four|five) (?:\w+ )?{_EN_OBJECTS}",
           rf"i have (?:your|the) (?:\w+ )?(?:{_EN_OBJECTS}|event|class|lesson) (?:scheduled|booked|confirmed|reserved"
           r"|set up|ready)",
           r"i(?:'ve| have)? (?:just )?(?:finished|completed) (?:the|your)",
           r"i have (?:the |received )?confirmation", r"i(?:'m| am) done with", r"i have you booked",
           rf"(?:i|we)(?:'ve| have)? got (?:you |your |that |those )(?:\w+ )?{_EN_OBJECTS}",
           rf"(?:i|we)(?:'ve| have)? got the (?:\w+ )?{_EN_OBJECTS} for you",
           rf"i have (?:your|the) {_EN_OBJECTS}(?= *[.!,;]| *$| for you| reserved| booked)",
           r"i(?:'ve| have) (?:\w+ )?(?:verified|acquired|finished|got it all taken care of|taken care of)",
           r"we(?:'ve| have) (?:just |now |already |successfully )?(?:sent|transferred|paid|booked|reserved|scheduled"
           r"|processed|confirmed|made|recorded|registered|received your payment|charged|refunded|debited|billed"
           r"|credited|deposited|placed|issued|enrolled|signed you up)",
           rf"(?:i|we) (?:just |already |also |then |finally |[a-z]+ly )?"
           rf"{lex.alternation(tuple(f for f in lex.EN_PAST if f != 'made'))}",
           r"(?:i|we)(?:'ve| have)? (?:just |now |already )?received (?:your|the) (?:\w+ )?(?:payment|transfer|money|funds"
           r"|deposit|pix)",
           r"i(?: have| had|'ve)? (?:finally |just )?succeeded",
           r"i(?:'ve| have)? put (?:it|that|this|them|the \w+|your \w+) (?:\w+ )?(?:on|onto|in|into|to) (?:your|the) "
           r"(?:\w+ )?(?:calendar|schedule|agenda)",
           # the first person, an effect's verb and an effect's noun as its object, whatever the verb (last: the
           # patterns above read their own verbs first, "we've debited" of "we've debited the class fee")
           rf"(?:i|we)(?:'ve| have| had)? {_EN_ADVERB}{_EN_PART} (?:the|your|a|an|this|that|their|his|her) "
           rf"(?:[a-z]+ ){{0,2}}{_EN_NOUNS}"),
}
OTHER_CLAIMS: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (rf"(?:pix|transferencia|pagamento|reserva|agendamento|envio|deposito|dinheiro|compra|pedido|ingresso|vaga"
              rf"|aula|horario|{_PT_MORE_NOUNS})(?:s|es)? (?:(?:ja )?(?:foi|foram|esta|estao|ta|tao|ficou|ficaram) )?(?:(?:ja|agora|todo|toda) )?"
              rf"{_PT_PART}",
              rf"(?:foi|foram|esta|estao|ta|ficou|ficaram) (?:(?:ja|agora|tudo|todo|toda) )?(?:{_PT_PART})",
              rf"(?:pix|transferencia|pagamento|reserva|agendamento|envio|deposito|dinheiro|compra|pedido|ingresso|vaga"
              rf"|aula|horario|{_PT_MORE_NOUNS})(?:s|es)? (?:ja )?(?:foi|foram) (?:(?:ja|agora) )?{_PT_ANY_PART}",
              rf"acab(?:ou|aram) de ser (?:{_PT_PART})",
              rf"(?:pix|transferencia|pagamento|deposito|envio)s? de (?:[^.!?;\n]|\.(?=\d)){{1,30}}? (?:{_PT_PART})",
              r"com sucesso", r"(?:ja )?(?:esta|ta|estao|vai) a caminho", r"(?:ja )?(?:caiu|cairam|chegou) na (?:sua |tua )?conta",
              r"(?:pag[oa]|feito|enviado|reservado|agendado|transferido|confirmado)s?\s*!",
              r"(?:voce|vc) (?:ja )?(?:enviou|fez|pagou|transferiu|reservou|agendou)",
              r"(?:saiu|sairam|foi debitad[oa]|foi descontad[oa]) da (?:sua |tua )?conta",
              r"ja (?:esta|estao) na (?:sua |tua )?conta", rf"(?<=, )(?:{_PT_PART}|feito)(?= *[.!]| *$)",
              r"(?:pix|transferencia|pagamento|pedido|encomenda|compra|dinheiro|valor|deposito|envio|produto)s? (?:ja |hoje "
              r"|agora )?(?:saiu|sairam|foi despachad[oa]|foi entregue|caiu)", r"acab(?:ou|aram) de sair",
              rf"(?:consta|aparece|esta) como (?:{_PT_PART})",
              r"(?:voce|vc) (?:ja )?(?:tem|esta com) (?:a |o |sua |seu |tua |teu )?(?:vaga|lugar|ingresso|reserva|mesa"
              r"|horario|consulta|matricula|inscricao)s?(?: garantid[oa]s?| reservad[oa]s?| confirmad[oa]s?)?",
              r"(?:voce|vc) (?:ja )?(?:esta|ta) (?:na lista|inscrit[oa]|matriculad[oa]|cadastrad[oa])",
              r"(?:ja )?(?:esta|estao|foi|foram) (?:enviad[oa]s? )?(?:no|para o) (?:seu |teu )?(?:e-?mail|email)",
              r"(?:ja )?recebeu (?:o |os |a |as |seu |sua |seus |suas |teu |tua )?(?:pix|pagamento|transferencia|deposito"
              r"|valor|dinheiro|r\$ ?\d[\d.,]*|\d[\d.,]*)",
              rf"(?:{_PT_MONEY})s? (?:[^.!?;,\n]{{1,30}}? )?(?:ja |agora )?(?:caiu|cairam|chegou|chegaram|entrou|entraram)",
              rf"(?:{_PT_MONEY})s? (?:ja )?(?:esta|estao|ta|tao|foi|foram) (?:pra|para|na|no|em)(?: a| o)? (?:sua |tua )?conta",
              r"ja (?:esta|estao|ta|tao|foi|foram|caiu|entrou|chegou) (?:pra|para|na|no|em)(?: a| o)? (?:sua |tua )?conta",
              rf"(?:ja )?(?:caiu|chegou|entrou) (?:o |a |seu |sua )?(?:{_PT_MONEY})"),
    "es": (rf"(?:transferencia|pago|reserva|envio|cita|deposito|compra|pedido|entrada|plaza|turno|dinero|pix|clase"
           rf"|{_ES_MORE_NOUNS})(?:s|es)? "
           rf"(?:(?:ya )?(?:ha sido|han sido|fue|fueron|esta|estan|quedo|quedaron|queda|quedan) )?(?:(?:ya|bien) )?"
           rf"{_ES_PART}",
           rf"(?:ha sido|han sido|fue|fueron|esta|estan|quedo|quedaron|queda|se ha|se han) (?:(?:ya|bien|todo) )?"
           rf"(?:{_ES_PART})", rf"acaba(?:n)? de ser (?:{_ES_PART})",
           rf"(?:transferencia|pago|reserva|envio|cita|deposito|compra|pedido|entrada|plaza|turno|dinero|pix|clase"
           rf"|{_ES_MORE_NOUNS})(?:s|es)? (?:ya )?(?:fue|fueron|ha sido|han sido) (?:ya )?{_ES_ANY_PART}",
           rf"(?:pix|transferencia|pago|deposito|envio)s? de (?:[^.!?;\n]|\.(?=\d)){{1,30}}? (?:{_ES_PART})",
           r"con exito", r"(?:ya )?(?:esta|va|estan|van) (?:en|de) camino", r"(?:ya )?(?:llego|se acredito) (?:a|en) (?:tu|su) cuenta",
           r"(?:pagad[oa]|hecho|enviad[oa]|reservad[oa]|listo y enviado)s?\s*!",
           r"(?:ya )?(?:enviaste|hiciste|pagaste|transferiste|reservaste)",
           r"se (?:envio|enviaron|transfirio|pago|pagaron|realizo|proceso|acredito|reservo|confirmo|agendo|completo"
           r"|hizo|registro|cobro|giro|efectuo|depositaron|deposito)",
           r"(?:llego|se acredito|cayo|entro|ingreso) (?:a|en) (?:tu |su |la )?cuenta",
           r"ya (?:esta|estan) en (?:la |tu |su )?cuenta", rf"(?<=, )(?:{_ES_PART}|hecho)(?= *[.!]| *$)",
           rf"se {lex.alternation(lex.ES_THIRD_PRETERITE)}",
           r"(?:pedido|envio|paquete|compra|dinero|pago|transferencia|giro|producto)s? (?:ya |hoy )?(?:salio|salieron"
           r"|fue despachad[oa]|fue entregad[oa]|llego)",
           rf"(?:figura|consta|aparece) como (?:{_ES_PART})",
           r"ya (?:tienes|tenes|tiene) (?:tu |su |la |el |una |un )?(?:lugar|plaza|entrada|reserva|cita"
           r"|turno|mesa|boleto|clase)s?",
           r"(?:ya )?(?:estas|esta|estan) (?:en la lista|anotad[oa]s?|inscript[oa]s?|inscrit[oa]s?)",
           r"(?:ya )?(?:esta|estan|fue|fueron|llego|llegaron) (?:enviad[oa]s? )?(?:en|a) (?:tu|su) (?:correo|e-?mail|bandeja)",
           r"(?:ya )?recibio (?:el |los |la |las |tu |su |tus |sus )?(?:pago|transferencia|dinero|deposito|importe"
           r"|\$ ?\d[\d.,]*|\d[\d.,]*)",
           rf"(?:{_ES_MONEY})s? (?:[^.!?;,\n]{{1,30}}? )?(?:ya )?(?:le |te |les |se )?(?:llego|llegaron|cayo|cayeron|entro"
           rf"|entraron|acredito|acreditaron|salio|salieron)",
           rf"(?:ya )?(?:le |te |les )?(?:llego|llegaron|cayo|entro|se acredito|salio) (?:el |la |los |las |tu |su )?"
           rf"(?:{_ES_MONEY})",
           r"(?:salio|salieron|se debito|se desconto|se descontaron|se debitaron) de (?:tu |su |la )?cuenta",
           rf"(?:{_ES_NOUN_MOVING})s? (?:ya )?(?:esta|estan) en marcha"),
    "ca": (rf"(?:transferencia|pagament|reserva|enviament|cita|compra|comanda|placa|entrada|diners|pix|classe"
           rf"|{_CA_MORE_NOUNS})(?:s|es)? "
           rf"(?:(?:ja )?(?:ha estat|han estat|s'ha|s'han|esta|estan|queda|queden|ha quedat) )?(?:(?:ja|ben) )?(?:{_CA_PART})",
           rf"(?:ha estat|han estat|s'ha|s'han|esta|estan|queda|queden|ha quedat) (?:(?:ja|ben|tot) )?(?:{_CA_PART})",
           rf"(?:transferencia|pagament|reserva|enviament|cita|compra|comanda|placa|entrada|diners|pix|classe"
           rf"|{_CA_MORE_NOUNS})(?:s|es)? (?:ja )?(?:ha estat|han estat|va ser|van ser) (?:ja )?{_CA_ANY_PART}",
           rf"acaba(?:n)? de ser (?:{_CA_PART})", r"s'acaba(?:n)? d'(?:enviar|pagar|reservar|transferir|fer)",
           rf"(?:pix|transferencia|pagament|enviament)s? de (?:[^.!?;\n]|\.(?=\d)){{1,30}}? (?:{_CA_PART})",
           r"amb exit", r"(?:ja )?(?:esta|estan|va|van) de cami", r"ja ho tens", r"(?:ja )?(?:es|son) al (?:teu |vostre )?compte",
           r"(?:pagat|fet|enviat|reservat)s?\s*!",
           r"(?:vas|vau) (?:fer|enviar|pagar|transferir|reservar)",
           r"(?:ja )?(?:ets|sou|estas|esteu) (?:a la llista|inscrit|inscrita|apuntat|apuntada|apuntats|dins)",
           rf"(?<=, )(?:{_CA_PART})(?= *[.!]| *$)",
           r"(?:ja )?(?:tens|teniu) (?:la |el |les |els |l'|una |un )?(?:teva |teu )?(?:placa|entrada|reserva|taula|cita|lloc)"
           r"(?:es|s)?(?: reservad[ae]s?| reservats?| confirmad[ae]s?| confirmats?)?",
           r"(?:ha arribat|han arribat|ja es|ja son) (?:al|a|en) (?:teu |seu |vostre )?compte",
           r"(?:ja )?(?:ha|han) sortit", r"(?:ja )?va sortir",
           rf"(?:consta|apareix) com a (?:{_CA_PART})", rf"queda (?:{_CA_PART})",
           r"(?:ja )?(?:es|son|ha arribat|han arribat) (?:al|a) (?:teu |vostre )?(?:correu|e-?mail)",
           r"(?:ja )?ha rebut (?:el |els |la |les |teu |teva |teus |teves )?(?:pagament|transferencia|diners|import|pix"
           r"|\d[\d.,]*)",
           rf"(?:{_CA_MONEY})s? (?:[^.!?;,\n]{{1,30}}? )?(?:ja )?(?:li |t'|et |els )?(?:ha|han) (?:arribat|entrat|sortit)",
           rf"(?:{_CA_NOUN_MOVING})(?:s|es)? (?:ja )?(?:esta|estan|s'ha posat|s'han posat) en marxa"),
    "en": (rf"{_EN_NOUNS} (?:(?:is|was|has|have|has been|have been|are|were|got|has just been|have just been) )?"
           rf"{_EN_ADVERB}(?:confirmed|made|sent|completed|complete|processed|booked|reserved|done|through|transferred"
           rf"|purchased|bought|paid|set up|created|finali[sz]ed|secured|a success|ordered|accepted|registered"
           rf"|recorded|suc+e(?:s+)?ful+|gone through|fixed|marked|noted|logged|received){_EN_NOT_FULL}",
           rf"{_EN_OBJECTS} (?:is|was|are|were) {_EN_ADVERB}(?:scheduled|placed|set)(?! to )",
           rf"(?:is|was|are|were|got) (?:now |already |just |[a-z]+ly )?{_EN_PART}{_EN_NOT_FULL}",
           rf"(?:has|have|had|[a-z]+'ve|[a-z]+'s|[a-z]+'d) (?:just |now |already |all |[a-z]+ly )?been {_EN_ADVERB}(?:made|set up|set|placed"
           rf"|scheduled|{_EN_PART})"
           rf"{_EN_NOT_FULL}",
           rf"(?:it|that|this|everything|they|these|those)(?:'s| is| has been| have been|'ve been|'s been) (?:now |just "
           rf"|already |[a-z]+ly )?(?:done|complete|booked|confirmed|reserved|taken care of|set(?! to )"
           rf"|{_EN_PART}){_EN_NOT_FULL}",
           r"(?:booked|reserved|confirmed|sent|paid|transferred|made|completed|scheduled) (?:suc+e(?:s+)?ful+y|without (?:any )?"
           r"(?:problems?|errors?|issues?|trouble))",
           r"successfully", r"went through", r"(?:has|have|had) (?:now |already |just )?gone (?:through|out)", r"(?:is|was|are|were) (?:now )?(?:a success|successful)",
           r"(?:is|are|'s) (?:now |already )?on (?:its|it's|the|their|your) way",
           r"you(?:'re| are) (?:now )?(?:all )?(?:set|booked|book|confirmed|good to go|registered|enrolled|signed up)",
           rf"you(?:'ve| have| do have| now have| got|'ve got| have got| now have got) (?:a |an |your |the |\d+ |two |three |four "
           rf"|five )?(?:confirmed |new )?{_EN_OBJECTS}",
           r"all (?:booked|set|done|reserved|confirmed) for you", r"all is set", r"(?:is|are) (?:now )?all set",
           r"(?:it|that|everything)(?:'s| is) all (?:set|done|taken care of)",
           r"you(?:'re| are) reserved", r"(?:it|that)(?:'s| is| has been|'s been) made", r"on the books",
           r"(?:tickets?|reservation|table|seats?|it) (?:is|are) (?:now )?yours", r"you now own", r"(?:has|have) succeeded",
           r"you (?:got|have got|now have) (?:yourself )?(?:a |an |the |your )?(?:\w+ )?(?:car|table|ticket|seat"
           r"|reservation|appointment|ride)s?", r"you have (?:a |an )(?:successful|confirmed)",
           r"(?:has|have) been a success",
           r"(?:done|sent|paid|booked|confirmed|transferred)\s*!",
           r"you (?:sent|transferred|paid|made|booked)",
           r"you(?:'ve| have) (?:booked|reserved|bought|purchased|paid|sent|transferred|made)",
           rf"(?:pix|transfer|payment|deposit)s? of (?:[^.!?;\n]|\.(?=\d)){{1,30}}? {_EN_PART}",
           # typos and slips of real turns: "is confirm", "has be confirmed", "was been sent", "in confirmed"
           rf"{_EN_NOUNS} (?:is|are|was|in) (?:now |officially )?confirms?",
           rf"{_EN_NOUNS} in {_EN_ADVERB}(?:{_EN_PART}|booked|made|done)",
           rf"(?:has be|have be|was been|were been|is been) {_EN_ADVERB}(?:made|set up|placed|scheduled|{_EN_PART})",
           rf"{_EN_NOUNS} (?:took place|(?:has|have) (?:now )?taken place|(?:has|have) happened|(?:is|was) (?:now )?final"
           rf"|(?:is|are|was|were) (?:all )?(?:good to go|good|lined up))",
           r"(?:is|are|was|were) (?:all )?lined up", r"went (?:thr?ough|thru|though)",
           r"(?:was|were) able to be (?:\w+ )?(?:scheduled|booked|reserved|made|confirmed|set up|completed)",
           r"(?:is|was|are|were) (?:as|in) success(?:ful)?",
           r"(?:it|that|car|ticket|table|seat|room|spot|place)s?(?:'s| is| are) (?:all |now )?yours",
           r"you have (?:it|that|them|everything) (?:all )?(?:set up|booked|reserved|scheduled|confirmed|taken care of)",
           # the calendar: "added to your calendar", "it's in your calendar", "your calendar has been updated"
           r"(?:added|entered|included|put|saved|placed|created)(?: \w+){0,2} (?:to|on|onto|in|into) (?:(?:your|the) )?"
           r"(?:\w+ )?(?:calendar|schedule|agenda)",
           r"(?:event|activity|appointment|meeting|visit|it|that|everything)s?(?:'s| is| are| has been| have been) "
           r"(?:now |already |all )?(?:in|on) (?:your|the) (?:\w+ )?(?:calendar|schedule|agenda)",
           r"(?:event|activity|appointment|meeting|visit)s? (?:\w+ )?(?:in|on|into) your (?:\w+ )?(?:calendar|schedule"
           r"|agenda)",
           r"(?:calendar|schedule|agenda) (?:has been|have been|is|was|'s been) (?:now |just )?(?:updated|changed|saved"
           r"|modified)",
           r"(?:calendar|schedule|agenda) (?:now )?(?:reflects|shows|has|includes|contains)",
           r"(?:it's|it is|everything is|everything's) (?:all )?in there",
           # a ride on its way
           r"(?:cab|car|ride|taxi|driver|uber|lyft)s? (?:is|are|'s) (?:now |already )?(?:coming|en route|in en route"
           r"|on (?:its|it's|the|their|your) way|outside|waiting for you)",
           r"(?:cab|car|ride|taxi|driver)s? (?:arrives|is arriving|reaches you|is reaching you|started|in en route)",
           rf"{_EN_NOUNS} (?:has |have |just |already )*(?:shipped|left|gone out|cleared|been dispatched|been shipped"
           r"|been delivered|been cleared)",
           r"(?:[a-z]+'s|is|are) (?:now |already )?(?:on (?:its|it's|their|the|your) way|en route)",
           rf"{_EN_NOUNS} (?:to|for|of|with|at|on) (?:[^.!?;,\n]){{1,30}}? (?:(?:is|was|are|were|has been|have been) "
           rf"{_EN_ADVERB}(?:all )?(?:done|confirmed|complete|completed|booked|reserved|sent|paid|made|processed|secured"
           rf"|through|finali[sz]ed|placed|scheduled|set up|set(?! to| you back))|(?:has|have) (?:just |now )?(?:cleared"
           rf"|shipped|gone through|gone out)|went through)",
           r"(?:is|are) (?:now |already )?all (?:done|sorted|settled|complete|completed|finished|confirmed|paid)",
           r"(?:is|are|[a-z]+'s) (?:now |all )?locked in",
           r"(?:money|funds|payment|transfer|pix|deposit|amount|r\$ ?\d[\d.,]*|\$ ?\d[\d.,]*)s? (?:has |have |had |already "
           r"|just |now )*(?:arrived|landed|come through|cleared)",
           r"(?:landed|arrived|went|gone|is now|are now|is already|are already) (?:in|into) (?:their|his|her|your|the"
           r"|[a-z]+'s) (?:\w+ )?account",
           r"(?:got|received) (?:the|your) (?:\$ ?\d[\d.,]*|money|payment|transfer|funds|refund)",  # "you've got $5" is a balance
           r"(?<=, )(?:booked|reserved|confirmed|done|paid|sent|transferred|scheduled|purchased)(?= *[.!]| *$)",
           r"you(?:'re| are) (?:now )?(?:on the (?:list|roster|schedule)|in the class|enrolled)",
           # someone else now has it ("you have $5,000 in your account" is a balance)
           r"(?:now (?:has|have)|(?:has|have) now) (?:the |your )?(?:\$ ?\d[\d.,]*|money|funds|payment|transfer) in (?:their"
           r"|his|her) (?:\w+ )?account",
           r"(?:is|are|has been|have been|was|were) (?:now |already |just )?(?:in|sent to) your (?:inbox|e-?mail|mailbox)",
           r"(?:has|have) (?:now |just |already )?received (?:your |the |their )?(?:\w+ )?(?:payment|transfer|money|funds"
           r"|deposit|pix|\$ ?\d[\d.,]*|\d[\d.,]*)"),
}
# Claims worded in the future that only a done effect makes true ("o Pix vai cair na conta em instantes", "a table
# will be held for you"): read like the others, except that "will" inside the claim does not make it a future, and a
# condition after it does ("… as soon as you approve"). A ride's "the cab will be there in 7 minutes" is no such
# claim: it is how the offer of a ride is worded before it is booked.
FUTURE_CLAIMS: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"(?:vai|deve|vao|devem) (?:cair|chegar|entrar) na (?:sua |tua )?conta",
              r"(?:vai|vao|ficara|ficarao) (?:ficar )?(?:guardad|reservad|separad)[oa]s? (?:para|pra) (?:voce|vc|ti)"),
    "es": (r"(?:va|debe|van|deben) a? ?(?:llegar|caer|acreditarse|entrar) (?:a|en) (?:tu|su) cuenta",
           r"(?:va|van) a estar (?:guardad|reservad|apartad)[oa]s? para (?:ti|vos|usted)"),
    "ca": (r"(?:arribara|arribaran|entrara) al (?:teu |vostre )?compte",),
    "en": (r"(?:will|should) (?:land|arrive|show up|be) in (?:their|his|her|your|the recipient's) account",
           r"(?:will be|is|are) (?:held|waiting|saved|kept) for you"),
}

# Spanish preterites that only their accent tells from a subjunctive or an imperative ("envié" I sent, "envíe"
# send): read on the lower-cased draft, accents kept. Unambiguous ones ("transferí" / "transferi") are in the tables.
ACCENTED_FIRST_PERSON: dict[Lang, tuple[str, ...]] = {
    "es": (r"(?:ya |listo,? )?(?:te |le |se |os |les )?(?:lo |la |los |las )?(?:envié|mandé|pagué|reservé|aparté|agendé"
           r"|realicé|completé|confirmé|deposité|compré|acredité|separé|giré|cobré|procesé|finalicé|anoté|programé"
           r"|reembolsé|liquidé|aboné|saldé|efectué|aseguré|inscribí|recibí|emití)",
           rf"(?:ya |listo,? )?(?:te |le |se |os |les )?(?:lo |la |los |las )?{lex.alternation(lex.ES_FIRST_SINGULAR)}",
           rf"dej(?:é|amos) (?:todo |ya )?(?:{_ES_PART})"),
}

# A clause that starts by saying it is done ("Done.", "Reserved", "Confirmed, enjoy!", "Feito!", "Hecho.", "Fet!").
SHORT_CLAIMS: dict[Lang, str] = {
    "pt-BR": r"(?:ok,? |pronto,? |tudo certo,? )?(?:feito|enviado|pago|reservado|agendado|confirmado|transferido)",
    "es": r"(?:ok,? |listo,? )?(?:hecho|enviado|pagado|reservado|confirmado|transferido|apartado)",
    "ca": r"(?:ok,? |d'acord,? )?(?:fet|enviat|pagat|reservat|confirmat|transferit|apuntat)",
    "en": r"(?:ok(?:ay)?,? |great,? |alright,? |congrats,? |congratulations,? |perfect,? )?(?:it'?s |this is |that'?s "
          r"|all )?(?:done|set|booked|reserved|confirmed|sent|paid|completed?|transferred|success)(?: for you| with "
          r"(?:your|the) \w+)?|i did it|(?:it'?s|that'?s) yours",
}

# Wording of an effect happening now: never a report of past effects.
NOW: dict[Lang, str] = {
    "pt-BR": r"agora|acab\w+ de|a caminho|neste momento|ja caiu",
    "es": r"ahora|acab\w+ de|en camino|de camino|en este momento",
    "ca": r"ara|acab\w+ de|de cami|en aquest moment",
    "en": r"now|just|on (?:its|the|their|your) way|right away",
}
# Wording of an outcome, never of details: a claim in the details of a confirmation request ("Please confirm: 2
# tickets are booked for …", SGD's "Kindly ensure that, the reservation has been done for 2 persons", "you now have
# an appointment") is no claim, one with these words is ("Please confirm: … The payment went through.").
DONE: dict[Lang, str] = {
    "pt-BR": r"com sucesso|caiu na|recebeu|a caminho|acab\w+ de|neste momento",
    "es": r"con exito|llego a|recibio|en camino|de camino|acab\w+ de|en este momento",
    "ca": r"amb exit|ha rebut|de cami|acab\w+ de|en aquest moment",
    "en": r"suc+e(?:s+)?ful+y?|success|went through|gone through|received|processed|taken care of|is final"
          r"|on (?:its|the|their|your) way|right away|all done|locked in|charged|shipped|cleared|settled|good to go"
          r"|in your inbox|secured|now has|should see it|(?:that|it)(?:'s| is) booked|payment complete|registered"
          r"|has the money|got the|issued|(?<=, )(?:booked|reserved|confirmed|paid|sent)(?= *[.!]| *$)",
}
# Before a claim in its part of the sentence, these make it negated, conditional, future or a question.
NOT_A_CLAIM: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"nao", r"nada", r"nenhum\w*", r"nunca", r"nem", r"se", r"quando", r"assim que", r"depois que", r"apos",
              r"uma vez", r"logo que",
              r"antes", r"falhou", r"erro", r"infelizmente", r"quer", r"deseja", r"posso", r"devo", r"vou", r"vamos",
              r"sera", r"serao", r"ainda", r"pendente", r"aguard\w*", r"precisa", r"caso"),
    "es": (r"no", r"nada", r"ningun\w*", r"nunca", r"ni", r"si", r"cuando", r"en cuanto", r"despues de", r"antes",
           r"una vez", r"apenas", r"tan pronto", r"luego de",
           r"fallo", r"error", r"lamentablemente", r"quieres", r"deseas", r"puedo", r"debo", r"voy a", r"vamos a",
           r"sera", r"seran", r"todavia", r"aun", r"pendiente", r"necesita", r"en caso de"),
    "ca": (r"no", r"res", r"cap", r"mai", r"ni", r"si", r"quan", r"tan bon punt", r"despres de", r"abans",
           r"un cop", r"una vegada",
           r"ha fallat", r"error", r"malauradament", r"vols", r"puc", r"he de", r"vaig a", r"sera", r"seran", r"encara",
           r"pendent", r"necessita", r"en cas que"),
    "en": (r"not", r"no", r"nothing", r"none", r"nobody", r"no one", r"(?:nothing|nobody|no one)['’]s", r"\w+n't", r"\w+['’]ll", r"never", r"unable", r"failed", r"fail", r"if", r"once",
           r"when", r"after", r"before", r"unfortunately", r"sorry", r"error", r"would you", r"do you want", r"shall",
           r"should", r"will", r"would", r"can i", r"may i", r"still", r"pending", r"yet", r"until", r"want me to",
           r"would like (?:me )?to", r"\w+'d like", r"ready to", r"about to", r"going to", r"can be", r"could be",
           r"all the", r"sold out", r"fully", r"(?:i|we) (?:can|could)(?! (?:\w+ly )?(?:confirm|tell|say|report|inform|let you know))"),
}
# A habit, before or after the claim in its part of the sentence: "Enviamos o boleto todo mês por e-mail" says what
# the organisation does, not what it did.
HABITS: dict[Lang, str] = {  # not a bare "cada" / "each": "2 ingressos de R$ 50 cada foram reservados" is a claim
    "pt-BR": r"tod[oa]s? (?:o |a |os |as )?(?:mes|meses|semana|semanas|dia|dias|ano|vez|vezes)|sempre|geralmente"
             r"|normalmente|costum\w+|cada (?:mes|semana|dia|ano|vez)",
    "es": r"tod[oa]s? (?:el |la |los |las )?(?:mes|meses|semana|semanas|dia|dias|ano|vez|veces)|siempre|generalmente"
          r"|normalmente|sol(?:emos|emos|ia|iamos)|cada (?:mes|semana|dia|ano|vez)",
    "ca": r"tots? (?:els |les )?(?:mesos|setmanes|dies|anys|cops)|sempre|normalment|generalment|solem"
          r"|cada (?:mes|setmana|dia|any|cop|vegada)",
    "en": r"every|always|usually|normally|generally",
}
# The parts of a sentence a negation reaches: "they do not have live music, but your reservation is confirmed".
_PART_BREAK_RE = re.compile(r",\s|;\s|\s(?:but|and|however|mas|porem|e|pero|y|pero|i|pero|però|tot i que)\s")

# A draft that asks the customer to confirm or check the details describes a proposed action ("Kindly ensure that,
# 2 tickets have been booked for …", "I have booked a table for 2 at 7 pm. Is that correct?"): no claim in it.
CONFIRMATION_REQUEST: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"(?:por favor,? )?(?:confirme|confirma|verifique|confira) (?:os dados|os detalhes|as informacoes|se|que|"
              r"por favor|o seguinte|a seguir)", r"(?:pode|poderia|podes) (?:me )?confirmar"),
    "es": (r"(?:por favor,? )?(?:confirma|confirme|verifica|verifique|comprueba) (?:los datos|los detalles|la informacion|si|"
           r"que|por favor|lo siguiente)", r"(?:puedes|podrias|puede|podria) confirmar(?:me)?"),
    "ca": (r"(?:si us plau,? )?(?:confirma|confirmi|verifica|comprova) (?:les dades|els detalls|la informacio|si|que|"
           r"el seguent)", r"(?:pots|podries|pot|podria) confirmar(?:-me)?"),
    # (a space left out after "please" asks alike: "Pleaseverify the following")
    "en": (r"(?:please|kindly) ?(?:confirm|verify|check)", r"(?:can|could|would|will) you (?:please )?(?:confirm|verify|check)",
           r"(?<![a-z] )(?:confirm|verify|check) (?:the following|these|the details|your|that|if|whether|me)",
           r"(?:confirm|verify|check) (?:the following|these|the details|if|whether)", r"(?:should|need to|must) confirm",
           r"kindly ensure", r"ensure that", r"make sure",
           r"just to confirm", r"to confirm:", r"confirmation details",
           r"(?:is|are) the following (?:details |information )?(?:correct|right|ok|okay)",
           r"(?:did|have) i (?:get|got) (?:\w+ ){0,2}(?:right|correct)"),
}
# Checks that close the details ("… at 7 pm. Is that correct?"): what comes after them is no longer details.
CLOSING_CHECKS: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"(?:esta|ta) (?:correto|certo)\?", r"(?:correto|certo|confirma|confirmo)\?"),
    "es": (r"(?:es|esta) correcto\?", r"(?:correcto|confirmas|confirma|vale)\?"),
    "ca": (r"(?:es|esta) correcte\?", r"(?:correcte|confirmes|confirma|d'acord)\?"),
    "en": (r"(?:is|are) (?:that|this|these|it|everything|all) (?:correct|right|ok|okay)", r"correct\?", r"right\?",
           r"(?:does|do|would) (?:this|that|these|it) (?:work|sound)", r"sound (?:good|ok|okay|alright|right)\?"),
}


# A question asks about a claim it holds: "Confirm 4 tickets reserved for March 5th, at 7 pm?", "¿Dejo la mesa
# reservada para las 19h, para 2 personas?", "Is your table booked for 2, at 7 pm?". A sentence ending in "?" is one
# question from where it opens: an inverted "¿" (Spanish), or its first words worded as a question — an auxiliary or
# modal before its subject (English), the customer asked to confirm, want or prefer, the first person's offer of the
# present ("posso", "dejo", "puc"). A sentence that opens by stating and ends by asking ("Pix enviado, posso ajudar em
# algo mais?", "Reservé 4 entradas, ¿algo más?") keeps its claim; so do the first person ("Would you like anything
# else, now that I booked it?") and a claim worded as an outcome (`DONE`), as in a confirmation request.
QUESTION_OPENERS: dict[Lang, str] = {
    "pt-BR": r"(?:voce |vc )?(?:confirma|confirmas|confirme|confirmamos|posso|podemos|pode|podes|quer|queres|deseja"
             r"|desejas|prefere|preferes|devo|gostaria|deixo|mantenho)",
    "es": r"(?:usted |tu )?(?:confirma|confirmas|confirme|confirmamos|puedo|podemos|puede|puedes|quieres|quiere|deseas"
          r"|desea|prefieres|prefiere|debo|dejo|mantengo|te parece|le parece)",
    "ca": r"(?:confirma|confirmes|confirmi|confirmem|puc|podem|pot|pots|vols|vol|voleu|prefereixes|prefereix|deixo"
          r"|mantinc|et sembla|li sembla)",
    "en": r"(?:shall|should|can|could|may|will|would|do|does|did|is|are|was|were|am|has|have|want|confirm|confirming"
          r"|you want|you'd like|you would like|(?:just )?to confirm)",
}
_QUESTION_LEAD = r"[^\w¿]*(?:(?:so|ok|okay|great|alright|then|and|perfect|entao|pronto|certo|bueno|vale|entonces|doncs"
_QUESTION_LEAD += r"|perfecte|perfeito|perfecto)\W+)?"


@lru_cache(maxsize=8)
def _question_re(lang: Lang) -> re.Pattern[str]:
    return re.compile(rf"{_QUESTION_LEAD}(?:{QUESTION_OPENERS[lang]}){_TAIL}")


# The conditional mood of pt, es and ca ("a mesa ficaria reservada", "la transferencia se enviaría", "la taula quedaria
# reservada"): a word with the conditional's ending whose lemma is a verb, but the present of an -iar verb
# ("história" read as "historiar") — nouns ending alike ("Maria", "bancária", "pizzería") have no verb lemma.
_CONDITIONAL_RE: dict[Lang, re.Pattern[str]] = {
    "pt-BR": re.compile(r"(?<![\w'’-])[a-z]+ri(?:a|as|am|amos)(?![\w'’-])"),
    "es": re.compile(r"(?<![\w'’-])[a-z]+ri(?:a|as|an|amos|ais)(?![\w'’-])"),
    "ca": re.compile(r"(?<![\w'’-])[a-z]+ri(?:a|es|em|eu|en)(?![\w'’-])"),
}


def _conditional(part: str, lang: Lang) -> bool:
    """Whether a (folded) part of a sentence holds a verb in the conditional mood."""
    pattern = _CONDITIONAL_RE.get(lang)
    if pattern is None:
        return False  # English says it with "would", a word of its own (`NOT_A_CLAIM`)
    for match in pattern.finditer(part):
        word = match.group()
        base = lemma(word, lang)
        if base != word and base.endswith("r") and base != word + "r":
            return True
    return False


# A question that holds a statement of the past is no question about it: "Did you know your transfer was sent
# yesterday?", "¿Recibiste la transferencia que fue enviada?", "Você viu que o Pix foi enviado?" state what they ask
# around. The statement opens with "that"/"que" or a verb of knowing or seeing followed by its own subject, and holds
# a finite verb of the past ("was", "foi", "fue", "ha estat"); "Was it sent?" (the verb opens the question) and
# "Do you know if it was sent?" ask.
EMBEDDED_PAST: dict[Lang, str] = {
    "pt-BR": r"\bque\b[^?]*?\b(?:foi|foram|tinha sido|ja (?:foi|foram))\b",
    "es": r"\bque\b[^?]*?\b(?:fue|fueron|ha sido|han sido|habia sido|ya (?:fue|fueron))\b",
    "ca": r"\bque\b[^?]*?\b(?:va ser|van ser|ha estat|han estat|havia estat)\b",
    "en": r"\b(?:that|(?:know|knew|see|saw|notice|noticed|realized|realised|heard)(?! (?:if|whether|when|how|what|which|why"
          r"|where|who)\b))\b[^?]*?\b(?:was|were|has been|have been|had been|went)\b",
}


@lru_cache(maxsize=8)
def _embedded_past_re(lang: Lang) -> re.Pattern[str]:
    return re.compile(EMBEDDED_PAST[lang])


def _states_the_past(clause: str, until: int, lang: Lang) -> bool:
    """Whether the (folded) question `clause`, up to a claim ending at `until`, states that claim as past
    (`EMBEDDED_PAST`)."""
    return _embedded_past_re(lang).search(clause, 0, until) is not None


def _asked(clause: str, at: int, lang: Lang) -> bool:
    """Whether the claim at `at` of `clause` (a folded sentence) is inside the question the sentence asks
    (`QUESTION_OPENERS`)."""
    if not clause.rstrip().endswith("?"):
        return False
    return clause.rfind("¿", 0, at) >= 0 or _question_re(lang).match(clause) is not None


# A yes/no tag after a comma asks about what its own sentence said ("So that's 4 tickets for March 5th, yes?"), and
# about nothing before it ("Done. Anything else, yes?"), nor about the first person's own deed ("I booked it, no?").
TAG_QUESTIONS: dict[Lang, tuple[str, ...]] = {
    # and an offer's "does it suit you?": "Fica reservado para sexta, pode ser?", "Queda reservado, ¿te parece?"
    "pt-BR": (r"(?<=, )(?:sim|ne|nao|pode ser|(?:te|lhe) parece bem)\?",),
    "es": (r"(?:(?<=, )|(?<=, ¿))(?:si|no|verdad|(?:te|le|os) parece(?: bien)?|(?:te|le) (?:va|viene) bien)\?",),
    "ca": (r"(?<=, )(?:oi|si|no|veritat|(?:et|li|us) sembla(?: be)?|(?:et|li|us) va be)\?",),
    "en": (r"(?<=, )(?:yes|no)\?",),
}


@lru_cache(maxsize=8)
def _claims_re(lang: Lang) -> tuple[re.Pattern[str], tuple[str, ...], re.Pattern[str], re.Pattern[str],
                                      re.Pattern[str] | None, re.Pattern[str], re.Pattern[str]]:
    """One pass per language: the confirmation requests and every kind of claim in one regex (a draft of thousands
    of numbers is scanned four times, not twenty), with the kind of each pattern by its group number; the negations,
    the "now" and "done" words, read only around a claim; the accented preterites, read on the lower-cased draft."""
    groups = {"confirm": CONFIRMATION_REQUEST[lang], "check": CLOSING_CHECKS[lang], "tag": TAG_QUESTIONS[lang],
              "first": FIRST_PERSON_CLAIMS[lang],
              "other": OTHER_CLAIMS[lang], "future": FUTURE_CLAIMS[lang], "short": (SHORT_CLAIMS[lang],)}
    kinds = [name for name, patterns in groups.items() for _ in patterns]
    # An empty group at the end of each pattern says which matched; at its start it would cost the engine its quick
    # first-letter check of every alternative at every word.
    combined = re.compile(_LEAD + "(?:" + "|".join(f"(?:{p}){_TAIL}()" for patterns in groups.values() for p in patterns)
                          + ")")
    return (combined, ("", *kinds), compile_table(NOT_A_CLAIM[lang]),
            compile_table((NOW[lang],)), compile_table(ACCENTED_FIRST_PERSON[lang]) if lang in ACCENTED_FIRST_PERSON
            else None, compile_table((DONE[lang],)), compile_table((HABITS[lang],)))


_CLAUSE_START_RE = re.compile(r"[ \t]*$")
_CLAUSE_END_RE = re.compile(r"[ \t]*(?:[,.!;:\n]|$)")


# A sentence opened by a condition or a time still to come ("As soon as you pay, your places are booked", "Quando
# você aprovar, o Pix é enviado", "Cuando pagues, la reserva queda confirmada", "Quan paguis, la reserva queda
# confirmada"): the part right after it says what will follow, not what happened. Neither part may be in a past
# tense ("When you approved it, the Pix was sent", "Quando você aprovou, o Pix já foi enviado" claim it), and the
# condition needs a verb of its own ("After checking, your booking is confirmed", "Once confirmed, …" claim it) and
# must wait for the step that lets the effect happen (`_GATE_RE`: approving, paying, confirming).
_LEADING_CONDITION_RE: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"\s*(?:if|once|when|whenever|as soon as|right after|after|the moment|unless)\s+(?!\w+(?:ing|ed)\b)"),
    "pt-BR": re.compile(r"\s*(?:se|caso|quando|assim que|logo que|depois que|uma vez que|tao logo)\s"),
    "es": re.compile(r"\s*(?:si|cuando|en cuanto|apenas|tan pronto como|una vez que|despues de que|luego de que"
                     r"|en caso de que)\s"),
    "ca": re.compile(r"\s*(?:si|quan|tan bon punt|un cop que|un cop|una vegada que|despres que|en cas que)\s"),
}
# A past tense in either part (Spanish read with its accents: "se aprobó", "envié").
_PAST_RE: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"\b(?:was|were|had|did|went|got|came|already|has been|have been)\b|'(?:ve|d)\b"
                     r"|\b(?:i|you|we|they|he|she|it)\s+(?:\w+ed|paid|sent|made|bought|gave|put|set)\b"),
    "pt-BR": re.compile(r"\b(?:foi|foram|fez|fizeram|teve|tiveram|caiu|saiu|deu|ja|tinha|tinham)\b"
                        r"|\b(?!estou\b)\w{3,}(?:ou|eu|iu|aram|eram|iram|ei)\b"),
    "es": re.compile(r"\b(?:fue|fueron|hubo|hizo|dio|ya|había|habían|habia|habian)\b|\w+(?:ó|é|aste|iste|aron|ieron)\b"
                     r"|\b(?:ha|han|has|he|hemos)\s+\w+(?:ado|ido)\b"),
    "ca": re.compile(r"\b(?:va|van|vas|vaig|vam|vau|ja|havia|havien)\s|\b(?:ha|han|has|he|hem|heu)\s+\w+(?:at|it|ut"
                     r"|ada|ida|uda|ats|its|ades|ides)\b"),
}


_ANY_CONDITION_RE = re.compile("|".join(f"(?:{pattern.pattern})" for pattern in _LEADING_CONDITION_RE.values()))
# Read in Spanish or Catalan, a sentence's "se" is a pronoun ("Se envió el Pix"), no Portuguese "if".
_CONDITION_NO_SE_RE = re.compile("|".join(f"(?:{pattern.pattern})" for lang, pattern in _LEADING_CONDITION_RE.items()
                                          if lang != "pt-BR"))


def _after_condition(clause: str, at: int, until: int, lang: Lang, accented: str | None) -> bool:
    """Whether the claim at `at`..`until` of `clause` (a folded sentence; `accented`, the same lower-cased with its
    accents, or None) is the part right after a leading condition or time still to come (see above). A sentence may
    be read in another language of the turn than its own ("Quan paguis, …" read in Spanish): the openers and the past
    tenses of the four languages are all read."""
    if not (_CONDITION_NO_SE_RE if lang in ("es", "ca") else _ANY_CONDITION_RE).match(clause):
        return False
    comma = clause.find(", ")
    if comma < 0 or comma + 2 > at or _LATER_PART_RE.search(clause, comma + 2, at):
        return False  # the claim is inside the condition (`NOT_A_CLAIM` reads it) or in a later part
    if not _GATE_RE.search(clause, 0, comma):
        return False  # a time of something else ("When you get there, your table is reserved"): the state holds now
    if accented is not None and _PAST_RE["es"].search(accented, 0, until):
        return False
    return not any(pattern.search(clause, 0, until) for pattern in _PAST_RE.values())


_LATER_PART_RE = re.compile(r"[,;]\s")
# What the condition must wait for: the step that lets the effect happen (the customer's approval, payment,
# confirmation, signature or tap, in any of the four languages; folded stems).
_GATE_RE = re.compile(r"\b(?:approv|pay|pai[dn]|confirm|authori[sz]|accept|sign|complet|finish|click|tap|aprov|aprob"
                      r"|aprueb|pag|autori|acept|aceit|conclu|finaliz|termin|acab|clic|toc|assin|firm|valid)\w*")  # (a folded "é" is no "e", and: only signs end the part after the condition)


def _part_start(clause: str, position: int) -> int:
    """Where the part of `clause` holding `position` starts (after the last break before it)."""
    start = 0
    for match in _PART_BREAK_RE.finditer(clause, 0, position):
        start = match.end()
    return start


def _part_rest(clause: str, position: int) -> str:
    """The rest of the part of `clause` holding `position` (up to the next break)."""
    following = _PART_BREAK_RE.search(clause, position)
    return clause[position : following.start() if following else len(clause)]


# What a status of waiting names is awaited, not done (any language, folded): "pendiente de pago", "pendent de
# pagament", "aguardando pagamento", "awaiting payment".
_AWAITED_BEFORE_RE = re.compile(r"(?<!\w)(?:(?:pendientes?|pendentes?|pendents?)\s+(?:de|del|da|do|d')"
                                r"|(?:pending|awaiting|waiting for|aguardando|esperando|a la espera de|a espera de"
                                r"|a l'espera de|en espera de|em espera de)(?:\s+(?:the|your|o|a|el|la|tu|seu|sua|el teu"
                                r"|la teva|del|de la|do|da))?)\s*$")
# A preposition right before a word: a finite verb never follows one, so a first person's form there is a noun's
# ("pendiente de pago", "sem pago", "per pagat"), any language of the turn.
_PREPOSITION_BEFORE_RE = re.compile(r"(?<![\w-])(?:de|do|da|del|sem|sin|con|com|of|without|amb|per|para|por)\s+$")
# A noun then "left" where a number or a quantifier leads the noun: what remains ("3 spots left", "a few seats left",
# "no tickets left", "3 seats left for Friday"), never the noun's departure ("the payment left your account", "3
# transfers left this morning"); what follows may be the next part of the sentence ("3 spots left and you're 5",
# "only 2 left but Monday has 10").
_REMAINING_RE = re.compile(r"[a-z]+ left(?=\s*(?:[.!?,;:)\u2014\u2013-]|$|(?:for|in|at|and|but|so|or) "
                           r"|(?:now|today|tonight)\b))")
_QUANTITY_BEFORE_RE = re.compile(r"(?<![\w-])(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|few|no|any"
                                 r"|some|many|several|only|just|more|fewer|less)\s+$")


def effect_claim_spans(draft: str, lang: Lang, *, reports: bool = False) -> list[tuple[int, int, str]]:
    """The claims, in `draft`, that a payment, transfer or booking was done, read in `lang`: negated, conditional
    and future ones and questions excluded part by part. A draft asking the customer to confirm the details
    describes a proposed action: the two clauses before the request and, but for a first-person claim, the two
    after it (its details; none after a closing check, "Is that correct?") claim nothing unless worded as an outcome
    (`DONE`): "Please confirm: 2 tickets have been booked for …" and "I have booked a table for 2. Is that correct?"
    claim nothing; "Please confirm: Pix of R$ 250 to Pedro. I've sent it.", "A table for 2, correct? Your table is
    booked." and "Please confirm: a table for 2. The payment went through." do.
    With `reports` (a result of this turn reports past effects), only first-person claims and claims worded as
    happening now remain: the others recount the reported effects."""
    claims_re, kinds, not_re, now_re, accented_re, done_re, habit_re = _claims_re(lang)
    low = folded(draft)
    spans = clauses(low)
    starts = [start for start, _ in spans]
    matches: list[tuple[str, ClauseMatch]] = []
    requests: list[tuple[int, int]] = []  # the clauses each confirmation request covers, first and last
    tagged: set[int] = set()  # the clauses a tag question asks about
    for match in finditer_in_clauses(claims_re, low):  # a claim is read inside one clause: only clauses are scanned
        kind = kinds[match.lastindex or 0]
        if kind == "tag":
            tagged.add(bisect_right(starts, match.start()) - 1)
        elif kind in ("confirm", "check"):
            request = bisect_right(starts, match.start()) - 1
            requests.append((request - 2, request + (2 if kind == "confirm" else 0)))
        else:
            matches.append((kind, match))
    lowered = draft.lower() if accented_re is not None else ""  # (lower-cased only for a language that reads it)
    if accented_re is not None and len(lowered) == len(low):  # same offsets as the folded text
        matches += [("first", match) for match in finditer_in_clauses(accented_re, low, lowered)]
    found: list[tuple[int, int, str]] = []
    for kind, match in matches:
        if _AWAITED_BEFORE_RE.search(low, max(0, match.start() - 32), match.start()):
            continue  # what is awaited, no claim: "pendiente de pago", "pendente de envio", "awaiting payment"
        index = bisect_right(starts, match.start()) - 1
        if index < 0 or spans[index][1] < match.end():
            continue  # across two clauses
        if (kind in ("first", "short") or " " not in (match.group() or "").strip()) \
                and _PREPOSITION_BEFORE_RE.search(low, max(0, match.start() - 12), match.start()):
            continue  # a verb's form after a preposition is its noun: "pendiente de pago", "sem pago", "of paid"
        if _REMAINING_RE.match(low, match.start()) and \
                _QUANTITY_BEFORE_RE.search(low, max(0, match.start() - 16), match.start()):
            continue  # what is left, not what left: "Only 3 spots left.", "a few seats left"
        start, end = spans[index]
        if any(first <= index <= (last if kind != "first" else min(last, first + 2)) for first, last in requests) \
                and (kind == "first" or not done_re.search(low, start, end)):
            continue  # a proposed action the customer is asked to confirm
        if index in tagged and kind != "first" and not done_re.search(low, start, end):
            continue  # its sentence asks whether it is so (unless worded as an outcome: "…con éxito, ¿verdad?")
        clause, at, until = low[start:end], match.start() - start, match.end() - start
        if _after_condition(clause, at, until, lang,
                            lowered[start:end] if lang == "es" and len(lowered) == len(low) else None):
            continue  # what follows a condition or a time still to come: "Cuando pagues, la reserva queda confirmada"
        if kind == "short":  # only a whole clause (or its head) that says it is done
            if reports or not _CLAUSE_START_RE.match(clause, 0, at) or not _CLAUSE_END_RE.match(clause, until) \
                    or clause.rstrip().endswith("?"):
                continue
        elif kind == "future":  # "will" is the claim's own; a condition before or after it is not
            rest = _part_rest(clause, until)
            if not_re.search(clause[_part_start(clause, at) : at]) or not_re.search(rest) or rest.rstrip().endswith("?"):
                continue
        else:
            part = clause[_part_start(clause, at) : until]
            if not_re.search(part):
                continue
            if _part_rest(clause, until).rstrip().endswith("?") and not _states_the_past(clause, until, lang):
                continue  # asked about, unless the question states it as past
            if kind == "other" and _asked(clause, at, lang) and not done_re.search(clause) \
                    and not _states_the_past(clause, until, lang):
                continue  # a question about it, not worded as an outcome ("Did it go through successfully?" is)
            if _conditional(part, lang):
                continue  # what would be, not what was
            if reports and kind == "other" and not now_re.search(clause):
                continue
        if kind != "short" and habit_re.search(clause, _part_start(clause, at), until + len(_part_rest(clause, until))):
            continue  # what the organisation does every month, not what it did
        if _present_with_object(low, match.start(), match.end()):
            continue  # "o apartamento aceita pets", "o hotel aceita cartão": what it does, its object after it
        if kind in ("first", "other") and lang in ("es", "pt-BR") and _price_offered(clause, at, until):
            continue  # "Por tu iPhone 12 te pagamos $ 350.000": what the store pays for it, a present offer
        if lang in ALTERNATIVE_PART_RE and ALTERNATIVE_PART_RE[lang].match(clause, _part_start(clause, at)):
            continue  # "…, o lo dejo programado para el miércoles": an alternative offered
        found.append((match.start(), match.end(), draft[match.start() : match.end()].strip()))
    return sorted(found)


# A Portuguese short participle that is also the present's third person ("aceita", "paga", "ganha") followed by its
# object — a noun, bare or after a determiner, not a preposition, an adverb or a sign — is the present: "o
# apartamento aceita pets", "o hotel aceita cartão", "a loja ganha pontos". "Inscrição aceita com sucesso", "conta
# paga hoje", "Pago!" stay claims.
_PRESENT_OR_PARTICIPLE_RE = re.compile(r"(?:aceita|aceitam|paga|pagam|ganha|ganham)")
_OBJECT_AFTER_RE = re.compile(
    r" (?:(?:o|os|um|uma|uns|umas|seu|sua|seus|suas|todo|toda|todos|todas) )?"
    r"(?!(?:com|em|no|na|nos|nas|por|pelo|pela|pelos|pelas|via|hoje|ontem|agora|ja|e|ou|de|do|da|dos|das|para|pra"
    r"|ate|sem|sim|mesmo|tambem|normalmente|sempre|integralmente|ainda|aqui|certinho|corretamente|com sucesso)(?!\w))"
    r"[a-z]{2,}")


def _present_with_object(low: str, start: int, end: int) -> bool:
    """Whether a claim's words are a present with its object after it (see above)."""
    return _PRESENT_OR_PARTICIPLE_RE.fullmatch(low, start, end) is not None and _OBJECT_AFTER_RE.match(low, end) is not None


# The first person plural of an "-ar" verb is its present and its preterite alike ("pagamos", "cobramos"), and the
# Portuguese "paga" a present and a participle: said of what something is paid for ("por tu iPhone", "pelo seu
# iPhone") with no "already", it is the price offered ("a gente paga $ 350.000 pelo seu iPhone").
_AMBIGUOUS_PLURAL_RE = re.compile(r"[a-z]amos(?!\w)|(?<![\w-])(?:paga|pagam|cobra|cobram)(?![\w-])")
# A part opened by "or" offers an alternative, no fact nor claim: "Desde las 6:00 ya lo podés mandar, o lo dejo
# programado para el miércoles", "ou deixo agendado pra amanhã" ("o sea" explains; the Portuguese "o" is an article).
# English offers with a modal ("or I can schedule it"), which the fact check's `NOT_A_FACT` reads.
ALTERNATIVE_PART_RE: dict[Lang, re.Pattern[str]] = {
    "pt-BR": re.compile(r"\s*ou\s"), "es": re.compile(r"\s*o\s(?!sea\b)"), "ca": re.compile(r"\s*o\s(?!sigui\b)"),
}
_PAID_FOR_RE = re.compile(r"(?<!\w)(?:por|pelo|pela|pelos|pelas)\s+(?:el|la|los|las|tu|tus|su|sus|seu|sua|teu|tua|o|a|este|esse|esta|essa)\s")
_ALREADY_RE = re.compile(r"(?<!\w)(?:ya|ja)(?!\w)")


def _price_offered(clause: str, at: int, until: int) -> bool:
    """Whether a claim is a present of paying or charging that offers a price for something (see above)."""
    if not _AMBIGUOUS_PLURAL_RE.search(clause, at, until):
        return False
    part = clause[_part_start(clause, at) : until + len(_part_rest(clause, until))]
    return not _ALREADY_RE.search(part) and bool(_PAID_FOR_RE.search(clause))


# Words of a claim a hurried writer mistypes ("conifrmed", "resrved", "reservtion", "ocmplete"): a word one edit
# (a letter more, less, changed, or two swapped) from one of these, not itself a word, is read as it. Only words of
# six letters or more (shorter ones have too many real neighbours) and not an inflection of the word (a prefix).
TYPO_WORDS = ("confirmed", "confirm", "reserved", "reservation", "reservations", "successful", "successfully",
              "through", "complete", "completed", "booking", "scheduled", "transferred", "transfer", "appointment",
              "purchased", "processed", "confirmado", "confirmada", "reservado", "reservada", "agendado", "agendada",
              "transferencia", "realizado", "realizada", "enviado", "enviada", "concluido", "confirmat", "reservat",
              "pagament", "realitzat", "enviat")
# Real words one edit from a claim word, never corrected.
_NOT_TYPOS = frozenset({"preserved", "deserved", "conformed", "conform", "thorough", "though", "thought", "booming",
                        "reversed", "preserve", "reserves", "reserve", "confirms", "transfers", "bookings",
                        "processes", "proceeded", "purchases", "completes", "reservar", "enviados", "enviadas",
                        "agendar", "realizados", "realizadas", "confirmados", "confirmadas", "reservados",
                        "reservadas", "agendados", "agendadas", "concluida", "pagaments", "enviats", "reservats"})
_WORD_RE = re.compile(r"[a-z]{6,16}")
_TYPO_LANGUAGES: tuple[Lang, ...] = ("pt-BR", "es", "ca", "en")


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


def _one_edit(a: str, b: str) -> bool:
    """Whether `a` and `b` are one insertion, deletion, substitution or swap of neighbours apart."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                  and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return short in _deletions(long_)


@lru_cache(maxsize=1)
def _typo_index() -> dict[str, tuple[str, ...]]:
    index: dict[str, list[str]] = {}
    for word in TYPO_WORDS:
        for key in {word, *_deletions(word)}:
            index.setdefault(key, []).append(word)
    return {key: tuple(words) for key, words in index.items()}


@lru_cache(maxsize=4096)
def _correction(word: str) -> str | None:
    if word in _NOT_TYPOS or word in TYPO_WORDS or word.endswith(("ndo", "ing")):  # "concluindo" is no "concluido"
        return None
    index = _typo_index()
    for key in (word, *_deletions(word)):
        for target in index.get(key, ()):
            if not (target.startswith(word) or word.startswith(target)) and _one_edit(word, target):
                # a word of a dictionary is no slip: the future or the subjunctive ("enviará", "reservara",
                # "confirmará"), the imperfect ("enviava") are their verbs' own forms, not participles mistyped
                return None if any(in_dictionary(word, lang) for lang in _TYPO_LANGUAGES) else target
    return None


def _corrected_word(match: re.Match[str]) -> str:
    return _correction(match.group()) or match.group()


@lru_cache(maxsize=256)
def typos_corrected(text: str) -> str:
    """`text` (folded) with each mistyped claim word (`TYPO_WORDS`) read as the word; the same text when none is.
    Only inside its clauses, where claims are read (a clause starts and ends at no letter, so no word is cut)."""
    runs = clause_view(text).runs
    if runs == ((0, len(text)),):
        return _WORD_RE.sub(_corrected_word, text)
    parts, at = [], 0
    for start, end in runs:
        parts += [text[at:start], _WORD_RE.sub(_corrected_word, text[start:end])]
        at = end
    parts.append(text[at:])
    return "".join(parts)


def reports_present(inp: GuardInput) -> bool:
    """Whether a successful result of this turn reports past effects (its tool declares `reports`)."""
    return any(output.ok and output.evidence is not None and output.evidence.reports for output in inp.tool_outputs)


# What a claim is about, per kind of effect (folded words of its clause, any language): a Pix is money, a class is a
# booking. A clause naming none ("Done!") is a claim of whatever the turn did.
EFFECT_KIND_WORDS: dict[str, str] = {
    "money": r"pix|transfer\w*|pagamento|pagament|pago|pagos|pagad[oa]s?|paid|payment|dinheiro|dinero|diners|money|funds"
             r"|plata|grana|guita|cash|charg\w*|debit\w*|billed|fee|fees|cobr\w*|cuota|quota|tarifa|taxa"
             r"|deposit\w*|deposito|valor|importe|import|giro|wired?|r\$|us\$|\$|€|boleto|fatura|factura|invoice|bill",
    "booking": r"reserv\w*|book\w*|aulas?|class(?:es)?|classe|clases?|lessons?|mesas?|tables?|taulas?|ingressos?"
               r"|ticket\w*|entrada\w*|plazas?|placa|places?|vagas?|seats?|spots?|inscri\w*|matricul\w*|apunt\w*"
               r"|appointments?|citas?|turnos?|horarios?"
               r"|sortida|curso|course|enrol\w*|appoint\w*|lugar|lloc|cupo|vacante|slot|workshop|session|sessao"
               r"|sesion|sessio|tour|event|regist\w*|signed up|sign-up"
               # (what is rented or ridden is booked: "Car's yours and the total is $174" claims no payment)
               r"|car|cars|rental\w*|ride|rides|cab|taxi|room|rooms|flight|flights|trip|hotel",
    "order": r"pedido|order\w*|compra|comanda|purchase\w*|bought|shipped|encomenda",
    "refund": r"estorn\w*|reembols\w*|reemborsa\w*|refund\w*|devolu\w*|devolv\w*",
}
# Kinds of effect one claim may be worded as: tickets are bought or booked alike.
COMPATIBLE: dict[str, frozenset[str]] = {"money": frozenset({"money"}), "booking": frozenset({"booking", "order"}),
                                         "order": frozenset({"order", "booking"}), "refund": frozenset({"refund"})}
_KIND_RES = {kind: re.compile(rf"(?<![\w])(?:{words})(?![\w])") for kind, words in EFFECT_KIND_WORDS.items()}
_KIND_WORD_RES = dict(_KIND_RES)
# a sign glued to its amount ("€90", "R$50,00", "$90") is money too
_KIND_RES["money"] = re.compile(rf"(?<![\w])(?:{EFFECT_KIND_WORDS['money']})(?![\w])|(?:r\$|us\$|\$|€|£)(?=\d)")


# Words of a claim that money reached its recipient or left the account (any language, folded): a Pix this turn
# only scheduled did neither, whatever kind of effect it was ("The R$ 50 already landed in Maria's account", "ya se
# envió", "já caiu", "ja ha sortit" after a Pix scheduled for tomorrow).
DELIVERED_RE = re.compile(
    r"(?<![\w])(?:sent|gone out|went out|landed|arrived|delivered|went through|gone through|credited|transferred|received"
    r"|settled|on (?:its|the|their) way|left|pushed through|enviad[oa]s?|envi[oe]|enviaron|mandad[oa]s?|caiu|cairam"
    r"|chegou|chegaram|entrou|saiu|sairam|transferid[oa]s?|creditad[oa]s?|recebeu|a caminho|llego|llegaron|salio"
    r"|salieron|cayo|entro|acreditad[oa]s?|se acredito|recibio|en camino|de camino|enviat|enviada|enviats|sortit"
    r"|arribat|entrat|transferit|abonat|rebut|de cami|accounts?|cuentas?|contas?|comptes?)(?![\w])")
_SCHEDULED_ONLY = frozenset({"scheduled", "pending"})
# The verbs of money that left or arrived, as lemmas: a claim's verb in any person and tense the claim grammar reads as
# done ("ya le transferí", "enviei", "vaig transferir", "I transferred") says it left, whatever its inflection.
DELIVERED_LEMMAS: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"enviar", "mandar", "transferir", "cair", "creditar", "depositar"}),
    "es": frozenset({"enviar", "mandar", "transferir", "acreditar", "depositar", "girar"}),
    "ca": frozenset({"enviar", "transferir", "ingressar", "abonar"}),
    "en": frozenset({"send", "transfer", "wire", "deposit", "credit"}),
}
_CLAIM_WORD_RE = re.compile(r"[^\W\d_]+(?:['’·-][^\W\d_]+)*")


def delivered(claim: str, lang: Lang) -> bool:
    """Whether a claim's own words say money left or arrived: a word of `DELIVERED_RE`, or a word whose lemma is a
    verb of `DELIVERED_LEMMAS` in the reply's language."""
    low = folded(claim)
    if DELIVERED_RE.search(low):
        return True
    verbs = DELIVERED_LEMMAS[lang]
    words = _CLAIM_WORD_RE.findall(claim.lower())
    # an inflected verb, or the infinitive of the Catalan past ("vaig transferir"): the lemma alone ("transfer",
    # "enviar") or a noun ("o envio", "el depósito") is no past
    return any(word not in _MONEY_NOUNS and (found := lemma(word, lang)) in verbs
               and (found != fold(word) or (lang == "ca" and index > 0 and words[index - 1] in _CA_PAST_AUXILIARY))
               for index, word in enumerate(words))


_CA_PAST_AUXILIARY = frozenset({"vaig", "vas", "va", "vam", "vau", "van", "vàrem", "vàreu", "varen"})


_MONEY_NOUNS = frozenset({"envio", "envío", "deposito", "depósito", "giro", "credito", "crédito", "transferencia",
                          "transferência", "transferència", "ingrés", "ingres", "abono"})


def scheduled_money(inp: GuardInput) -> bool:
    """Whether every money effect this turn executed was only scheduled: its result's status says so."""
    statuses: set[str] = set()
    for output in inp.tool_outputs:
        if not output.ok or output.tool not in inp.effects_executed or _executed_kinds(inp, (output.tool,)) != {"money"}:
            continue
        evidence = output.evidence if output.evidence is not None else inferred(output.data)
        read = typed(output.data, evidence, inp.currency, minor_unit_factor).statuses
        if not read:
            return False
        statuses.update(read)
    return bool(statuses) and statuses <= _SCHEDULED_ONLY


def claim_kinds(clause: str, *, prices: bool = True) -> set[str]:
    """The kinds of effect a (folded) clause speaks of; without `prices`, an amount's sign alone ("$26.62") is no
    money."""
    return {kind for kind, pattern in (_KIND_RES if prices else _KIND_WORD_RES).items() if pattern.search(clause)}


def _object_kinds(clause: str, until: int) -> set[str]:
    """The kinds a claim's object says when its verb says none ("ja t'he fet la transferència", "ya hice el pago",
    "I've made the transfer"): the rest of its part of the sentence, not the other parts ("Cotxe reservat i …": the
    booking is the other part's)."""
    return claim_kinds(_part_rest(clause, until), prices=False)


def _executed_kinds(inp: GuardInput, tools: Sequence[str]) -> set[str]:
    from guards.checks.facts import effect_kind_of  # the name rule lives with the facts; lazy: facts import this module

    return {inp.effect_kinds.get(tool) or effect_kind_of(tool) for tool in tools}


def effects_done(inp: GuardInput) -> Sequence[str]:
    """The effects a claim may speak of: this turn's; on a turn that executed none and no effect tool of which was
    refused (or is waiting for an approval), those the Ask in scope executed earlier ("All set, enjoy the show!"
    after the tickets were bought). A refusal of this turn is what a claim must not contradict."""
    if inp.effects_executed:
        return inp.effects_executed
    if inp.effects_earlier and not any(not output.ok and output.tool in inp.effect_kinds for output in inp.tool_outputs):
        return inp.effects_earlier
    return ()


# A sentence may be written in a language the detector gives at least this share among the turn's languages:
# "Pix enviado!" is 25 % Portuguese (and 44 % Catalan: two words say little), "Paga la reserva aquí" 1.3 %.
MIN_LANGUAGE_SHARE = 0.1


def _written_in(draft: str, start: int, lang: Lang, inp: GuardInput) -> bool:
    """Whether the sentence holding `start` may be written in `lang`: a claim read in another language than the
    reply's counts only there (the Spanish and Catalan "Paga la reserva aquí" is no Portuguese "paga")."""
    from language.detect import language_probabilities, letters_of

    low = folded(draft)
    sentence = next((draft[s:e] for s, e in clauses(low) if s <= start < e), draft)
    letters = letters_of(sentence)
    if sum(c.isalpha() for c in letters) < 5:
        return True  # too short to tell
    return language_probabilities(letters, list(inp.claim_languages)).get(lang, 0.0) >= MIN_LANGUAGE_SHARE


def _claims(inp: GuardInput, draft: str, reports: bool, deadline: float | None = None) -> list[tuple[int, int, str]] | None:
    """The claims of `draft` read in the reply's language, and those read in another language of the turn whose
    sentence is written in it. None once past `deadline`."""
    found = effect_claim_spans(draft, inp.lang, reports=reports)
    seen = {start for start, _, _ in found}
    for lang in inp.claim_languages:
        if deadline is not None and past(deadline):
            return None  # one pass per language: the deadline is looked at after each
        if lang == inp.lang:
            continue
        for start, end, text in effect_claim_spans(draft, lang, reports=reports):
            if start not in seen and _written_in(draft, start, lang, inp):
                found.append((start, end, text))
                seen.add(start)
    return sorted(found)


@register("effect_claim_without_effect")
def effect_claim_without_effect(inp: GuardInput, deadline: float) -> GuardVerdict:
    """A claim that an effect happened needs an effect of its kind executed this turn (a booking is no Pix)."""
    reports = reports_present(inp)
    draft = inp.draft
    found = _claims(inp, draft, reports, deadline)
    if found is None:
        return GuardVerdict.budget_exceeded("effect_claim_without_effect", inp.lang)
    if not found:  # the claim may be mistyped: read again with the claim words spelled right (quoted so)
        corrected = typos_corrected(folded(draft))
        if corrected != folded(draft):
            draft = corrected
            found = _claims(inp, corrected, reports, deadline)
            if found is None:
                return GuardVerdict.budget_exceeded("effect_claim_without_effect", inp.lang)
    done = effects_done(inp)
    if done:
        executed = _executed_kinds(inp, done)
        low = folded(draft)
        spans = clauses(low)
        kept = []
        scheduled = None  # read only for a claim of money's arrival
        for start, end, text in found:
            clause = next((low[s:e] for s, e in spans if s <= start < e), low)
            # the claim's own words first, then its part of the sentence up to its end ("the €90 is on its way"), then
            # the clause but a price ("It is on the way for $26.62", "the price is $73 and I have confirmed the
            # purchase": what it costs, no money moved)
            clause_start = next((s for s, e in spans if s <= start < e), 0)
            part_start = clause_start + _part_start(clause, start - clause_start)
            kinds = claim_kinds(folded(text)) or claim_kinds(low[part_start:end]) \
                or _object_kinds(clause, end - clause_start) or claim_kinds(clause, prices=False)
            if kinds and not any(COMPATIBLE.get(kind, frozenset({kind})) & executed for kind in kinds):
                kept.append((start, end, text))  # a claim of another kind than what was done
            elif "money" in executed and (not kinds or "money" in kinds) and delivered(text, inp.lang):
                if scheduled is None:
                    scheduled = scheduled_money(inp)
                if scheduled:
                    kept.append((start, end, text))  # money said to have arrived or left: this turn only scheduled it
        found = kept
    evidence = list(dict.fromkeys(text for _, _, text in found))
    if not evidence:
        return GuardVerdict.ok()
    return GuardVerdict.fail("effect_claim_without_effect", explain("effect_claim_without_effect", inp.lang, evidence),
                             evidence)


# --- unusable_request ----------------------------------------------------------------------------------------------

# A Catalan request is an imperative with its pronoun glued on ("digue'm", "digues-me", "passa'ns", "envieu-me",
# "doneu-nos"): the imperatives of the verbs that ask for a value, each with the pronouns of "to me" and "to us".
_CA_IMPERATIVES = ("digue", "digues", "digui", "diga", "digueu", "dona", "doni", "doneu", "passa", "passi", "passeu",
                   "envia", "envii", "envieu", "escriu", "escrigui", "escriviu", "facilita", "faciliti", "faciliteu",
                   "indica", "indiqui", "indiqueu", "comunica", "comuniqui", "comuniqueu", "confirma", "confirmi",
                   "confirmeu", "llegeix", "llegeixi", "llegiu", "dicta", "dicti", "dicteu")
_CA_ASKING_IMPERATIVES = rf"(?:{'|'.join(_CA_IMPERATIVES)})(?:'m|'ns|-me|-nos|-m'(?:l|ho|la)|-me-(?:lo|la|ho)|-nos-(?:lo|la|ho))"
REQUEST_CUES: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"me (?:passa|passe|informa|informe|envia|envie|manda|mande|diz|diga|fala|fale|confirma|confirme|da|de)",
              r"(?:informe|informa|digite|digita|envie|envia|mande|manda|passe|passa|confirme|confirma|forneca|preciso"
              r"|precisamos|poderia|pode|qual|quais|responda|responde|tire|tira|coloque|coloca|cole|cola|escreva|escreve)"),
    "es": (r"me (?:das|da|pasas|pasa|dices|dice|envias|envia|indicas|indica|facilitas|facilita|confirmas|confirma)",
           r"(?:dame|dime|decime|contame|mandame|informame|escribime|indicame|enviame|pasame|facilitame|proporcioname"
           r"|confirmame|introduce|escribe|escribi|escribinos|necesito|necesitamos|puedes|podrias|puede|podria|cual|cuales"
           r"|me pasas|me decis|me mandas|responde|responde con|contesta|saca|sacate|toma|tomate|manda|manda|pega|pone"
           r"|pon|confirma|confirmanos)"),
    "ca": (r"em (?:dones|dona|passes|passa|dius|diu|indiques|indica|envies|envia|confirmes|confirma)",
           r"(?:dona'm|digues-me|indica'm|envia'm|passa'm|confirma'm|escriu|necessito|necessitem|pots|podries|pot|"
           r"podria|quin|quina|quins|quines|dir|respon|posa|enganxa|confirma"
           # "fes" only for a picture ("fes una foto de la targeta"): "fes una petició nova amb la seva clau Pix" asks
           # the customer to make a request, not to hand over a key
           r"|fes(?:-te)? (?:una |un )?(?:foto|fotografia|captura|selfie)\w*)",
           _CA_ASKING_IMPERATIVES),
    "en": (r"(?:give|tell|send|provide|share|confirm|enter|type|need|have|get|what|what's|whats|which|reply|respond"
           r"|drop|paste|post|put|read|take|snap|upload|attach|text|dm)",),
}
# A cue at most this many characters before the data item.
_CUE_WINDOW = 45
# The item is the customer's: after a possessive ("your order number", "o seu CPF", "la teva contrasenya", "tu número
# de tarjeta", "your online banking password"), or after a request verb and an article ("me passa o CPF").
POSSESSIVES: dict[Lang, str] = {
    "pt-BR": r"(?:o |a |os |as )?(?:seu|sua|seus|suas|teu|tua|teus|tuas)", "es": r"(?:tu|tus|su|sus)",
    "ca": r"(?:el teu|la teva|els teus|les teves|el vostre|la vostra|el seu|la seva)", "en": r"your",
}
ARTICLES: dict[Lang, str] = {
    "pt-BR": r"(?:o|a|os|as|um|uma)", "es": r"(?:el|la|los|las|un|una)", "ca": r"(?:el|la|l'|els|les|un|una)",
    "en": r"(?:the|a|an)",
}
# Up to two words may come between the possessive and the item ("your online banking password"), not a new phrase.
_NOT_BETWEEN = (r"(?:their|his|her|its|the|a|an|our|my|and|or|is|are|was|were|has|have|o|os|as|de|do|da|dos|das|e|ou"
                r"|el|la|los|las|y|i|que|en|em|no|na|at|in|on|for|to|con|com|amb|dele|dela|seu|sua|tu|su)")
_OWNED_RE = {
    lang: re.compile(rf"(?<!\w){POSSESSIVES[lang]}\s+(?:(?:numero|codigo|codi|number|code)\s+(?:de|do|da|del|of)\s+"
                     rf"|(?!{_NOT_BETWEEN}\b)[\w-]+\s+){{0,2}}$")
    for lang in POSSESSIVES
}
# Verbs that ask for a value (not "confirm": "confirm that the address is X" checks a value, asks for none).
REQUEST_VERBS: dict[Lang, str] = {
    "pt-BR": r"(?:passa|passe|informa|informe|envia|envie|manda|mande|diz|diga|fala|fale|digite|forneca|preciso d)",
    "es": r"(?:das|da|pasas|pasa|dices|dice|decis|envias|envia|indicas|indica|facilitas|facilita|dame|dime|decime"
          r"|contame|mandame|informame|escribime|indicame|enviame|pasame|facilitame|proporcioname|introduce|escribe"
          r"|necesito)",
    "ca": r"(?:dones|dona|passes|passa|dius|diu|indiques|indica|envies|envia|dona'm|digues-me|indica'm|envia'm|passa'm|"
          r"escriu|necessito|dir)",
    "en": r"(?:give|tell|send|provide|share|enter|type|i need|we need)",
}
_ARTICLE_RE = {
    lang: re.compile(rf"(?<![\w'-]){REQUEST_VERBS[lang]}\s+(?:(?:me|us|nos|ens|em|-me)\s+)?{ARTICLES[lang]}\s*"
                     rf"(?:[\w-]+\s+)?$")
    for lang in ARTICLES
}
NEGATIONS: dict[Lang, str] = {
    "pt-BR": r"nao|nunca|jamais|nem", "es": r"no|nunca|jamas|ni", "ca": r"no|mai|ni", "en": r"not|never|\w+n't|no",
}
_PREPOSITIONS_OF_MEANS: dict[Lang, str] = {"en": "by|via|through|over|in", "pt-BR": "por|pelo|pela|via|em",
                                           "es": "por|via|en", "ca": "per|pel|via"}
_CUE_AFTER_PREPOSITION_RE: dict[Lang, re.Pattern[str]] = {  # (Catalan "em", "en" are pronouns too: not those)
    lang: re.compile(rf"(?<![\w'])(?:{words})\s+$")
    for lang, words in _PREPOSITIONS_OF_MEANS.items()
}
# A negation whose verb the cue's is coordinated with ("We never send links by text or ask for your password",
# "nunca mandamos link nem pedimos a senha", "no enviamos enlaces ni pedimos la clave"): the negation governs both;
# "but", "mas", "pero", "però" ends it.
_COORDINATORS: dict[Lang, str] = {"en": "or|nor", "pt-BR": "ou|nem", "es": "o|ni", "ca": "o|ni"}
_NEGATED_BY_COORDINATION_RE: dict[Lang, re.Pattern[str]] = {
    lang: re.compile(rf"(?<![\w'])(?:{NEGATIONS[lang]})(?![\w'])(?:(?!\b(?:but|mas|pero)\b)[^.!?;:,])*"
                     rf"\s(?:{coordinators})\s+(?:\w+\s+)?$")
    for lang, coordinators in _COORDINATORS.items()
}
# Someone else will send or share it ("they will send an email confirmation", "vamos enviar um e-mail"), or the agent
# offers to: a sending verb after such a subject asks nothing of the customer. Secrets are refused all the same.
SENDING_VERBS: dict[Lang, str] = {
    "pt-BR": r"(?:envia|envie|manda|mande|passa|passe|compartilh\w*)", "es": r"(?:envias|envia|enviame|pasa|comparti\w*)",
    "ca": r"(?:envies|envia|envia'm|passa|comparti\w*)", "en": r"(?:send|share|give|provide)",
}
NOT_ASKED: dict[Lang, str] = {
    "pt-BR": r"(?:eles?|elas?|nos|a gente|o banco|a escola|a loja|vou|vamos|vao|ira|irao|quer que eu|deseja que eu|posso)"
             r"\s+(?:te\s+|lhe\s+)?(?:\w+\s+)?$",
    "es": r"(?:ellos?|ellas?|nosotros|te|le|vamos a|van a|voy a|quieres que (?:te )?|deseas que|puedo)\s+(?:\w+\s+)?$",
    "ca": r"(?:ells?|elles?|nosaltres|et|li|anem a|van a|vaig a|vols que (?:t')?|puc)\s+(?:\w+\s+)?$",
    "en": r"(?:they|we|i|he|she|it|they'll|we'll|i'll|will|shall i|should i|want me to|like me to|can i|may i)"
          r"\s+(?:\w+\s+)?$",
}
# A verb of checking before an item the draft states itself after a colon, with a number among what follows
# ("Please confirm your banking details: Transfer $950 from checking to Pranav.", "Confirme seu CEP: 01310-100")
# shows the customer a value to check and asks for none; a secret is held all the same.
_CONFIRMING_RE: dict[Lang, re.Pattern[str]] = {
    "pt-BR": re.compile(r"(?:me )?(?:re-?)?(?:confirm\w*|confira|confere|verifique|verifica|revise|revisa)"),
    "es": re.compile(r"(?:me )?(?:re-?)?(?:confirm\w*|verifica\w*|revisa\w*|comproba\w*)"),
    "ca": re.compile(r"(?:em )?(?:re-?)?(?:confirm\w*|verifica\w*|revisa\w*|comprova\w*)"),
    "en": re.compile(r"(?:re-?)?(?:confirm|verify|check|review)"),
}
_STATED_AFTER_RE = re.compile(r"\s*:[^.!?\n]*?\d")
# "… the address with Raymond": shared with a third person, not asked of the customer.
_WITH_THIRD_RE = re.compile(r"^[^.?!;]{0,40}?\s(?:with|com|con|amb)\s+(?!me\b|mim\b|us\b|nos\b|nosotros|conmigo|ens\b"
                            r"|mi\b|nosaltres|the (?:bank|agent|staff)|o banco)[a-z]")

# A preposition of where before the item (a possessive between): the item is where something goes or arrives, not
# what is asked ("You'll get the confirmation in your email", "o comprovante chega no seu e-mail", "te llega al
# correo", "t'arriba al teu correu"); "de"/"do" ("preciso do seu e-mail") asks for it and is none of them.
_DESTINATION_BEFORE_RE: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"(?<![\w'])(?:in|into|to|at|via|by|on)\s+(?:your\s+|the\s+)?(?:registered\s+)?$"),
    "pt-BR": re.compile(r"(?<![\w'])(?:no|na|nos|nas|pelo|pela|por|para o|para a|pro|pra|ao|em)\s+(?:seu\s+|sua\s+|teu\s+"
                        r"|tua\s+)?(?:cadastrad[oa]\s+)?$"),
    "es": re.compile(r"(?<![\w'])(?:en|a|al|por)\s+(?:tu\s+|su\s+|el\s+|la\s+)?$"),
    "ca": re.compile(r"(?<![\w'])(?:al|a|en|per|pel)\s+(?:teu\s+|vostre\s+|la teva\s+|el\s+|la\s+)?$"),
}
# data item → (per-language patterns, argument names that would use it, kind). Secrets are never asked; a Pix key
# (CPF, phone, e-mail, random key) of the recipient may be asked when a tool takes a key; personal data only when a
# tool takes it; a payment method ("your debit card") is no data item at all.
_KEY_ARGUMENTS = frozenset({"key", "pix_key", "chave", "recipient_key"})
# A card's or a document's sides, one or both ("the front and back", "a frente e o verso", "ambos lados", "les dues
# cares"), as a picture of them is asked.
_SIDE = {"pt-BR": r"(?:d?[oa]s? )?(?:frente|verso|tras|costas)", "es": r"(?:del? |el |la )?(?:frente|dorso|anverso|reverso)",
         "ca": r"(?:del? |el |la )?(?:davant|darrere|dors|anvers|revers)", "en": r"(?:the )?(?:front|back)"}
_BOTH = {"pt-BR": r"(?:d?[oa]s )?(?:dois lados|ambos os lados)", "es": r"(?:de )?(?:los )?(?:dos lados|ambos lados)",
         "ca": r"(?:de )?les dues cares|(?:dels )?dos costats", "en": r"both sides"}
_AND_ = {"pt-BR": "e", "es": "y", "ca": "i", "en": "and"}
_SIDES = {lang: rf"(?:{_SIDE[lang]}(?: {_AND_[lang]} {_SIDE[lang]})?|{_BOTH[lang]})" for lang in _SIDE}
DATA_ITEMS: dict[str, tuple[dict[Lang, tuple[str, ...]], frozenset[str], str]] = {
    "password": ({"pt-BR": (r"senhas?", r"(?:login|usuario) e senha", r"dados de (?:acesso|login)"),
                  "es": (r"contrasenas?", r"claves? (?:de acceso|secreta|del home ?banking|de home ?banking|del banco"
                         r"|de (?:la )?app|de internet|de ingreso|del cajero)", r"(?:usuario y clave|datos de acceso)"),
                  "ca": (r"contrasenya", r"contrasenyes", r"clau (?:d'acces|secreta|de la banca|de l'app|del banc)",
                         r"dades d'acces"),
                  "en": (r"passwords?", r"passcodes?", r"pass ?phrase", r"(?:online |internet |mobile )?banking (?:login"
                         r"|credentials)", r"(?:online|internet|mobile) banking details", r"log ?in (?:details|credentials)",
                         r"credentials")},
                 frozenset(), "secret"),
    "pin": ({lang: (r"pin", r"(?:codigo|numero|code|codi) pin", r"pin code") for lang in ("pt-BR", "es", "ca", "en")},
            frozenset(), "secret"),
    # the answers a bank's identity check asks: a security question, the mother's maiden name, a coordinates card
    "security_answer": ({"pt-BR": (r"pergunta (?:de seguranca|secreta)", r"nome (?:de solteira )?da (?:sua |tua )?mae"),
                         "es": (r"pregunta (?:de seguridad|secreta)", r"(?:nombre|apellido) de (?:tu |su )?madre",
                                r"tarjeta de coordenadas", r"coordenadas"),
                         "ca": (r"pregunta (?:de seguretat|secreta)", r"(?:nom|cognom) de (?:la teva |la seva )?mare"),
                         "en": (r"security questions?", r"secret questions?", r"mother'?s maiden name")},
                        frozenset(), "secret"),
    "card_number": ({"pt-BR": (r"(?:numero|numeros|dados|digitos) do (?:seu |teu )?cartao", r"cartao completo"),
                     "es": (r"(?:numero|numeros|datos|digitos) de (?:la |tu |su )?tarjeta",),
                     "ca": (r"(?:numero|numeros|dades|digits) de (?:la |la teva )?targeta",),
                     "en": (r"(?:credit |debit )?card(?:'s)? (?:number|details|digits)", r"full card", r"card info",
                            r"(?:long )?(?:numbers?|digits) (?:on|of) (?:the (?:front|back) of )?(?:your |the )?card")},
                    frozenset(), "secret"),
    # a picture of the card, or of its sides ("a photo of the front and back of your card", "foto da frente e do verso
    # do cartão", "foto del frente y el dorso de la tarjeta", "foto de les dues cares de la targeta")
    "card_photo": ({"pt-BR": (rf"fotos? (?:{_SIDES['pt-BR']} )?(?:do|da|de) (?:seu |sua |teu |tua )?(?:cartao|documento|rg|cnh)",
                              r"selfies?"),
                    "es": (rf"fotos? (?:{_SIDES['es']} )?(?:de|del) (?:la |el |tu |su )?(?:tarjeta|documento|dni)",
                           r"selfies?"),
                    "ca": (rf"fotos? (?:{_SIDES['ca']} )?(?:de|del) (?:la |el |la teva |el teu )?(?:targeta|document|dni)",
                           r"selfies?", r"fotos? (?:teva|vostra) amb (?:el |la )?(?:dni|document|targeta|passaport)"),
                    "en": (rf"(?:photo|picture|pic|image|scan)s? of (?:{_SIDES['en']} of )?(?:your |the )?"
                           r"(?:card|id|document|passport)", r"selfies?")}, frozenset(), "secret"),
    "cvv": ({"pt-BR": (r"cvv", r"cvc", r"codigo de seguranca", r"validade do cartao",
                       r"codigo (?:de (?:3|tres) digitos|(?:de )?tras|(?:de )?atras|do verso)"),
             "es": (r"cvv", r"cvc", r"codigo de seguridad", r"fecha de (?:vencimiento|caducidad)",
                    r"codigo (?:de (?:3|tres) digitos|de atras|del dorso|de la parte de atras)"),
             "ca": (r"cvv", r"cvc", r"codi de seguretat", r"data de caducitat",
                    r"codi (?:de (?:3|tres) digits|del darrere|del dors)"),
             "en": (r"cvv", r"cvc", r"security code", r"expir(?:y|ation) date", r"card'?s expir(?:y|ation)",
                    r"(?:3|three)[ -]digit (?:code|number)", r"code on the back")}, frozenset(), "secret"),
    "one_time_code": ({"pt-BR": (r"tokens?", r"codigo (?:de verificacao|de confirmacao|de acesso|de seguranca|do sms|sms"
                                 r"|que (?:chegou|recebeu|enviamos|mandamos|te enviamos))", r"codigo recebido",
                                 r"codigo de (?:[4-8]|quatro|seis|oito) digitos",
                                 r"(?:[4-8] |quatro |seis |oito )?(?:numeros|digitos|codigos?|senhas?) que (?:te |lhe )?"
                                 r"(?:chegou|chegaram|recebeu|enviamos|mandamos|apareceu|apareceram)",
                                 # (one still to come: "o código que vai chegar", "que vamos te mandar por SMS")
                                 r"(?:codigo|numeros|digitos|senha) que (?:te |lhe )?(?:vai|vao|vamos|vou) "
                                 r"(?:chegar|receber|enviar|mandar)", r"codigo que (?:chegara|receber(?:a|as))",
                                 r"codigo(?: [a-z0-9]+){0,6} (?:por|via|no|pelo) sms",
                                 r"codigo de (?:[4-8]|quatro|seis|oito) (?:numeros|algarismos)"),
                       "es": (r"tokens?", r"codigo (?:de verificacion|de confirmacion|de acceso|del sms|sms|que (?:te )?"
                                          r"(?:llego|recibiste|enviamos|mandamos))",
                              r"codigo de (?:[4-8]|cuatro|seis|ocho) digitos",
                              r"(?:[4-8] |cuatro |seis |ocho )?(?:numeros|digitos|codigos?|claves?) que (?:te )?"
                              r"(?:llego|llegaron|recibiste|enviamos|mandamos|aparece|aparecen)",
                              r"(?:codigo|numeros|digitos|clave) que (?:te )?(?:va a llegar|van a llegar|llegara"
                              r"|vamos a (?:enviar|mandar)|enviaremos|mandaremos|recibiras|vas a recibir)",
                              r"codigo(?: [a-z0-9]+){0,6} (?:por|via|en el|en un) sms",
                              r"codigo de (?:[4-8]|cuatro|seis|ocho) (?:numeros|cifras)"),
                       "ca": (r"tokens?", r"codi (?:de verificacio|de confirmacio|d'acces|de l'sms|sms|que (?:t'ha arribat"
                                          r"|has rebut|t'hem enviat))", r"codi de (?:[4-8]|quatre|sis|vuit) digits",
                              r"(?:[4-8] |quatre |sis |vuit )?(?:numeros|digits|codis?|claus?) que (?:t'ha|t'han|has|hem)"
                              r" (?:arribat|rebut|enviat)",
                              r"(?:codi|numeros|digits|xifres|clau) que (?:t'arribara|t'arribaran|t'enviarem|rebras"
                              r"|et farem arribar)",
                              r"codi(?: [a-z0-9'·]+){0,6} (?:per|via|en un|a l') ?sms",
                              r"codi de (?:[4-8]|quatre|sis|vuit) (?:xifres|numeros)"),
                       "en": (r"tokens?", r"(?:verification|confirmation|authentication|security|access|one-time|otp|2fa"
                                          r"|sms) (?:code|pin|number)", r"otp", r"one-time pass(?:word|code)",
                              r"code (?:we|i) (?:just )?(?:sent|texted|emailed)",
                              r"(?:[4-8]|four|six|eight)[ -]digit (?:code|pin|number)",
                              r"(?:code|pin|digits|numbers) (?:that )?you (?:just )?(?:received|got)",
                              r"(?:code|pin|digits|numbers) (?:that )?(?:just )?(?:came|arrived|appeared)",
                              r"(?:[4-8]|four|six|eight) digits", r"(?:code|pin|digits|numbers) (?:from|in|of) the (?:text"
                              r"|sms|message)",
                              r"code (?:(?:we|i)(?:'ll| will) (?:send|text)|you(?:'ll| will) (?:get|receive))",
                              r"code(?: [a-z0-9]+){0,6} (?:by|via|over|in an?) (?:sms|text)")},
                      frozenset(), "secret"),
    "cpf": ({lang: (r"cpf", r"cnpj") for lang in ("pt-BR", "es", "ca", "en")},
            frozenset({"cpf", "tax_id", "document"}), "key"),
    "pix_key": ({"pt-BR": (r"chave(?: pix)?", r"chave aleatoria"), "es": (r"clave pix", r"llave pix"),
                 "ca": (r"clau pix",), "en": (r"pix key",)}, frozenset(), "key"),
    "id_document": ({"pt-BR": (r"rg", r"documento(?: de identidade)?", r"cnh"),
                     "es": (r"dni", r"nie", r"nif", r"documento(?: de identidad)?", r"pasaporte"),
                     "ca": (r"dni", r"nie", r"nif", r"document(?: d'identitat)?", r"passaport"),
                     "en": (r"ssn", r"social security(?: number)?", r"id number", r"passport(?: number)?",
                            r"driver'?s licen[cs]e")},
                    frozenset({"document", "document_number", "national_id", "tax_id", "dni", "nif", "passport"}),
                    "personal"),
    "order_number": ({"pt-BR": (r"(?:numero|codigo) do pedido",), "es": (r"(?:numero|codigo) de pedido",),
                      "ca": (r"(?:numero|codi) de (?:la )?comanda",), "en": (r"order (?:number|id|reference)",)},
                     frozenset({"order_id", "order_number", "order_ref"}), "personal"),
    "account_number": ({"pt-BR": (r"numero da conta", r"agencia"), "es": (r"numero de cuenta", r"iban"),
                        "ca": (r"numero de compte", r"iban"),
                        # (bare "banking details" are an account's number and branch; an online bank's are its login)
                        "en": (r"account number", r"routing number", r"iban", r"(?:bank|banking) (?:account )?details")},
                       frozenset({"account_number", "account_id", "iban", "branch"}), "personal"),
    "email": ({"pt-BR": (r"e-?mail",), "es": (r"e-?mail", r"correo(?: electronico)?"),
               "ca": (r"e-?mail", r"correu(?: electronic)?"), "en": (r"e-?mail(?: address)?",)},
              frozenset({"email", "email_address"}), "key"),
    "phone": ({"pt-BR": (r"(?:numero de )?telefone", r"(?:numero (?:do|de) )?celular"),
               "es": (r"(?:numero de )?telefono", r"numero de movil"), "ca": (r"(?:numero de )?telefon", r"numero de mobil"),
               "en": (r"(?:phone|mobile|cell)(?: number)",)},
              frozenset({"phone", "phone_number", "mobile"}), "key"),
    "address": ({"pt-BR": (r"endereco(?: completo)?",), "es": (r"direccion(?: postal)?",),
                 "ca": (r"adreca(?: postal)?",), "en": (r"(?:home |postal |mailing )?address",)},
                frozenset({"address", "postal_code", "zip_code", "street_address"}), "personal"),
    # A postal code names an area: a tool that searches a city or a place takes it as well as the city.
    "postal_code": ({"pt-BR": (r"cep",), "es": (r"codigo postal",), "ca": (r"codi postal",),
                     "en": (r"zip ?codes?", r"postal codes?", r"post ?codes?", r"zip")},
                    frozenset({"address", "postal_code", "zip_code", "zip", "cep", "street_address", "city", "location",
                               "area", "event_location", "where"}), "personal"),
    "birth_date": ({"pt-BR": (r"data de nascimento",), "es": (r"fecha de nacimiento",), "ca": (r"data de naixement",),
                    "en": (r"date of birth", r"birth ?date", r"birthday")},
                   frozenset({"birth_date", "date_of_birth"}), "personal"),
}


@lru_cache(maxsize=8)
def _request_tables(lang: Lang) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str],
                                         re.Pattern[str]]:
    # Every data item in one pass: an alternation of named groups, one per item.
    items = "|".join(f"(?P<{item}>" + "|".join(f"(?:{p}){_TAIL}" for p in patterns[lang]) + ")"
                     for item, (patterns, _, _) in DATA_ITEMS.items())
    return (compile_table(tuple(f"(?:re-?)?(?:{cue})" for cue in REQUEST_CUES[lang])), compile_table((NEGATIONS[lang],)),
            re.compile(rf"{_LEAD}(?:{items})"),
            re.compile(rf"(?<![\w'])(?:{NOT_ASKED[lang]})"), re.compile(rf"^{SENDING_VERBS[lang]}"))


def requested_items(draft: str, lang: Lang) -> list[tuple[str, str, bool]]:
    """(data item, quoted text, the customer's own) of each data item the draft asks the customer for: a request cue
    comes within a few words before it in the same clause, with no negation between them ("never share your PIN");
    a secret needs nothing more; any other item must be addressed (after a possessive, or right after a request verb
    and an article), nobody else may be said to send it ("they will send an email") and it must not be shared with
    a third person ("… the address with Raymond")."""
    cue_re, negation_re, items_re, not_asked_re, sending_re = _request_tables(lang)
    low = folded(draft)
    spans = clauses(low)
    starts = [start for start, _ in spans]
    found = []
    for whole in finditer_in_clauses(items_re, low):  # an item is read inside one clause
        index = bisect_right(starts, whole.start()) - 1
        if index < 0 or spans[index][1] < whole.end():
            continue
        start, end = spans[index]
        clause = low[start:end]
        for match in (items_re.match(clause, whole.start() - start),):
            assert match is not None  # the clause holds the whole item `whole` found
            item = match.lastgroup or ""
            secret = DATA_ITEMS[item][2] == "secret"
            window = clause[max(0, match.start() - _CUE_WINDOW) : match.start()]
            # (a cue right after a preposition is a noun: "we never send links by text", "por mensagem")
            cues = [cue for cue in cue_re.finditer(window)
                    if not _CUE_AFTER_PREPOSITION_RE[lang].search(window, 0, cue.start())]
            cue = cues[-1] if cues else None
            if cue is None or negation_re.search(window[max(0, cue.start() - 16) :]) \
                    or _NEGATED_BY_COORDINATION_RE[lang].search(window[: cue.start()]):
                continue  # "never share your PIN", "não passe a senha"; a negation further back is another's,
                # unless the cue's verb is coordinated with the negated one ("we never send links or ask for …")
            owned = _OWNED_RE[lang].search(window)
            if not secret:
                if not (owned or _ARTICLE_RE[lang].search(window)):
                    continue
                if _CONFIRMING_RE[lang].fullmatch(cue.group()) and _STATED_AFTER_RE.match(low, start + match.end()):
                    continue  # "Please confirm your banking details: Transfer $950 to Pranav.": values to check
                if sending_re.match(cue.group()) and not_asked_re.search(window[: cue.start()]):
                    continue
                if _WITH_THIRD_RE.match(clause[match.end() :]):
                    continue
                if _DESTINATION_BEFORE_RE[lang].search(window):
                    continue  # where something goes, not what is asked: "the confirmation in your email"
            found.append((item, draft[start + match.start() : start + match.end()], bool(owned)))
    return found


# --- links and buttons ---------------------------------------------------------------------------------------------

_BUTTON_WORDS = (r"aprovar|recusar|confirmar|cancelar|aceitar|rejeitar|pagar|sim|nao|aprobar|rechazar|aceptar|si"
                 r"|anular|rebutjar|acceptar|anul·lar|anullar|cancel·lar|cancellar|d'acord"
                 r"|approve|decline|accept|reject|confirm|cancel|pay(?: now)?|yes|no|ok")
_BRACKETED_RE = re.compile(r"\[\s*([^\[\]\n]{1,30}?)\s*\](?!\()")
_BUTTON_WORD_RE = re.compile(rf"^(?:{_BUTTON_WORDS})\b")
_EMOJI_BUTTON_RE = re.compile(rf"(?:✅|❌|☑️?|✔️?|✖️?|🔘|👉|▶️?|🟢|🔴)\s*\*?(?:{_BUTTON_WORDS})\b")
_TYPED_APPROVAL_RE = re.compile(
    r"(?:responda|responde|respon|reply|type|digite|escreva|escribe|escriu|envie|envia|send|mande|manda)"
    r"(?:\s+(?:com|con|amb|with))?\s+[\"'«“*]?(?:sim|si|yes|ok|aprovo|aprovar|confirmo|confirmar|aprueba|acepto"
    r"|d'acord|approve|confirm)\b[^.?!\n]{0,30}?(?:para|pra|per|to)\s+(?:aprovar|confirmar|aprobar|approve|confirm"
    r"|autorizar|authori[sz]e|pagar|pay|enviar|send)"
)


# a number, then what it does: "1. Aprovar", "1️⃣ Aprovar", "1 para aprobar", "1 per confirmar", "1 to approve"
_NUMBERED_OPTION_RE = re.compile(rf"(?<![\w.,])(\d{{1,2}})\s*[.):=-]?\s*(?:(?:para|pra|per|to|for)\s+)?(?:{_BUTTON_WORDS})\b")
_TAP_RE = re.compile(
    r"(?<!\w)(?:tap|click|press|hit|select|choose|toque|toca|clique|clica|aperte|aperta|pressione|selecione|escolha"
    r"|pulsa|pulse|presiona|selecciona|elige|prem|premi|tria)\s+(?:(?:em|no|na|en|el|la|on|the|a|o)\s+)?"
    r"(?:(?:botao|boton|boto|button|opcao|opcion|opcio|option)\s+)?[\"'«“]?"
    r"(?:aprovar|aprove|recusar|recuse|confirmar|cancelar|aceitar|rejeitar|pagar|aprobar|aprueba|rechazar|aceptar"
    r"|rebutjar|acceptar|aprova|approve|decline|accept|reject|confirm|cancel|pay(?: now)?|\d{1,2})\b")
_TYPED_CONSENT_RE = re.compile(
    r"(?<!\w)(?:manda|mande|envia|envie|responde|responda|digita|digite|escreve|escreva|send|reply|type|text|escribe"
    r"|escribime|escribi|mandame|enviame|respon|escriu|envia'm)\s+(?:(?:me|nos|us|ens|em)\s+)?(?:(?:um|uma|un|una|an?)\s+)?"
    r"[\"'«“]?(?:ok|okay|sim|si|yes|confirmo|aprovo|vale|dale|d'acord)\b[\"'»”]?[^.?!\n]{0,12}?"
    r"(?:que|and|e|y|i|then|,)\s+(?:(?:eu|i|yo|jo|we|nos)\s+)?(?:(?:ja|already|ya|ja)\s+)?"
    r"(?:libero|liberar|libere|envio|enviar|mando|transfiro|aprovo|faco|pago|release|send|process|approve|transfer|pay"
    r"|libro|transfiero|hago|alliberare|envio|faig|pago|ll?iber\w*|send\w*|do it)\b")


# Approving anywhere but the real approval page: a QR code to scan, a link sent by SMS or e-mail, an app that lets
# someone else see or use the customer's phone. Not after a negation in its sentence ("never install remote access
# apps").
_OUTSIDE_APPROVAL_RE = re.compile(
    r"(?<!\w)(?:(?:scan|escane\w*|escanei\w*|escanej\w*|lei\w*|ler|le|lee\w*|llegeix\w*|read)\s+(?:(?:o|el|the|this|that|aquest|este|esse|ese)\s+)?"
    r"(?:(?:codigo|code|codi)\s+)?qr"
    r"|anydesk|teamviewer|rustdesk|quick ?support|(?:remote|remoto|remot)\s+(?:access|acceso|acesso|acces|desktop)"
    r"|(?:acceso|acesso|acces)\s+remot\w*|screen ?shar\w*|shar\w*\s+(?:your\s+|the\s+)?screen"
    r"|compartilh\w*\s+(?:a\s+|sua\s+)?tela"
    r"|compart\w*\s+(?:la\s+|tu\s+)?pantalla|comparteix\w*\s+(?:la\s+)?pantalla)(?!\w)")
_LINK_BY_CHANNEL_RE = re.compile(r"(?<!\w)(?:link|links|enlace|enlaces|enllac|enllacos)(?!\w)[^.!?\n]{0,40}?(?<!\w)(?:sms"
                                 r"|e-?mail|mail|correo|correu|text message|texto|whatsapp)(?!\w)")
_APPROVE_WORD_RE = re.compile(r"(?<!\w)(?:aprov|aprob|aprueb|approv|confirm|autori|liber|valid)\w*")
# ("no" only before a verb of the kind: the Portuguese "no" is "in the", "no seu e-mail")
_OUTSIDE_NEGATION_RE = re.compile(r"(?<!\w)(?:never|not|don't|do not|nunca|nao|jamais|mai|nem|ni|no(?= (?:\w+ )?(?:compart"
                                  r"|abr|descarg|instal|hag|us|entr|escane|install|open|share|download|click|tap"
                                  r"|scan)))(?!\w)")
_SENTENCE_RE = re.compile(r"[^.!?\n]+")


# Money asked to "verify" or "unlock" an account (a Pix scam): a verb of paying, an amount or money's word, and a
# purpose of checking or freeing the customer's account, identity or card.
_PAY_TO_UNLOCK_RE = re.compile(
    r"(?<!\w)(?:send|transfer|pay|deposit|make|do|envi\w*|mand\w*|transf\w*|pag\w*|deposit\w*|ha[zcg]\w*|fa[zcç]\w*|fe\w*"
    r"|fes)(?!\w)[^.!?\n]{0,40}?(?:to|para|pra|per|so)\s+(?:(?:we\s+can|i\s+can)\s+)?(?:verify|validate|unlock|unblock"
    r"|activate|reactivate|release|validar|verificar|desbloquear|ativar|activar|reativar|reactivar|liberar|desbloquejar"
    r"|activar|validar)\s+(?:your|tu|su|sua|seu|a sua|o seu|la teva|el teu|el seu|la seva|the)?\s*(?:account|identity|card"
    r"|cuenta|identidad|tarjeta|conta|identidade|cartao|compte|identitat|targeta)")
_MONEY_IN_RE = re.compile(r"\d|pix|money|dinheiro|dinero|plata|diners|transfer|deposit|r\$|\$|€")


def outside_approval(low: str) -> list[str]:
    """Ways to approve outside the real approval page (`_OUTSIDE_APPROVAL_RE`; a link said to come by SMS or e-mail
    in a sentence about approving), in the normalised draft."""
    found = []
    for sentence in _SENTENCE_RE.finditer(low):
        text = sentence.group()
        if _OUTSIDE_NEGATION_RE.search(text):
            continue
        found += [m.group() for m in _OUTSIDE_APPROVAL_RE.finditer(text)]
        link = _LINK_BY_CHANNEL_RE.search(text)
        if link and _APPROVE_WORD_RE.search(text):
            found.append(link.group())
        found += [m.group() for m in _PAY_TO_UNLOCK_RE.finditer(text) if _MONEY_IN_RE.search(m.group())]
    return found


def button_like(draft: str) -> list[str]:
    """Text that imitates buttons ("[Aprovar] [Recusar]", "✅ Aprovar", a numbered menu "1️⃣ Aprovar 2️⃣ Recusar",
    "**Tap APPROVE**") or approves by typing ("responda SIM para aprovar", "me manda um OK que eu já libero"): the
    customer decides only with the real buttons or the approval page. Read on the normalised draft
    (`guards.normalise`)."""
    low = normalised(draft)
    found = []
    numbered = list(scan(_NUMBERED_OPTION_RE, low))
    if len(numbered) >= 2:
        found += [low[m.start() : m.end()] for m in numbered]
    found += [low[m.start() : m.end()] for m in scan(_TAP_RE, low)]
    found += [low[m.start() : m.end()] for m in scan(_TYPED_CONSENT_RE, low)]
    bracketed = list(scan(_BRACKETED_RE, low))
    for match in bracketed:
        if len(bracketed) >= 2 or _BUTTON_WORD_RE.match(match.group(1)):
            found.append(low[match.start() : match.end()])
    found += [low[m.start() : m.end()] for m in scan(_EMOJI_BUTTON_RE, low)]
    found += [low[m.start() : m.end()] for m in scan(_TYPED_APPROVAL_RE, low)]
    def said(*literals: str) -> bool:  # (a long list holds none: looked up among its words, not in its 70 KB)
        return any(holds(low, literal) for literal in literals)

    if said("qr", "remot", "desk", "viewer", "shar", "tela", "bloq", "lock", "valid", "verif", "ativ", "activ",
            "pantalla") or (said("link", "enlace", "enllac") and said("sms", "mail", "corre", "text", "whatsapp")):
        found += outside_approval(low)
    return found


# Other channels a draft may send the customer to: messaging apps, a handle, a WhatsApp link.
_OTHER_CHANNEL_RE = re.compile(r"(?<!\w)(?:telegram|signal|instagram|insta|facebook|messenger|tiktok|wechat|skype|discord"
                               r"|viber|wa\.me|t\.me)(?!\w)|(?<![\w.@*])@[a-z][a-z0-9_.]{2,}(?![\w@])(?!\.[a-z]{2,}\b)")
# Channels whose name is also a word ("no line signal", "a messenger"): one only where the draft sends the customer
# there (a contact word before it, "on"/"via"/"pelo"… right before it, "app", a handle or a number after it).
_WORD_CHANNELS = frozenset({"signal", "messenger"})
_CHANNEL_CONTEXT_RE = re.compile(r"(?:(?<!\w)(?:on|via|through|using|use|pelo|pela|por|en|per|amb|al)\s+$)|(?<!\w)(?:"
                                 r"whatsapp|whats|zap|wpp|ligue|liga|ligar|llama|llamanos|llame|truca|truqui|call|text"
                                 r"|message|fale|falar|chama|chame|habla|hablar|escribi|escriba|escribe|parla|contato"
                                 r"|contacto|contacte|contact|contactar|reach|write|talk|chat|add|adiciona|agrega)(?!\w)")
_CHANNEL_AFTER_RE = re.compile(r"\s*(?:app\b|@|\+?\d|:)")
# Words that send the customer to a number (not those that tell a place's number: "their phone number is …").
_CONTACT_CUE_RE = re.compile(r"(?<!\w)(?:(?:whatsapp|whats|zap|wpp|ligue|liga|ligar|truca|truqui|fale|falar|chama|chame|parla"
                             r"|sms|ring|dial|support|suporte|soporte|suport|gerente|asesor|assessor|agent|agente|agents"
                             r"|agentes|hotline|helpline)(?!\w)"
                             # verbs of getting in touch by their stems, any form ("comunicate", "hablame", "reachable")
                             r"|(?:llam|habl|escrib|escriv|comunic|contat|contact|call|text|messag|mensag|mensaj|missatg"
                             r"|reach|atend|atiend|atenen|atencio)\w*)")
# How far after a number a contact word may come in its sentence ("+44 20 7946 0958, give them a ring").
_CUE_AFTER = 60
_SENTENCE_END_RE = re.compile(r"[.!?\n](?:\s|$)")
# An e-mail address: another channel unless its host is the organisation's (or a result's) or the customer gave it.
_EMAIL_RE = re.compile(r"(?<![\w.+-])[\w.+-]+@((?:[a-z0-9-]+\.)+[a-z]{2,})(?![\w-])")
_PHONE_RE = re.compile(r"(?<![\w.,/])\+?\d[\d\s().-]{7,18}\d(?![\w/])")


_NOT_DIGITS_RE = re.compile(r"\D+")


def _digits(text: str) -> str:
    return _NOT_DIGITS_RE.sub("", text)


def other_contacts(inp: GuardInput) -> list[str]:
    """Other channels and phone numbers the draft sends the customer to: a messaging app or a handle, or a phone
    number near a contact word that is none of the organisation's (`own_phones`), nor in this turn's results, nor
    the customer's own words."""
    low = normalised(inp.draft)
    found = [m.group() for m in scan(_OTHER_CHANNEL_RE, low)
             if m.group() not in _WORD_CHANNELS or _CHANNEL_CONTEXT_RE.search(low, max(0, m.start() - 40), m.start())
             or _CHANNEL_AFTER_RE.match(low, m.end())]
    if "@" in low:
        hosts = None
        for match in _EMAIL_RE.finditer(low):
            if hosts is None:
                hosts = allowed_hosts(inp)
                said = " ".join(item.text for item in inp.history if item.role == "customer").lower()
                given = said + " " + " ".join(str(output.data).lower() for output in inp.tool_outputs)
            if not host_allowed(match.group(1), hosts) and match.group() not in given:
                found.append(match.group())
    # a number is kept only after a contact word: without any, no number is read
    if any(c.isdigit() for c in low) and may_match(_CONTACT_CUE_RE, low):
        known = [_digits(phone)[-8:] for phone in inp.own_phones if len(_digits(phone)) >= 8]
        sources = None  # the digits of the customer's words and the results, read only for a number to check
        for match in _PHONE_RE.finditer(low):
            digits = _digits(match.group())
            if len(digits) < 8:
                continue
            if not _CONTACT_CUE_RE.search(low, max(0, match.start() - 40), match.start()):
                end = _SENTENCE_END_RE.search(low, match.end(), match.end() + _CUE_AFTER)
                if not _CONTACT_CUE_RE.search(low, match.end(), end.start() if end else match.end() + _CUE_AFTER):
                    continue
            if sources is None:
                said = " ".join(item.text for item in inp.history if item.role == "customer")
                sources = _digits(said) + " " + " ".join(_digits(str(output.data)) for output in inp.tool_outputs)
            if digits[-8:] in known or digits[-8:] in sources:
                continue
            found.append(match.group().strip())
    return found


def allowed_hosts(inp: GuardInput) -> set[str]:
    """The organisation's hosts, and the hosts of links in this turn's successful results."""
    hosts = {host.lower() for host in inp.allowed_hosts}
    for output in inp.tool_outputs:
        if output.ok:
            evidence = output.evidence if output.evidence is not None else inferred(output.data)
            for url in typed(output.data, evidence, inp.currency, minor_unit_factor).links:
                hosts.update(host for _, _, host in links(url))
    return hosts


def foreign_links(inp: GuardInput) -> list[str]:
    """Links of the draft to hosts that are not the organisation's."""
    found = links(inp.draft)
    if not found:
        return []
    hosts = allowed_hosts(inp)
    return [inp.draft[start:end] for start, end, host in found if not host_allowed(host, hosts)]


@register("unusable_request")
def unusable_request(inp: GuardInput, deadline: float) -> GuardVerdict:
    arguments = {folded(argument) for tool in inp.tools_available for argument in tool.arguments}
    evidence = []
    plain = normalised(inp.draft)  # case, confusables, emoji digits and Markdown set aside
    for item, text, owned in requested_items(plain, inp.lang):
        usable, kind = DATA_ITEMS[item][1], DATA_ITEMS[item][2]
        if kind == "secret":
            evidence.append(text)
        elif usable & arguments:
            continue
        elif kind == "key" and not owned and _KEY_ARGUMENTS & arguments:
            continue  # the recipient's Pix key, for a tool that takes one
        else:
            evidence.append(text)
    for part in (lambda: foreign_links(replace(inp, draft=plain)), lambda: button_like(inp.draft),
                 lambda: other_contacts(inp)):
        if past(deadline):  # each of the four readings is one pass over the draft
            return GuardVerdict.budget_exceeded("unusable_request", inp.lang)
        evidence += part()
    evidence = list(dict.fromkeys(evidence))
    if not evidence:
        return GuardVerdict.ok()
    return GuardVerdict.fail("unusable_request", explain("unusable_request", inp.lang, evidence), evidence)
