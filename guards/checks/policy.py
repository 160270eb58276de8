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
from language.locales import Lang

NAME = "policy_bypass"

# What bypasses a rule, per language, over folded text: (rule, patterns).
BYPASS: dict[Lang, dict[str, tuple[str, ...]]] = {
    "pt-BR": {
        "approval": (r"sem (?:precisar|necessidade|ter que|ter de)? ?(?:de |da |do )?(?:a |voce |sua |a sua |tua |a tua )?"
                     r"(?:aprovacao|aprovar|autorizacao|autorizar)",
                     r"sem (?:precisar|necessidade|ter que|ter de)? ?(?:de |da |do )?(?:a sua|sua|tua|a tua) (?:confirmacao"
                     r"|confirmar)",
                     r"(?:nao )?(?:precisa|necessario|necessita)\w* (?:de )?(?:aprovar|aprovacao|confirmar|autorizar)",
                     r"(?:pul|dispens|ignor)\w+ (?:a |essa |esta )?(?:aprovacao|confirmacao|autorizacao)",
                     r"(?:ja )?(?:aprovei|autorizei|confirmei) (?:por|pra|para) (?:voce|vc|ti)",
                     r"(?:eu )?(?:libero|liberei|liberamos) (?:sem|direto)"),
        "limit": (r"(?:aument|subi|elev|liber|ampli)\w* (?:o |seu |sua |teu |tua |o seu |a sua )?(?:limite)",
                  r"(?:acima|alem|por cima) do (?:seu |teu )?limite", r"(?:ultrapassar|passar) (?:o |seu )?limite"),
        "refund": (r"(?:estorn|reembols|devolv)\w*", r"(?:estorno|reembolso|devolucao|ressarcimento)"),
        "discount": (r"descontos?", r"\d+ ?% (?:off|de desconto|mais barato)", r"(?:abatimento|cashback)"),
    },
    "es": {
        "approval": (r"sin (?:necesidad|tener que)? ?(?:de |del |de la )?(?:la )?(?:aprobacion|aprobar|autorizacion"
                     r"|autorizar)",
                     r"sin (?:necesidad|tener que)? ?(?:de )?(?:tu|su) (?:confirmacion|aprobacion|autorizacion)",
                     r"no (?:hace falta|es necesario|necesitas|necesita|tenes que|tienes que) (?:que )?(?:aprobar|confirmar"
                     r"|autorizar)",
                     r"(?:salt|omit|ignor)\w+ (?:la |esa |esta )?(?:aprobacion|confirmacion|autorizacion)",
                     r"(?:ya )?(?:lo )?(?:aprobe|autorice|confirme) (?:por|para) (?:ti|vos|usted)"),
        "limit": (r"(?:aument|sub|elev|ampli)\w* (?:el |tu |su )?(?:limite)", r"(?:por encima|mas alla) de(?:l| tu| su) limite",
                  r"(?:superar|pasar) (?:el |tu |su )?limite"),
        "refund": (r"(?:reembols|devolv|devuelv|reintegr)\w*", r"(?:reembolso|devolucion|reintegro)"),
        "discount": (r"descuentos?", r"\d+ ?% (?:off|de descuento|menos)", r"(?:bonificacion|rebaja)"),
    },
    "ca": {
        "approval": (r"sense (?:necessitat |haver de )?(?:d'|de |la )?(?:aprovacio|aprovar|autoritzacio|autoritzar)",
                     r"sense (?:la teva|la vostra) (?:confirmacio|aprovacio|autoritzacio)",
                     r"no (?:cal|fa falta|es necessari|necessites|has de) (?:que )?(?:aprovar|confirmar|autoritzar|ho aprovis"
                     r"|ho confirmis)",
                     r"(?:salt|omet|ignor)\w* (?:l'|aquesta )?(?:aprovacio|confirmacio|autoritzacio)",
                     r"(?:ja )?(?:ho )?(?:he aprovat|he autoritzat|he confirmat) per (?:tu|vosaltres)"),
        "limit": (r"(?:augment|puj|amplia)\w* (?:el |teu |el teu |el vostre )?(?:limit)", r"per sobre del (?:teu )?limit",
                  r"(?:superar|passar) (?:el |teu |el teu )?limit"),
        "refund": (r"(?:reembors|retorn|torn)\w* (?:els diners|l'import|el pagament)", r"(?:reemborsament|devolucio)"),
        "discount": (r"descomptes?", r"\d+ ?% (?:de descompte|menys)", r"(?:rebaixa|bonificacio)"),
    },
    "en": {
        "approval": (r"without (?:(?:any|the|an) )?(?:approval|approving|authori[sz]ation)",
                     r"without (?:your|you) (?:approval|approving|confirmation|confirming|authori[sz]ation)",
                     r"no (?:need|approval needed|confirmation needed) (?:to |for )?(?:approve|approval|confirm|authori[sz]e)?",
                     r"(?:don't|do not|won't|will not) (?:need|have) to (?:approve|confirm|authori[sz]e)",
                     r"(?:skip|bypass|ignore|waive|override)\w* (?:the |this |that |your )?(?:approval|confirmation"
                     r"|authori[sz]ation|verification)",
                     r"(?:already )?(?:approved|authori[sz]ed|confirmed) (?:it )?(?:for|on behalf of) you"),
        "limit": (r"(?:raise|increase|lift|extend|bump|remove)\w* (?:the |your )?(?:\w+ )?limit",
                  r"(?:above|over|beyond|past) (?:the |your )?(?:\w+ )?limit", r"(?:exceed|go over) (?:the |your )?limit"),
        "refund": (r"refund\w*", r"(?:reimburs|give you (?:your |the )?money back|money back)\w*", r"chargeback"),
        "discount": (r"discount\w*", r"\d+ ?% off", r"(?:coupon|promo code|rebate|cashback)"),
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
    return (re.compile(rf"(?<![\w'-])(?:{rules})(?![\w'])"), re.compile(rf"(?<![\w'])(?:{NEGATIONS[lang]})(?![\w'])"),
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
        if negation_re.search(part) or rule_stated_re.search(low, match.end(), end):
            continue
        if rule == "approval" and not (inp.rules.approval_always or inp.rules.approval_sometimes):
            continue  # nothing of this organisation waits for an approval
        if _granted(inp, rule):
            continue
        found.append((rule, inp.draft[match.start():match.end()]))
    return found


@register(NAME)
def policy_bypass(inp: GuardInput, deadline: float) -> GuardVerdict:
    found = promises(inp)
    if past(deadline):  # one pass over the draft, then the deadline
        return GuardVerdict.budget_exceeded(NAME, inp.lang)
    evidence = list(dict.fromkeys(text for _, text in found))
    if not evidence:
        return GuardVerdict.ok()
    return GuardVerdict.fail(NAME, explain(NAME, inp.lang, evidence), evidence)
