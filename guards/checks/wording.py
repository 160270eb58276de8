"""Guards on the draft's wording: `internal_vocabulary`, `effect_claim_without_effect`, `unusable_request`.

Tables are data, per language, as regular expressions over folded text (`language.text.fold`: lower case, no
accents, same offsets), word-bounded when compiled. Offsets found in the folded draft quote the original draft.
"""

from __future__ import annotations

import re
from functools import lru_cache

from guards.contract import GuardInput, GuardVerdict
from guards.messages import explain
from guards.registry import register
from language.locales import Lang
from language.text import fold

# --- shared --------------------------------------------------------------------------------------------------------

_CLAUSE_RE = re.compile(r"[^.!?;\n]+[.!?;]*")


def clauses(folded: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence-like clause of a folded text; its closing punctuation is included."""
    return [match.span() for match in _CLAUSE_RE.finditer(folded)]


def _bounded(pattern: str) -> str:
    return rf"(?<![\w'’-])(?:{pattern})(?![\w'’-])"


def compile_table(patterns: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(_bounded(p) for p in patterns))


# --- internal_vocabulary -------------------------------------------------------------------------------------------

INTERNAL_TERMS: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"(?:a|da|na|pela|uma|minha|nossa) ferramenta", r"ferramentas? (?:de busca|interna)",
              r"(?:o|do|no|pelo|nosso|meu) sistema(?! operacional| android| ios)", r"bancos? de dados",
              r"base de dados", r"(?:o|do|no|pelo) catalogo (?:retornou|mostra|diz|indica|informa)",
              r"(?:a|da|na) funcao", r"(?:a|da|na) (?:busca|consulta) (?:retornou|devolveu)", r"retorno da ferramenta"),
    "es": (r"(?:la|una|mi|nuestra) herramienta", r"(?:el|del|en el|nuestro|mi) sistema(?! operativo| android| ios)",
           r"bases? de datos", r"(?:el|del) catalogo (?:devolvio|muestra|dice|indica)", r"(?:la) funcion",
           r"(?:la) (?:busqueda|consulta) (?:devolvio|retorno)"),
    "ca": (r"(?:l'|de l'|a l'|la meva |la nostra )eina", r"(?:el|del|al|en el|nostre|meu) sistema(?! operatiu| android| ios)",
           r"bases? de dades", r"(?:el|del) cataleg (?:ha retornat|mostra|diu|indica)", r"(?:la) funcio",
           r"(?:la) (?:cerca|consulta) (?:ha retornat|ha tornat)"),
    "en": (r"(?:the|a|my|our|this) tool", r"tool calls?", r"(?:the|our|my) system(?! requirements)", r"databases?",
           r"(?:the|our) catalogu?e (?:returned|shows|says|lists|search)", r"catalogu?e search",
           r"(?:the|a) function(?: call)?", r"(?:the|my) (?:search|lookup|query) returned", r"back-?end"),
}
_UNIVERSAL_TERMS = (r"json", r"api", r"apis", r"endpoint", r"payload", r"null", r"slot[_ ]id",
                    r"ref_[\w-]+",
                    r"(?<![@.])[a-z]+(?:_[a-z0-9]+)+(?!@|\.\w)",  # snake_case tool/field names, not an e-mail
                    r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


# "Thanks for using our system" names the service the customer uses, not the machinery behind the reply.
_SERVICE_SENSE_BEFORE_RE = re.compile(r"(?:using|use|usar|usando|utilizar|utilizando|usa|fer servir|utilitzar)\s+$")


@lru_cache(maxsize=8)
def _internal_re(lang: Lang) -> re.Pattern[str]:
    return compile_table(INTERNAL_TERMS[lang] + _UNIVERSAL_TERMS)


@lru_cache(maxsize=256)
def _organisation_re(terms: tuple[str, ...], tools: tuple[str, ...]) -> re.Pattern[str] | None:
    words = [re.escape(fold(term.strip())) for term in (*terms, *tools) if term.strip()]
    return compile_table(tuple(words)) if words else None


@register("internal_vocabulary")
def internal_vocabulary(inp: GuardInput, deadline: float) -> GuardVerdict:
    folded = fold(inp.draft)
    spans = [m.span() for m in _internal_re(inp.lang).finditer(folded)
             if not _SERVICE_SENSE_BEFORE_RE.search(folded[max(0, m.start() - 20) : m.start()])]
    own = _organisation_re(tuple(inp.internal_vocabulary), tuple(tool.name for tool in inp.tools_available))
    if own is not None:
        spans += [m.span() for m in own.finditer(folded)]
    if not spans:
        return GuardVerdict.ok()
    evidence = list(dict.fromkeys(inp.draft[start:end] for start, end in sorted(spans)))
    return GuardVerdict.fail("internal_vocabulary", explain("internal_vocabulary", inp.lang, evidence), evidence)


# --- effect_claim_without_effect -------------------------------------------------------------------------------------

EFFECT_CLAIMS: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"(?:ja )?(?:enviei|transferi|paguei|reservei|agendei|efetuei|realizei|conclui|fiz (?:o|a|seu|sua) "
              r"(?:pix|transferencia|pagamento|reserva|agendamento))",
              r"(?:pix|transferencia|pagamento|reserva|agendamento|envio|deposito)s? (?:(?:ja )?(?:foi|foram|esta|estao) )?"
              r"(?:enviad|realizad|feit|efetuad|concluid|confirmad|aprovad|agendad|reservad)[oa]s?",
              r"(?:foi|foram|esta|estao|ficou) (?:(?:enviad|transferid|pag|reservad|agendad|confirmad)[oa]s?)",
              r"com sucesso"),
    "es": (r"(?:ya )?(?:te )?(?:he|hemos) (?:enviado|transferido|pagado|reservado|hecho (?:la|el|tu|su) "
           r"(?:transferencia|pago|reserva|envio)|realizado|confirmado|agendado)",
           r"(?:envie|transferi|pague|reserve|realice)",
           r"(?:transferencia|pago|reserva|envio|cita|deposito)s? (?:(?:ya )?(?:ha sido|han sido|fue|fueron|esta|estan|"
           r"quedo|queda) )?(?:enviad|realizad|hech|efectuad|completad|confirmad|reservad)[oa]s?",
           r"(?:ha sido|han sido|fue|fueron|esta|estan|quedo|queda) (?:enviad|transferid|pagad|reservad|confirmad)[oa]s?",
           r"con exito"),
    "ca": (r"(?:ja )?(?:t'|us |l'|li )?(?:he|hem) (?:enviat|transferit|pagat|reservat|fet (?:la|el|la teva|el teu) "
           r"(?:transferencia|pagament|reserva|enviament)|realitzat|confirmat)",
           r"(?:transferencia|pagament|reserva|enviament|cita)s? (?:(?:ja )?(?:ha estat|han estat|s'ha|esta|estan|"
           r"queda) )?(?:enviad|realitzad|fet|confirmad|reservad|feta|completad)[aes]?",
           r"(?:ha estat|han estat|esta|estan|queda) (?:enviat|transferit|pagat|reservat|confirmat)[aes]?",
           r"amb exit"),
    "en": (r"i(?:'ve| have)? (?:just |now |already )?(?:sent|transferred|paid|booked|reserved|scheduled|completed|"
           r"processed|placed|made (?:the|your|a) (?:transfer|payment|booking|reservation|appointment))",
           r"(?:transfer|payment|booking|reservation|appointment|transaction|money|funds|tickets?|order)s? "
           r"(?:(?:is|was|has been|have been|are|were) )(?:now |already |successfully )?"
           r"(?:confirmed|made|sent|completed|complete|processed|booked|reserved|placed|done|scheduled|successful|"
           r"through|transferred)",
           r"(?:has|have) been (?:successfully )?(?:sent|transferred|paid|booked|reserved|scheduled|confirmed|made|"
           r"processed|completed)",
           r"successfully", r"went through", r"(?:is|are) (?:all )?(?:booked|reserved|confirmed)"),
}
# A claim inside a clause with one of these is negated, conditional or a question, not a claim.
NOT_A_CLAIM: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"nao", r"nada", r"nenhum\w*", r"nunca", r"nem", r"se", r"quando", r"assim que", r"depois que", r"apos", r"antes", r"falhou",
              r"erro", r"infelizmente", r"quer", r"deseja", r"posso", r"devo", r"vou", r"vamos", r"sera", r"serao",
              r"ainda", r"pendente", r"aguard\w*"),
    "es": (r"no", r"nada", r"ningun\w*", r"nunca", r"ni", r"si", r"cuando", r"en cuanto", r"despues de", r"antes", r"fallo", r"error",
           r"lamentablemente", r"quieres", r"deseas", r"puedo", r"debo", r"voy a", r"vamos a", r"sera", r"seran",
           r"todavia", r"aun", r"pendiente"),
    "ca": (r"no", r"res", r"cap", r"mai", r"ni", r"si", r"quan", r"tan bon punt", r"despres de", r"abans", r"ha fallat", r"error",
           r"malauradament", r"vols", r"puc", r"he de", r"vaig a", r"sera", r"seran", r"encara", r"pendent"),
    "en": (r"not", r"no", r"nothing", r"none", r"\w+n't", r"never", r"unable", r"failed", r"fail", r"if", r"once", r"when", r"after", r"before",
           r"unfortunately", r"sorry", r"error", r"would you", r"do you want", r"shall", r"should", r"will", r"can i",
           r"may i", r"still", r"pending", r"yet", r"until"),
}


# A draft that asks the customer to confirm or check the details describes a proposed action ("Kindly ensure that,
# 2 tickets have been booked for …", "I have booked a table for 2 at 7 pm. Is that correct?"): no claim in it.
CONFIRMATION_REQUEST: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"(?:por favor,? )?(?:confirme|confirma|verifique|confira) (?:os dados|os detalhes|as informacoes|se|que|"
              r"por favor|o seguinte|a seguir)", r"(?:pode|poderia|podes) (?:me )?confirmar", r"(?:esta|ta) (?:correto|certo)\?",
              r"(?:correto|certo|confirma|confirmo)\?"),
    "es": (r"(?:por favor,? )?(?:confirma|confirme|verifica|verifique|comprueba) (?:los datos|los detalles|la informacion|si|"
           r"que|por favor|lo siguiente)", r"(?:puedes|podrias|puede|podria) confirmar(?:me)?", r"(?:es|esta) correcto\?",
           r"(?:correcto|confirmas|confirma|vale)\?"),
    "ca": (r"(?:si us plau,? )?(?:confirma|confirmi|verifica|comprova) (?:les dades|els detalls|la informacio|si|que|"
           r"el seguent)", r"(?:pots|podries|pot|podria) confirmar(?:-me)?", r"(?:es|esta) correcte\?",
           r"(?:correcte|confirmes|confirma|d'acord)\?"),
    "en": (r"(?:please|kindly) (?:confirm|verify|check)", r"(?:confirm|verify|check) (?:the following|these|the details|"
           r"your|that|if|whether|me)", r"(?:should|need to|must) confirm",
           r"kindly ensure", r"ensure that", r"(?:can|could|would) you (?:please )?confirm",
           r"(?:is|are) (?:that|this|these|it|everything|all) (?:correct|right|ok|okay)", r"correct\?", r"right\?"),
}


@lru_cache(maxsize=8)
def _claims_re(lang: Lang) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    return compile_table(EFFECT_CLAIMS[lang]), compile_table(NOT_A_CLAIM[lang]), compile_table(CONFIRMATION_REQUEST[lang])


def effect_claims(draft: str, lang: Lang) -> list[str]:
    """The claims, in `draft`, that a payment, transfer or booking was done (negated, conditional and questions
    excluded, clause by clause; none in a draft asking the customer to confirm the details)."""
    claim_re, not_re, confirmation_re = _claims_re(lang)
    folded = fold(draft)
    if confirmation_re.search(folded):
        return []
    found = []
    for start, end in clauses(folded):
        clause = folded[start:end]
        if clause.rstrip().endswith("?") or not_re.search(clause):
            continue
        found += [draft[start + m.start() : start + m.end()] for m in claim_re.finditer(clause)]
    return found


@register("effect_claim_without_effect")
def effect_claim_without_effect(inp: GuardInput, deadline: float) -> GuardVerdict:
    if inp.effects_executed:
        return GuardVerdict.ok()
    evidence = effect_claims(inp.draft, inp.lang)
    if not evidence:
        return GuardVerdict.ok()
    return GuardVerdict.fail("effect_claim_without_effect", explain("effect_claim_without_effect", inp.lang, evidence),
                             evidence)


# --- unusable_request ----------------------------------------------------------------------------------------------

REQUEST_CUES: dict[Lang, tuple[str, ...]] = {
    "pt-BR": (r"me (?:passa|passe|informa|informe|envia|envie|manda|mande|diz|diga|fala|fale|confirma|confirme|da|de)",
              r"(?:informe|informa|digite|envie|mande|passe|confirme|forneca|preciso|precisamos|poderia|pode|qual|quais)"),
    "es": (r"me (?:das|da|pasas|pasa|dices|dice|envias|envia|indicas|indica|facilitas|facilita|confirmas|confirma)",
           r"(?:dame|dime|indicame|enviame|pasame|facilitame|proporcioname|confirmame|introduce|escribe|necesito|"
           r"necesitamos|puedes|podrias|puede|podria|cual|cuales)"),
    "ca": (r"em (?:dones|dona|passes|passa|dius|diu|indiques|indica|envies|envia|confirmes|confirma)",
           r"(?:dona'm|digues-me|indica'm|envia'm|passa'm|confirma'm|escriu|necessito|necessitem|pots|podries|pot|"
           r"podria|quin|quina|quins|quines)"),
    "en": (r"(?:give|tell|send|provide|share|confirm|enter|type|need|have|get|what|what's|whats|which)",),
}
# A cue at most this many characters before the data item.
_CUE_WINDOW = 45
# The item is the customer's: right after a possessive ("your order number", "o seu CPF", "la teva contrasenya",
# "tu número de tarjeta"), or after a request verb and an article ("me passa o CPF", "give me the order number").
POSSESSIVES: dict[Lang, str] = {
    "pt-BR": r"(?:o |a |os |as )?(?:seu|sua|seus|suas|teu|tua|teus|tuas)", "es": r"(?:tu|tus|su|sus)",
    "ca": r"(?:el teu|la teva|els teus|les teves|el vostre|la vostra|el seu|la seva)", "en": r"your",
}
ARTICLES: dict[Lang, str] = {
    "pt-BR": r"(?:o|a|os|as|um|uma)", "es": r"(?:el|la|los|las|un|una)", "ca": r"(?:el|la|l'|els|les|un|una)",
    "en": r"(?:the|a|an)",
}
_OWNED_RE = {
    lang: re.compile(rf"(?<!\w){POSSESSIVES[lang]}\s+(?:(?:numero|codigo|codi|number|code)\s+(?:de|do|da|del|of)\s+"
                     rf"|[\w-]+\s+)?$")
    for lang in POSSESSIVES
}
# Verbs that ask for a value (not "confirm": "confirm that the address is X" checks a value, asks for none).
REQUEST_VERBS: dict[Lang, str] = {
    "pt-BR": r"(?:passa|passe|informa|informe|envia|envie|manda|mande|diz|diga|fala|fale|digite|forneca|preciso d)",
    "es": r"(?:das|da|pasas|pasa|dices|dice|envias|envia|indicas|indica|facilitas|facilita|dame|dime|indicame|enviame|"
          r"pasame|facilitame|proporcioname|introduce|escribe|necesito)",
    "ca": r"(?:dones|dona|passes|passa|dius|diu|indiques|indica|envies|envia|dona'm|digues-me|indica'm|envia'm|passa'm|"
          r"escriu|necessito)",
    "en": r"(?:give|tell|send|provide|share|enter|type|i need|we need)",
}
_ARTICLE_RE = {
    lang: re.compile(rf"(?<![\w'-]){REQUEST_VERBS[lang]}\s+(?:(?:me|us|nos|ens|em|-me)\s+)?{ARTICLES[lang]}\s*$")
    for lang in ARTICLES
}
NEGATIONS: dict[Lang, str] = {
    "pt-BR": r"nao|nunca|jamais|nem", "es": r"no|nunca|jamas|ni", "ca": r"no|mai|ni", "en": r"not|never|\w+n't|no",
}

# data item → (per-language patterns, argument names that would use it); an empty argument set means never ask.
DATA_ITEMS: dict[str, tuple[dict[Lang, tuple[str, ...]], frozenset[str]]] = {
    "password": ({"pt-BR": (r"senhas?",), "es": (r"contrasenas?", r"claves? (?:de acceso|secreta)"),
                  "ca": (r"contrasenya", r"contrasenyes", r"clau (?:d'acces|secreta)"), "en": (r"passwords?", r"passcodes?")},
                 frozenset()),
    "pin": ({lang: (r"pin", r"(?:codigo|numero|code|codi) pin", r"pin code") for lang in ("pt-BR", "es", "ca", "en")},
            frozenset()),
    "card": ({"pt-BR": (r"(?:numero do )?cartao(?: de credito| de debito)?", r"cvv", r"cvc", r"codigo de seguranca"),
              "es": (r"(?:numero de (?:la )?)?tarjeta(?: de credito| de debito)?", r"cvv", r"cvc", r"codigo de seguridad"),
              "ca": (r"(?:numero de (?:la )?)?targeta(?: de credit| de debit)?", r"cvv", r"cvc", r"codi de seguretat"),
              "en": (r"(?:credit |debit )?card(?: number| details)?", r"cvv", r"cvc", r"security code")},
             frozenset()),
    "cpf": ({lang: (r"cpf",) for lang in ("pt-BR", "es", "ca", "en")}, frozenset({"cpf", "tax_id", "document"})),
    "id_document": ({"pt-BR": (r"rg", r"documento(?: de identidade)?", r"cnh"),
                     "es": (r"dni", r"nie", r"nif", r"documento(?: de identidad)?", r"pasaporte"),
                     "ca": (r"dni", r"nie", r"nif", r"document(?: d'identitat)?", r"passaport"),
                     "en": (r"ssn", r"social security(?: number)?", r"id number", r"passport(?: number)?",
                            r"driver'?s licen[cs]e")},
                    frozenset({"document", "document_number", "national_id", "tax_id", "dni", "nif", "passport"})),
    "order_number": ({"pt-BR": (r"(?:numero|codigo) do pedido",), "es": (r"(?:numero|codigo) de pedido",),
                      "ca": (r"(?:numero|codi) de (?:la )?comanda",), "en": (r"order (?:number|id|reference)",)},
                     frozenset({"order_id", "order_number", "order_ref"})),
    "account_number": ({"pt-BR": (r"numero da conta", r"agencia"), "es": (r"numero de cuenta", r"iban"),
                        "ca": (r"numero de compte", r"iban"), "en": (r"account number", r"routing number", r"iban")},
                       frozenset({"account_number", "account_id", "iban", "branch"})),
    "email": ({"pt-BR": (r"e-?mail",), "es": (r"e-?mail", r"correo(?: electronico)?"),
               "ca": (r"e-?mail", r"correu(?: electronic)?"), "en": (r"e-?mail(?: address)?",)},
              frozenset({"email", "email_address"})),
    "phone": ({"pt-BR": (r"(?:numero de )?telefone", r"numero (?:do|de) celular"),
               "es": (r"(?:numero de )?telefono", r"numero de movil"), "ca": (r"(?:numero de )?telefon", r"numero de mobil"),
               "en": (r"(?:phone|mobile|cell)(?: number)",)},
              frozenset({"phone", "phone_number", "mobile"})),
    "address": ({"pt-BR": (r"endereco(?: completo)?", r"cep"), "es": (r"direccion(?: postal)?", r"codigo postal"),
                 "ca": (r"adreca(?: postal)?", r"codi postal"), "en": (r"(?:home |postal |mailing )?address", r"zip code")},
                frozenset({"address", "postal_code", "zip_code", "street_address"})),
    "birth_date": ({"pt-BR": (r"data de nascimento",), "es": (r"fecha de nacimiento",), "ca": (r"data de naixement",),
                    "en": (r"date of birth", r"birth ?date", r"birthday")},
                   frozenset({"birth_date", "date_of_birth"})),
}


@lru_cache(maxsize=8)
def _request_tables(lang: Lang) -> tuple[re.Pattern[str], re.Pattern[str], dict[str, re.Pattern[str]]]:
    items = {item: compile_table(patterns[lang]) for item, (patterns, _) in DATA_ITEMS.items()}
    return compile_table(REQUEST_CUES[lang]), compile_table((NEGATIONS[lang],)), items


def requested_items(draft: str, lang: Lang) -> list[tuple[str, str]]:
    """(data item, quoted text) of each data item the draft asks the customer for: the item is the customer's
    (after a possessive, or right after a request verb and an article) and comes within a few words after a request cue of the
    same clause, with no negation between them ("never share your PIN")."""
    cue_re, negation_re, items = _request_tables(lang)
    folded = fold(draft)
    found = []
    for start, end in clauses(folded):
        clause = folded[start:end]
        for item, item_re in items.items():
            for match in item_re.finditer(clause):
                window = clause[max(0, match.start() - _CUE_WINDOW) : match.start()]
                addressed = _OWNED_RE[lang].search(window) or _ARTICLE_RE[lang].search(window)
                if addressed and cue_re.search(window) and not negation_re.search(window):
                    found.append((item, draft[start + match.start() : start + match.end()]))
    return found


@register("unusable_request")
def unusable_request(inp: GuardInput, deadline: float) -> GuardVerdict:
    arguments = {fold(argument) for tool in inp.tools_available for argument in tool.arguments}
    evidence = [
        text for item, text in requested_items(inp.draft, inp.lang)
        if not (DATA_ITEMS[item][1] and DATA_ITEMS[item][1] & arguments)
    ]
    if not evidence:
        return GuardVerdict.ok()
    return GuardVerdict.fail("unusable_request", explain("unusable_request", inp.lang, evidence), evidence)
