"""The verbs of an effect (money moved, something booked, bought, sent or enrolled) per language, and their forms.

Not cancelling: "Pedido cancelado" is how the agent closes a request the customer dropped (the Ask), with nothing
done. A claim table that lists forms one by one misses the next verb ("efetivei", "concreté", "hem cobrat", "we just
refunded"): here each language has one list of verbs, by conjugation, and the forms the claim tables need are made
from it by the regular rules, irregular forms added by hand. Everything is folded (lower case, no accents) but the
Spanish first-person preterites, which only their accent tells from a subjunctive ("envié" / "envíe").
"""

from __future__ import annotations

import re

# --- Portuguese ----------------------------------------------------------------------------------------------------

PT_AR: tuple[str, ...] = ("enviar", "mandar", "pagar", "depositar", "reservar", "agendar", "marcar", "efetuar", "efetivar", "realizar",
         "confirmar", "separar", "comprar", "registrar", "cobrar", "quitar", "processar", "finalizar", "completar",
         "liquidar", "matricular", "encomendar", "reembolsar", "estornar", "remarcar", "reagendar", "debitar",
         "creditar", "aceitar", "aprovar", "programar", "assegurar", "colocar", "cadastrar", "despachar", "entregar",
         "ativar", "renovar", "contratar", "recarregar", "resgatar", "sacar", "transferir", "garantir", "iniciar",
         "executar")
PT_IR = ("transferir", "garantir", "emitir", "concluir", "inscrever", "devolver")
PT_AR = tuple(verb for verb in PT_AR if verb.endswith("ar"))


def _first_singular(verb: str, *, endings: tuple[str, str], spelling: tuple[tuple[str, str], ...]) -> str:
    """The first-person preterite of a regular -ar or -ir verb: the stem keeps its sound before the ending's e
    (`spelling`: c → qu, g → gu, and in Spanish z → c), then the ending of its conjugation (`endings`: -ar, -ir)."""
    stem = verb[:-2]
    if not verb.endswith("ar"):
        return stem + endings[1]
    for tail, kept in spelling:
        if stem.endswith(tail):
            return stem[: -len(tail)] + kept + endings[0]
    return stem + endings[0]


# marquei, paguei, realizei; transferi, emiti, conclui, inscrevi
PT_FIRST_SINGULAR = tuple(_first_singular(v, endings=("ei", "i"), spelling=(("c", "qu"), ("g", "gu")))
                          for v in (*PT_AR, *PT_IR)) + ("lancei", "fechei")
# Without the verbs a shop or a bank says of its habits ("aceitamos Pix", "cobramos R$ 5 por boleto")
PT_FIRST_PLURAL = tuple(v[:-2] + {"ar": "amos", "er": "emos", "ir": "imos"}[v[-2:]] for v in (*PT_AR, *PT_IR)
                        if v not in ("aceitar", "cobrar", "aprovar", "entregar", "contratar", "sacar")) + ("lancamos",)
PT_PARTICIPLE_STEMS = tuple(v[:-2] + ("ad" if v.endswith("ar") else "id") for v in (*PT_AR, *PT_IR)) + (
    "feit", "pag", "aceit", "inscrit", "entregu", "ganh", "devolvid")

# --- Spanish -------------------------------------------------------------------------------------------------------

ES_AR = ("enviar", "mandar", "pagar", "depositar", "reservar", "agendar", "apartar", "realizar", "completar",
         "confirmar", "acreditar", "separar", "girar", "cobrar", "procesar", "finalizar", "anotar", "programar",
         "reembolsar", "liquidar", "abonar", "saldar", "efectuar", "asegurar", "concretar", "debitar", "aceptar",
         "aprobar", "despachar", "entregar", "activar", "renovar", "contratar", "registrar", "comprar", "cargar",
         "agregar", "sumar", "iniciar", "ejecutar")
ES_IR = ("transferir", "inscribir", "emitir", "recibir", "devolver")


# The accented preterite: pagué, marqué, realicé, transferí.
ES_FIRST_SINGULAR = tuple(_first_singular(v, endings=("é", "í"), spelling=(("c", "qu"), ("g", "gu"), ("z", "c")))
                          for v in (*ES_AR, *ES_IR))
ES_FIRST_PLURAL = tuple(v[:-2] + ("amos" if v.endswith("ar") else "imos") for v in (*ES_AR, *ES_IR)
                        if v not in ("aceptar", "cobrar", "aprobar", "entregar", "contratar", "recibir", "cargar"))
# "se envió", "se acreditaron": the impersonal preterite, third person (folded)
ES_THIRD_PRETERITE = tuple(form for v in (*ES_AR, *ES_IR)
                           for form in ((v[:-2] + "o", v[:-2] + "aron") if v.endswith("ar")
                                        else (v[:-2] + "io", v[:-2] + "ieron")))
ES_PARTICIPLE_STEMS = tuple(v[:-2] + ("ad" if v.endswith("ar") else "id") for v in (*ES_AR, *ES_IR)) + (
    "hech", "inscript", "inscrit", "impres", "devuelt")

# --- Catalan -------------------------------------------------------------------------------------------------------

CA_AR: tuple[str, ...] = ("retornar", "tornar", "enviar", "pagar", "reservar", "apuntar", "confirmar", "realitzar", "programar",
         "guardar", "cobrar", "ingressar", "abonar", "acceptar", "aprovar", "tramitar", "processar", "liquidar",
         "registrar", "completar", "finalitzar", "comprar", "despatxar", "activar", "renovar", "contractar",
         "carregar", "transferir", "iniciar", "executar")
CA_AR = tuple(verb for verb in CA_AR if verb.endswith("ar"))
CA_IR = ("transferir",)
CA_PARTICIPLES = tuple(form for v in CA_AR for form in (v[:-2] + "at", v[:-2] + "ada", v[:-2] + "ats", v[:-2] + "ades")) \
    + tuple(form for v in CA_IR for form in (v[:-1] + "t", v[:-1] + "da", v[:-1] + "ts", v[:-1] + "des")) \
    + ("fet", "feta", "fets", "fetes", "inscrit", "inscrita", "inscrits", "inscrites", "emes", "emesa", "rebut",
       "rebuda", "lliurat", "lliurada", )
CA_INFINITIVES = (*CA_AR, *CA_IR, "fer", "inscriure", "emetre")

# --- English -------------------------------------------------------------------------------------------------------

EN_REGULAR = ("book", "reserve", "transfer", "complete", "process", "place", "confirm", "purchase", "secure",
              "arrange", "initiate", "submit", "finalize", "finalise", "order", "deposit", "wire", "schedule",
              "charge", "refund", "debit", "credit", "bill", "settle", "clear", "ship", "dispatch", "deliver",
              "enroll", "enrol", "register", "renew", "activate", "reschedule", "approve", "accept", "top-up", "start",
              "execute", "launch")


def _en_past(verb: str) -> str:
    if verb.endswith("e"):
        return verb + "d"
    if verb in ("transfer", "ship", "enrol", "submit"):
        return verb + verb[-1] + "ed"
    return verb + "ed"


EN_PAST = tuple(_en_past(v) for v in EN_REGULAR if v != "top-up") + (
    "sent", "paid", "bought", "made", "issued", "topped up", "signed you up", "enrolled", "put through")


def alternation(forms: tuple[str, ...] | list[str]) -> str:
    """One regex alternation of `forms`, factored by prefix ("envi(?:ei|amos|ad)"): the engine rejects a word at its
    first letters instead of trying every form (a lexicon of 50 verbs costs little more than one). The longest form
    of a prefix is tried first, so "transferred" is not cut to "transfer"."""
    trie: dict = {}
    for form in set(forms):
        node = trie
        for char in form:
            node = node.setdefault(char, {})
        node[""] = {}
    return _trie_regex(trie)


def _trie_regex(node: dict) -> str:
    ends = "" in node
    branches = [re.escape(char) + _trie_regex(child) for char, child in sorted(node.items()) if char]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if ends else body
