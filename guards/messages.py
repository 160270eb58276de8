"""What the guards say, per language: the explanation of each failure (for the model's retry prompt), the retry
instructions' frame and the hand-off sentence for the customer. `{evidence}` is the offending text."""

from __future__ import annotations

from language.locales import Lang

EXPLANATIONS: dict[str, dict[Lang, str]] = {
    "unsupported_amount": {
        "pt-BR": "O rascunho cita valores que não vêm de nenhum resultado de ferramenta nem da conversa: {evidence}. "
                 "Use só valores retornados ou ditos pelo cliente.",
        "es": "El borrador cita importes que no salen de ningún resultado ni de la conversación: {evidence}. "
              "Usa solo importes devueltos o dichos por el cliente.",
        "ca": "L'esborrany cita imports que no surten de cap resultat ni de la conversa: {evidence}. "
              "Fes servir només imports retornats o dits pel client.",
        "en": "The draft quotes amounts found in no result and nowhere in the conversation: {evidence}. "
              "Only use amounts returned by a call or said by the customer.",
    },
    "unsupported_fact": {
        "pt-BR": "O rascunho afirma fatos (nomes, datas, horários, quantidades, vagas, situações, referências ou garantias) "
                 "que nenhum resultado de ferramenta nem a conversa sustentam: {evidence}. Diga só o que foi retornado.",
        "es": "El borrador afirma hechos (nombres, fechas, horas, cantidades, plazas, estados, referencias o garantías) "
              "que ningún resultado ni la conversación respaldan: {evidence}. Di solo lo que se devolvió.",
        "ca": "L'esborrany afirma fets (noms, dates, hores, quantitats, places, estats, referències o garanties) que cap "
              "resultat ni la conversa no sostenen: {evidence}. Digues només el que s'ha retornat.",
        "en": "The draft states facts (names, dates, times, counts, places left, statuses, references or warranty terms) "
              "that no result and nothing in the conversation supports: {evidence}. Only say what was returned.",
    },
    "stock_contradiction": {
        "pt-BR": "O rascunho contradiz a busca no estoque: {evidence}. Diga só o que a busca retornou.",
        "es": "El borrador contradice la búsqueda de stock: {evidence}. Di solo lo que devolvió la búsqueda.",
        "ca": "L'esborrany contradiu la cerca d'estoc: {evidence}. Digues només el que ha tornat la cerca.",
        "en": "The draft contradicts the stock search: {evidence}. Only say what the search returned.",
    },
    "sold_out_offered": {
        "pt-BR": "O rascunho oferece como disponível um item esgotado: {evidence}.",
        "es": "El borrador ofrece como disponible un artículo agotado: {evidence}.",
        "ca": "L'esborrany ofereix com a disponible un article esgotat: {evidence}.",
        "en": "The draft offers a sold-out item as available: {evidence}.",
    },
    "warranty_without_data": {
        "pt-BR": "O rascunho afirma uma garantia sem dado de garantia no cadastro: {evidence}. Diga que não há essa informação.",
        "es": "El borrador afirma una garantía sin datos de garantía en la ficha: {evidence}. Di que no hay esa información.",
        "ca": "L'esborrany afirma una garantia sense dades de garantia a la fitxa: {evidence}. Digues que no hi ha aquesta informació.",
        "en": "The draft states a warranty although the record has no warranty data: {evidence}. Say that this is not known.",
    },
    "quote_without_required_info": {
        "pt-BR": "O rascunho dá um valor pelo aparelho do cliente antes de saber modelo, capacidade e saúde da bateria: "
                 "{evidence}. Pergunte o que falta.",
        "es": "El borrador da un precio por el dispositivo del cliente sin conocer modelo, capacidad y salud de la batería: "
              "{evidence}. Pregunta lo que falta.",
        "ca": "L'esborrany dona un preu pel dispositiu del client sense saber model, capacitat i salut de la bateria: "
              "{evidence}. Pregunta el que falta.",
        "en": "The draft quotes a price for the customer's device before model, capacity and battery health are known: "
              "{evidence}. Ask for what is missing.",
    },
    "internal_vocabulary": {
        "pt-BR": "O rascunho usa termos internos que o cliente não deve ver: {evidence}. Fale como um atendente.",
        "es": "El borrador usa términos internos que el cliente no debe ver: {evidence}. Habla como una persona de atención.",
        "ca": "L'esborrany fa servir termes interns que el client no ha de veure: {evidence}. Parla com una persona d'atenció.",
        "en": "The draft uses internal terms the customer must not see: {evidence}. Speak like a service agent.",
    },
    "effect_claim_without_effect": {
        "pt-BR": "O rascunho diz que algo foi feito (envio, transferência, reserva), mas nada foi executado neste turno: "
                 "{evidence}.",
        "es": "El borrador dice que algo se hizo (envío, transferencia, reserva), pero no se ejecutó nada en este turno: "
              "{evidence}.",
        "ca": "L'esborrany diu que s'ha fet alguna cosa (enviament, transferència, reserva), però no s'ha executat res "
              "en aquest torn: {evidence}.",
        "en": "The draft says something was done (sent, transferred, booked) but nothing was executed this turn: {evidence}.",
    },
    "unusable_request": {
        "pt-BR": "O rascunho pede ao cliente um dado que nenhuma ferramenta usa ou que nunca se pede (senha, cartão, "
                 "código), ou o manda agir fora dos canais da organização (link de outro site, botões escritos no "
                 "texto): {evidence}.",
        "es": "El borrador pide al cliente un dato que ninguna herramienta usa o que nunca se pide (contraseña, tarjeta, "
              "código), o lo manda a actuar fuera de los canales de la organización (enlace a otro sitio, botones "
              "escritos en el texto): {evidence}.",
        "ca": "L'esborrany demana al client una dada que cap eina fa servir o que mai no es demana (contrasenya, "
              "targeta, codi), o l'envia a actuar fora dels canals de l'organització (enllaç a un altre lloc, botons "
              "escrits al text): {evidence}.",
        "en": "The draft asks the customer for something no tool can use or that must never be asked (password, card, "
              "code), or sends them outside the organisation's channels (a link to another site, buttons written as "
              "text): {evidence}.",
    },
}

EXPLANATIONS["policy_bypass"] = {
    "pt-BR": "O rascunho promete contornar as regras da organização (dispensar a aprovação, aumentar um limite, dar "
             "estorno ou desconto que nenhuma ferramenta deu): {evidence}. Não prometa isso.",
    "es": "El borrador promete saltarse las reglas de la organización (omitir la aprobación, subir un límite, dar un "
          "reembolso o un descuento que ninguna herramienta dio): {evidence}. No lo prometas.",
    "ca": "L'esborrany promet saltar-se les regles de l'organització (ometre l'aprovació, augmentar un límit, donar "
          "un reemborsament o un descompte que cap eina no ha donat): {evidence}. No ho prometis.",
    "en": "The draft promises to bypass the organisation's rules (skip the approval, raise a limit, give a refund or "
          "a discount no tool gave): {evidence}. Do not promise that.",
}

BUDGET_EXCEEDED: dict[Lang, str] = {
    "pt-BR": "A verificação não terminou a tempo; escreva uma resposta mais curta.",
    "es": "La comprobación no terminó a tiempo; escribe una respuesta más corta.",
    "ca": "La comprovació no ha acabat a temps; escriu una resposta més curta.",
    "en": "The check did not finish in time; write a shorter reply.",
}

RETRY_INTRO: dict[Lang, str] = {
    "pt-BR": "Sua resposta anterior foi recusada pelas verificações. Reescreva-a corrigindo:",
    "es": "Tu respuesta anterior fue rechazada por las comprobaciones. Reescríbela corrigiendo:",
    "ca": "La teva resposta anterior ha estat rebutjada per les comprovacions. Reescriu-la corregint:",
    "en": "Your previous reply was rejected by the checks. Rewrite it, fixing:",
}

HANDOFF: dict[Lang, str] = {
    "pt-BR": "Vou te passar para uma pessoa que pode ajudar.",
    "es": "Te paso con una persona que puede ayudarte.",
    "ca": "Et passo amb una persona que et pot ajudar.",
    "en": "I'll pass you to a person who can help.",
}


def explain(code: str, lang: Lang, evidence: list[str] | tuple[str, ...]) -> str:
    """The localised explanation of guard `code`'s failure, quoting `evidence`."""
    quoted = ", ".join(f"«{item}»" for item in evidence[:8]) + (" …" if len(evidence) > 8 else "")
    return EXPLANATIONS[code][lang].format(evidence=quoted)
