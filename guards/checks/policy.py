"""`policy_bypass`: the organisation's rules are facts too; a draft promising to bypass them is held.

The rules (`GuardInput.rules`, from the organisation's policy) a reply may not promise away:

* an approval: "no need to approve", "sem precisar aprovar", "sin necesidad de aprobación", "no cal que ho
  aprovis", "I'll skip the approval", "já aprovei por você" — an effect runs only on the customer's recorded yes,
  whatever the draft says; held when the policy asks for an approval of any effect (`approval_always` or
  `approval_sometimes`);
* a limit: "I can raise your limit", "posso aumentar seu limite", "te subo el límite", "puc augmentar el límit",
  "above your limit", "acima do limite" — no tool raises a limit;
* a refund or a discount: "I'll refund you", "vou estornar", "te devolvemos el dinero", "et farem un descompte",
  "10% off" — unless a result of this turn carries one (a field named refund or discount).

A promise is a clause that says the thing will or did happen (first person, future, present or past; "you will get
a refund"), or offers it ("posso liberar sem a sua aprovação?", "would you like a refund?": no tool can give it);
a negation ("we don't refund", "não é possível aumentar o limite") or a rule stated ("refunds are not possible") is
none.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

from guards.contract import GuardInput, GuardVerdict, past
from guards.evidence import key_tokens
from guards.messages import explain
from guards.registry import register
from guards.scan import scan
from guards.text import clauses, folded
from language.dates import WEEKDAYS
from language.locales import Lang

NAME = "policy_bypass"

# Verbs of approving, per language (folded): any form (`_APPROVE`, a stem: "apruebes", "autorize", "confirmis"), and
# the first person's past (`_APPROVED`: "autorizei", "aprobé", "he aprovat").
_APPROVE: dict[Lang, str] = {"pt-BR": r"aprov|autoriz|confirm", "es": r"aprueb|aprob|autori[cz]|confirm",
                             "ca": r"aprov|autoritz|confirm", "en": r"approv|authori[sz]|confirm"}
_APPROVED: dict[Lang, str] = {"pt-BR": r"aprovei|autorizei|confirmei|liberei", "es": r"aprobe|autorice|confirme",
                              "ca": r"aprovat|autoritzat|confirmat", "en": r"approved|authori[sz]ed|confirmed"}

# A fee taken away is a discount: a verb of removing (any form: "traiem", "te la saco", "tiramos") before a fee's
# noun, an article or a possessive between ("et traiem la comissió", "I'll drop the fee").
_TAKE_AWAY: dict[Lang, str] = {"pt-BR": r"tir|retir|remov|zer|elimin|cancel", "es": r"quit|sac|elimin|anul|remov",
                               "ca": r"treu|trec|traie|treur|tret|elimin|anul|suprim", "en": r"remov|drop|scrap|cancel|strik|eliminat"}
_FEES: dict[Lang, str] = {"pt-BR": r"(?:tarifa|taxa|multa|juros|anuidade|cobranca)s?", "es": r"(?:comision|cargo|multa|interes"
                          r"|intereses|cuota|tarifa|recargo)(?:es|s)?", "ca": r"(?:comissio|comissions|quota|quotes|tarifa|tarifes"
                          r"|recarrec|recarrecs)", "en": r"(?:fee|fees|charge|charges|penalty|penalties|interest)"}

# What bypasses a rule, per language, over folded text: (rule, patterns).
BYPASS: dict[Lang, dict[str, tuple[str, ...]]] = {
    "pt-BR": {
        "approval": (r"sem (?:precisar|necessidade|ter que|ter de)? ?(?:de |da |do )?(?:a |voce |sua |a sua |tua |a tua )?"
                     r"(?:aprovacao|aprovar|autorizacao|autorizar)",
                     r"sem (?:precisar|necessidade|ter que|ter de)? ?(?:de |da |do )?(?:a sua|sua|tua|a tua) (?:confirmacao"
                     r"|confirmar)",

                     r"(?:pul|dispens|ignor)\w+ (?:a |essa |esta )?(?:aprovacao|confirmacao|autorizacao)",
                     rf"(?:ja )?(?:eu )?(?:mesmo )?(?:{_APPROVED['pt-BR']})(?: \w+)? (?:por|pra|para|no lugar de) (?:voce|vc|ti)",
                     rf"(?:nem|nao) (?:\w+ )?(?:precisa|necessario|necessita|tem que|tem de)\w* (?:de )?(?:que )?(?:voce |vc )?"
                     rf"(?:{_APPROVE['pt-BR']})\w*",
                     r"(?:eu )?(?:libero|liberei|liberamos) (?:sem|direto)",
                     # the agent's own approval, its subject stressed ("aprovo eu mesmo", "lo aprobamos nosotros")
                     r"(?:aprov|autoriz)(?:o|ei|amos|aremos|arei) (?:eu|nos)(?: mesm[oa]s?)?"),
        "limit": (r"(?:aument|subi|elev|liber|ampli)\w* (?:o |seu |sua |teu |tua |o seu |a sua )?(?:limite|teto)",
                  r"(?:acima|alem|por cima) do (?:seu |teu )?limite", r"(?:ultrapassar|passar) (?:o |seu )?limite"),
        "refund": (r"(?:estorn|reembols|devolv|ressarc)\w*", r"(?:estorno|reembolso|devolucao|ressarcimento)",
                   r"(?:dinheiro|valor|grana|quantia)s? (?:\w+ )?(?:volta|voltara|vai voltar|retorna|retornara|vai retornar)"
                   r" (?:pra|para|na|a) (?:sua |tua )?conta"),
        "discount": (r"descontos?", r"\d+ ?% (?:off|de desconto|mais barato)", r"(?:abatimento|cashback)",
                     r"(?:metade do preco|meio preco)", r"(?:isent|dispens|perdo)\w* (?:a |da |o |do |sua |seu )?(?:tarifa|taxa"
                     r"|multa|juros|anuidade|mensalidade)",
                     r"(?:deix|faz|fac|dou|vou dar)\w* (?:\w+ ){0,2}(?:de graca|gratis|sem custo)",
                     rf"(?:{_TAKE_AWAY['pt-BR']})\w* (?:\w+ ){{0,2}}{_FEES['pt-BR']}"),
    },
    "es": {
        "approval": (r"sin (?:necesidad|tener que)? ?(?:de |del |de la )?(?:la )?(?:aprobacion|aprobar|autorizacion"
                     r"|autorizar)",
                     r"sin (?:necesidad|tener que)? ?(?:de )?(?:tu|su) (?:confirmacion|aprobacion|autorizacion)",
                     r"no (?:hace falta|es necesario|necesitas|necesita|tenes que|tienes que) (?:que )?(?:aprobar|confirmar"
                     r"|autorizar)",
                     r"(?:salt|omit|ignor)\w+ (?:la |esa |esta )?(?:aprobacion|confirmacion|autorizacion)",
                     rf"(?:ya )?(?:lo |la )?(?:{_APPROVED['es']})(?: \w+)? (?:por|para|en lugar de) (?:ti|vos|usted)",
                     rf"no (?:hace falta|es necesario|necesitas|tenes que|tienes que) (?:que )?(?:\w+ )?(?:{_APPROVE['es']})\w*",
                     r"(?:aprueb|aprob|autori[cz])(?:o|e|amos|are|aremos) (?:yo|nosotros|nosotras)(?: mism[oa]s?)?",
                     r"(?:no|ninguna) (?:\w+ )?(?:aprobacion|autorizacion|confirmacion) (?:va a ser |sera |es )?(?:necesaria"
                     r"|requerida|precisa)", r"(?:aprobacion|autorizacion|confirmacion) no (?:va a ser|sera|es) (?:necesaria"
                     r"|requerida|precisa)"),
        "limit": (r"(?:aument|sub|elev|ampli)\w* (?:el |tu |su )?(?:limite|tope)", r"(?:por encima|mas alla) de(?:l| tu| su) limite",
                  r"(?:superar|pasar) (?:el |tu |su )?limite"),
        "refund": (r"(?:reembols|devolv|devuelv|reintegr)\w*", r"(?:reembolso|devolucion|reintegro)"),
        "discount": (r"descuentos?", r"\d+ ?% (?:off|de descuento|menos)", r"(?:bonificacion|rebaja)",
                     r"(?:a )?(?:mitad de precio|medio precio)", r"(?:condon|perdon|exoner|bonific)\w* (?:la |el |tu |su )?"
                     r"(?:comision|cargo|multa|interes|intereses|cuota|tarifa)",
                     r"(?:dej|hag|hac|doy|dar)\w* (?:\w+ ){0,2}(?:gratis|sin cargo|sin costo|mas barat[oa])",
                     rf"(?:{_TAKE_AWAY['es']})\w* (?:\w+ ){{0,2}}{_FEES['es']}"),
    },
    "ca": {
        "approval": (r"sense (?:necessitat |haver de )?(?:d'|de |la )?(?:aprovacio|aprovar|autoritzacio|autoritzar)",
                     r"sense (?:la teva|la vostra) (?:confirmacio|aprovacio|autoritzacio)",
                     r"no (?:cal|fa falta|es necessari|necessites|has de) (?:que )?(?:aprovar|confirmar|autoritzar|ho aprovis"
                     r"|ho confirmis)",
                     r"(?:salt|omet|ignor)\w* (?:l'|aquesta )?(?:aprovacio|confirmacio|autoritzacio)",
                     rf"(?:ja )?(?:ho |l')?(?:he|hem) (?:{_APPROVED['ca']})(?: \w+)? (?:per|en lloc de) (?:tu|vosaltres|vos)",
                     rf"no (?:cal|fa falta) (?:que )?(?:\w+ )?(?:{_APPROVE['ca']})\w*",
                     r"(?:aprov|autoritz)(?:o|em|are|arem|at) (?:jo|nosaltres)(?: mateix\w*)?"),
        "limit": (r"(?:augment|apu[jg]|pu[jg]|amplia|eleva)\w* (?:el |teu |el teu |el vostre )?(?:limit|sostre)", r"per sobre del (?:teu )?limit",
                  r"(?:superar|passar) (?:el |teu |el teu )?limit"),
        "refund": (r"(?:reembors|retorn|torn)\w* (?:els diners|l'import|el pagament)", r"(?:reemborsament|devolucio)"),
        "discount": (r"descomptes?", r"\d+ ?% (?:de descompte|menys)", r"(?:rebaixa|bonificacio)",
                     r"(?:a )?meitat de preu", r"(?:perdon|condon|exoner)\w* (?:la |el |teva |teu )?(?:comissio|quota|tarifa"
                     r"|recarrec)",
                     r"(?:deix|fe|far|fa)\w* (?:\w+ ){0,2}(?:gratis|gratuit\w*|sense cost|mes barat\w*)",
                     rf"(?:{_TAKE_AWAY['ca']})\w* (?:\w+ ){{0,2}}{_FEES['ca']}"),
    },
    "en": {
        "approval": (r"without (?:(?:any|the|an) )?(?:approval|approving|authori[sz]ation)",
                     r"without (?:your|you) (?:approval|approving|confirmation|confirming|authori[sz]ation)",
                     r"no (?:need|approval needed|confirmation needed) (?:to |for )?(?:approve|approval|confirm|authori[sz]e)?",
                     r"(?:don't|do not|won't|will not) (?:need|have) to (?:approve|confirm|authori[sz]e)",
                     r"(?:skip|bypass|ignore|waive|override)\w* (?:the |this |that |your )?(?:approval|confirmation"
                     r"|authori[sz]ation|verification)",
                     r"(?:already )?(?:approved|authori[sz]ed|confirmed|signed off)(?: it| this| that| them)?(?: \w+)? "
                     r"(?:for you|on (?:your|the customer's) behalf|on behalf of you|in your place|myself)",
                     r"no (?:approval|confirmation|authori[sz]ation|sign-off)s? (?:is |are |will be |'s |would be )?"
                     r"(?:needed|required|necessary)",
                     r"(?:approval|confirmation|authori[sz]ation)s? (?:is|are|will be|'s) not (?:needed|required|necessary)",
                     r"(?:approve|approving|authori[sz]e|authori[sz]ing)\w* (?:it |this |that |them )?(?:ourselves|myself)"),
        "limit": (r"(?:raise|increase|lift|extend|bump|remove)\w* (?:the |your )?(?:\w+ )?(?:\w+ )?(?:limit|cap|ceiling)",
                  r"(?:limit|cap|ceiling)s? (?:has been |have been |is |was |will be |'s been )?(?:now )?(?:raised|increased"
                  r"|lifted|extended|bumped|removed|doubled)",
                  r"(?:above|over|beyond|past) (?:the |your )?(?:\w+ )?limit", r"(?:exceed|go over) (?:the |your )?limit"),
        "refund": (r"refund\w*", r"(?:reimburs|give you (?:your |the )?money back|money back)\w*", r"chargeback",
                   r"(?:give|send|pay|credit|put) (?:you |it )?(?:r\$ ?|\$ ?|€ ?)?\d[\d.,]* back",
                   r"(?:reverse|undo)\w* (?:the |that |this |your )?(?:\w+ )?(?:charge|payment|debit|transaction|fee)"),
        "discount": (r"discount\w*", r"\d+ ?% off", r"(?:coupon|promo code|rebate|cashback)", r"half (?:price|off)",
                     r"waiv\w* (?:the |your |this |that |any )?(?:\w+ )?(?:fee|fees|charge|charges|cost|penalty|interest)",
                     r"(?:take|knock|shave) (?:r\$ ?|\$ ?|€ ?)?\d[\d.,]* (?:\w+ )?off", r"on the house",
                     rf"(?:{_TAKE_AWAY['en']})\w* (?:\w+ ){{0,2}}{_FEES['en']}"),
    },
}
# A rule stated or a promise refused: a negation before the thing, in its part of the sentence ("não fazemos
# estorno", "we can't raise limits", "refunds are not possible"), or the clause is a question.
NEGATIONS: dict[Lang, str] = {
    "pt-BR": r"nao|nunca|nenhum\w*|impossivel|sem possibilidade|infelizmente",
    "es": r"no|nunca|ningun\w*|imposible|lamentablemente",
    "ca": r"no|mai|cap|impossible|malauradament",
    "en": r"not|no|never|can't|cannot|won't|unable|isn't|aren't|doesn't|don't|impossible|unfortunately",
}
_AFTER_NEGATION = {
    "pt-BR": r"(?:nao|nunca) (?:e|sao|e possivel|sao possiveis|fazemos|oferecemos|permitimos|podemos|temos)",
    "es": r"no (?:es|son|es posible|son posibles|hacemos|ofrecemos|permitimos|podemos|tenemos)",
    "ca": r"no (?:es|son|es possible|son possibles|fem|oferim|permetem|podem|tenim)",
    "en": r"(?:is|are) not (?:possible|available|allowed|offered)|not (?:possible|available|allowed)",
}
_BREAK_RE = re.compile(r",\s|;\s|\s(?:but|however|mas|porem|pero|però)\s")
_CARRIES = {"refund": ("refund", "refunded", "reembolso", "estorno", "chargeback"),
            "discount": ("discount", "desconto", "descuento", "descompte", "coupon")}


@lru_cache(maxsize=8)
def _tables(lang: Lang) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    rules = "|".join(f"(?P<{rule}>" + "|".join(f"(?:{p})" for p in patterns) + ")"
                     for rule, patterns in BYPASS[lang].items())
    # (a word after an elided clitic starts a match: "t'apugem", "l'he aprovat")
    return (re.compile(rf"(?<![\w-])(?:{rules})(?![\w'])"), re.compile(rf"(?<![\w'])(?:{NEGATIONS[lang]})(?![\w'])"),
            re.compile(rf"(?<![\w'])(?:{_AFTER_NEGATION[lang]})(?![\w'])"))


def _granted(inp: GuardInput, rule: str) -> bool:
    """Whether a successful result of this turn carries what the draft promises (a refund, a discount)."""
    words = _CARRIES.get(rule)
    if not words:
        return False
    return any(output.ok and _has_key(output.data, words) for output in inp.tool_outputs) or any(
        any(word in key_tokens(output.tool) for word in words) for output in inp.tool_outputs if output.ok)


def _has_key(data, words: tuple[str, ...], depth: int = 0) -> bool:
    if depth > 6:
        return False
    if isinstance(data, dict):
        return any(any(word in key_tokens(str(key)) for word in words) or _has_key(value, words, depth + 1)
                   for key, value in data.items())
    if isinstance(data, list):
        return any(_has_key(value, words, depth + 1) for value in data[:50])
    return False


_NEXT_WORD_RE = re.compile(r"\s+(?:(?:are|is|do|does|were|was|se|sao|son|es|son)\s+)?")


def _next_word(low: str, at: int, end: int) -> int:
    """Where the word after `at` starts, past an auxiliary ("refunds are …", "los descuentos se …"); `end` when
    the clause ends first."""
    match = _NEXT_WORD_RE.match(low, at, end)
    return match.end() if match else end


def promises(inp: GuardInput) -> list[tuple[str, str]]:
    """(rule, quoted text) of each promise to bypass a rule the draft makes (see the module doc)."""
    low = folded(inp.draft)
    bypass_re, negation_re, rule_stated_re = _tables(inp.lang)
    spans = clauses(low)
    starts = [start for start, _ in spans]
    found = []
    for match in scan(bypass_re, low):
        rule = match.lastgroup or ""
        index = bisect_right(starts, match.start()) - 1
        start, end = spans[index] if index >= 0 else (0, len(low))
        before = low[start:match.start()]
        part = before[[m.end() for m in _BREAK_RE.finditer(before)][-1] if _BREAK_RE.search(before) else 0:]
        if negation_re.search(part) or rule_stated_re.search(low, match.end(), end) \
                or negation_re.match(low, _next_word(low, match.end(), end)):
            continue  # "não fazemos estorno", "refunds are not possible", "los descuentos no dependen de mí"
        if rule == "approval" and not (inp.rules.approval_always or inp.rules.approval_sometimes):
            continue  # nothing of this organisation waits for an approval
        if _granted(inp, rule):
            continue
        if rule == "refund" and _return_on_a_day(low, match):
            continue  # "devolução no dia 17", "devolución el domingo": a rental handed back, no money
        found.append((rule, inp.draft[match.start():match.end()]))
    return found


# "Devolução" / "devolución" / "devolució" is also a thing handed back (a rented car, a room's key): said with the
# day or the hour it happens ("retirada na segunda, devolução no dia 17", "devolución el domingo a las 10"), it is
# a rental's schedule, not money returned.
_RETURN_NOUN_RE = re.compile(r"devoluc(?:ao|ion|io)$")
_ALL_WEEKDAYS = "|".join(sorted({day for days in WEEKDAYS.values() for day in days}, key=len, reverse=True))
_ON_A_DAY_RE = re.compile(
    rf",?\s+(?:(?:no|na|em|el|en|o|a|al|on|the|para o|para el|per al|fins al?)\s+)?(?:(?:dia|el dia)\s+)?"
    rf"(?:[0-3]?\d(?:/[01]?\d)?(?!\d|[,.]\d)|(?:{_ALL_WEEKDAYS})(?!\w)|(?:as|a las|a les|at)\s+\d)")


def _return_on_a_day(low: str, match: re.Match[str]) -> bool:
    """Whether a refund's noun is a thing's return said with its day or hour (see above)."""
    return bool(_RETURN_NOUN_RE.search(match.group())) and _ON_A_DAY_RE.match(low, match.end()) is not None


@register(NAME)
def policy_bypass(inp: GuardInput, deadline: float) -> GuardVerdict:
    found = promises(inp)
    if past(deadline):  # one pass over the draft, then the deadline
        return GuardVerdict.budget_exceeded(NAME, inp.lang)
    evidence = list(dict.fromkeys(text for _, text in found))
    if not evidence:
        return GuardVerdict.ok()
    return GuardVerdict.fail(NAME, explain(NAME, inp.lang, evidence), evidence)
