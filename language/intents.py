"""What a message asks of the conversation itself, read by lemma: a person, or someone to look at a payment.

* **A person** (`asks_for_person`): a verb of talking or being passed on ("falar", "hablar", "parlar", "talk",
  "pásame", "connect") followed within a few words by someone who is not the bot ("uma pessoa", "un asesor",
  "algú", "a human", "customer service"), or the customer refusing the bot itself ("no con un bot"). A name
  ("falar com a Ana") is no person of the organisation; "manda 50 pra alguém" has no verb of talking.
  Wanting someone by their role ("quero um atendente", "necesito un asesor", "I need a human"), or a role
  asked for alone ("atendente, por favor"), is asking for a person too; wanting "someone" is not (a Pix to somebody).
  So is a person who would serve ("um humano me atender", "can someone call me?"), someone asked to be there
  ("tem alguém aí?", "hi ha algú de carn i ossos?"), and a bot refused a few words after a "no". People counted
  ("per 2 persones"), a price per head ("preu per persona") and the day after tomorrow ("demà passat": "passat" is a form of "passar") are neither.
* **A payment to look at** (`disputes_payment`): a charge said to be repeated ("me lo cobraron dos veces",
  "charged twice", "duplicado"), a payment said to be done already ("ya pagué", "já paguei", "I already paid"), or
  a payment said to be missing ("o dinheiro sumiu", "no me aparece", "never got my order" after paying, "me
  cobraron el celu pero nunca me llegó" after a charge), or still
  open after a payment said in the past ("pagué la reserva pero me sigue saliendo como pendiente").

* **A problem to look at** (`reports_problem`): something stolen ("roubaram meu celular", "my phone was stolen"),
  a phone, card or account lost or to be blocked ("perdi meu celular, bloqueia minha conta", "I lost my card"),
  something broken or faulty ("veio com defeito", "vino fallado", "la pantalla rota", "s'ha trencat", "not working",
  adjectives read in their masculine singular too), a complaint ("quiero hacer un reclamo", "file a complaint"), a
  return or a refund asked for ("quiero devolver el cargador", "I want to return it"). Only a person can act on these; a charge
  the customer does not recognise ("não reconheço essa cobrança", "I don't recognise this charge") is a payment
  to look at (`disputes_payment`).

* **A limit to change** (`asks_to_change_limit`): a verb of raising, lowering or changing ("aumentar", "subir",
  "pujar", "raise") a few words before a limit ("meu limite do pix", "mi límite", "the night limit"). No tool
  changes a limit: only a person of the organisation can.

* **A limit asked about** (`asks_about_limit`): a limit named without a change of it ("qual o meu limite à
  noite?"): the bank answers it with the balance, from the engine.

* **Calling something off** (`asks_to_cancel`): a verb of cancelling in any of its forms ("cancel·la-ho",
  "anul·lar", "anúlala", "desmarca", "cancelled"), which the word tables of `language.markers` cannot list.

All are read over lemmas (`language.lemmas`), so inflections and enclitics need no entries of their own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from language.dates import clock_said
from language.lemmas import known, lemma, lemmas, verb_readings, words
from language.locales import Lang
from language.text import fold

CANCEL: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"cancelar", "anular", "desmarcar", "desfazer", "excluir", "apagar", "eliminar"}),
    # "cancélame" → "cancela"; "borra la reserva" → the noun "borra"
    "es": frozenset({"cancelar", "cancela", "anular", "desapuntar", "desmarcar", "deshacer", "borrar", "borra",
                     "eliminar"}),
    "ca": frozenset({"cancel·lar", "anul·lar", "desapuntar", "desmarcar", "desfer", "esborrar", "eliminar"}),
    "en": frozenset({"cancel", "cancell", "undo", "delete", "erase", "remove", "scrap"}),  # "cancelled" → "cancell"
}
TALK: dict[Lang, frozenset[str]] = {
    # sorting a matter out with someone is talking to them: "quero resolver isso com uma pessoa"
    "pt-BR": frozenset({"falar", "conversar", "passar", "transferir", "chamar", "atender", "ligar", "encaminhar",
                        "colocar", "botar", "atendido", "atendida", "resolver", "tratar"}),
    "es": frozenset({"hablar", "conversar", "pasar", "pasa", "poner", "comunicar", "atender", "llamar",
                     "derivar", "transferir", "contactar", "atendido", "atendida", "resolver", "tratar", "gestionar"}),
    "ca": frozenset({"parlar", "conversar", "passar", "posar", "atendre", "trucar", "comunicar", "contactar",
                     "derivar", "xerrar", "ates", "atesa", "resoldre", "tractar"}),
    "en": frozenset({"talk", "speak", "connect", "transfer", "put", "get", "chat", "reach", "contact", "pass",
                     "sort", "resolve", "deal", "handle"}),
}
PERSON: dict[Lang, frozenset[str]] = {  # teachers too: at the school, "el profe de escalada" is a person to talk to
    "pt-BR": frozenset({"pessoa", "humano", "humana", "atendente", "gerente", "funcionario", "funcionaria",
                        "operador", "operadora", "vendedor", "vendedora", "alguem", "consultor", "consultora",
                        "responsavel", "equipe", "suporte", "gestor", "gestora", "professor", "professora",
                        "instrutor", "instrutora", "monitor", "monitora", "dono", "proprietario", "supervisor",
                        "executivo", "executiva"}),
    "es": frozenset({"persona", "humano", "humana", "agente", "asesor", "asesora", "alguien", "operador",
                     "operadora", "vendedor", "vendedora", "encargado", "encargada", "empleado", "empleada",
                     "gerente", "representante", "dependiente", "responsable", "equipo", "soporte",
                     "gestor", "gestora", "profe", "profesor", "profesora", "instructor", "instructora", "monitor",
                     "monitora", "dueno", "propietario", "supervisor", "ejecutivo", "ejecutiva"}),
    "ca": frozenset({"persona", "huma", "humana", "agent", "algu", "dependent", "dependenta", "treballador",
                     "treballadora", "responsable", "gerent", "venedor", "venedora", "equip", "suport",
                     "monitor", "monitora", "gestor", "gestora", "profe", "professor", "professora", "instructor",
                     "instructora", "amo", "propietari", "supervisor", "encarregat", "encarregada", "executiu",
                     "executiva"}),
    "en": frozenset({"person", "human", "agent", "someone", "somebody", "representative", "rep", "operator",
                     "manager", "staff", "people", "anyone", "anybody", "salesperson", "employee", "team",
                     "support", "instructor", "teacher", "coach", "owner", "supervisor"}),
}
NOT_THE_BOT: dict[Lang, str] = {
    "pt-BR": r"(?:nao|sem) (?:com )?(?:um |o )?(?:robo|bot)|atendimento (?:humano|pessoal|personalizado)"
             r"|(?:vc|voce|tu) (?:nao|n) (?:me )?(?:entende|entendeu|ajuda)"
             r"|de carne e osso|(?:alguem|pessoa|humano|gente) (?:de verdade|real)",
    "es": r"no (?:con )?(?:un |el |una )?(?:robot|bot|maquina)|atencion (?:al cliente|personal|personalizada|humana)"
          r"|no (?:me )?(?:entendes|entiendes|entendiste)"
          r"|de carne y hueso|(?:alguien|persona|humano|gente) (?:de verdad|real)",
    "ca": r"no (?:amb )?(?:un |el )?(?:robot|bot|maquina)|atencio (?:al client|personal|personalitzada|humana)"
          r"|no (?:m')?(?:entens|has entes)"
          r"|de carn i ossos?|(?:algu|persona|huma|gent) (?:de veritat|real)",
    "en": r"not (?:a |the |with a )?(?:robot|bot|machine)|customer (?:service|support|care)|real (?:person|human)"
          r"|you (?:don'?t|do not|dont) (?:understand|get it)|(?:you'?re|you are|ur) useless"
          r"|live (?:agent|person|chat)|(?:someone|somebody|anyone|human) real",
}
WINDOW = 5  # words between the verb and the person
# Verbs whose subject may be the person wanted: "um humano me atender", "una persona que me pueda ayudar", "can
# someone call me?" (the person comes first).
SERVE: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"atender", "atendido", "atendida", "ajudar", "ligar", "responder"}),
    "es": frozenset({"atender", "atendido", "atendida", "ayudar", "llamar", "responder"}),
    "ca": frozenset({"atendre", "ates", "atesa", "ajudar", "trucar", "respondre"}),
    "en": frozenset({"help", "call", "answer", "serve", "assist"}),
}
# "Is there someone?": a verb of being there with a person right after it ("tem alguém aí", "hay alguna persona",
# "hi ha algú", "is there a human"); a place for 2 people ("hay plazas para 2 personas") has words between.
THERE_IS: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"ter", "haver"}),
    "es": frozenset({"haber", "tener"}),
    "ca": frozenset({"haver"}),
    "en": frozenset({"there"}),
}
THERE_WINDOW = 2
# A bot refused a few words after a "no", in the same clause: "não quero falar com robô", "no quiero que me
# conteste un bot".
_NO_BOT = re.compile(r"(?<!\w)(?:nao|no|not|dont|don't)(?:\s+[\w']+){0,6}?\s+(?:robos?|bots?|maquinas?|machines?"
                     r"|robots?|chatbots?)(?!\w)")  # within one clause: no comma or question mark between
# Wanting (not talking to) someone names a person only by their role: "quero um atendente", "I need a human"; not
# "quero mandar pra alguém", which is a Pix to somebody.
WANT: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"querer", "precisar", "pedir", "solicitar", "ajudar"}),
    "es": frozenset({"querer", "necesitar", "pedir", "solicitar", "ayudar"}),
    "ca": frozenset({"voler", "necessitar", "demanar", "sol·licitar", "ajudar"}),
    "en": frozenset({"want", "need", "ask", "request", "help", "would", "like"}),
}
_GENERIC = frozenset({"alguem", "alguien", "algu", "someone", "somebody", "anyone", "anybody", "people", "equipe",
                      "equipo", "equip", "team", "suporte", "soporte", "suport", "support",
                      "pessoa", "persona", "person",  # "para 2 personas", "2 persones": a party, not a person
                      # a teacher is asked for by talking to one ("hablar con el profe"), not by wanting a class with one
                      "profe", "profesor", "profesora", "professor", "professora", "instructor", "instructora",
                      "instrutor", "instrutora", "teacher", "coach"})
# "Please" as chat writes it, in the four languages ("atendente pfv", "un humano xfa", "agent plz").
PLEASE = frozenset({"please", "pls", "plz", "plis", "porfa", "porfi", "porfavor", "pf", "pfv", "pfvr", "xfa", "xfavor",
                    "sisplau", "siusplau", "spl"})
# Words that say nothing more beside a role asked for alone ("atendente, por favor", "human please").
_FILLER = PLEASE | frozenset({"por", "favor", "si", "um", "uma", "uno",  # "uno": the lemma of "un"
                     "un", "una", "a", "an", "o", "el", "la", "the", "com", "con", "amb", "with", "me", "to",
                     # where is one: "cadê o atendente?", "¿dónde está el asesor?", "where is the agent"
                     "cade", "onde", "estar", "donde", "where", "be", "on", "es", "ser", "is"})
# Service asked for alone or wanted ("suporte por favor", "quero atendimento", "support please").
SERVICE = frozenset({"suporte", "soporte", "suport", "support", "atendimento", "atencion", "atencio",
                     "service"})
HERE = frozenset({"there", "ai", "ahi", "alli", "aqui", "here", "hi", "alla"})
# Talking to the organisation itself is talking to its people: "quero falar com o banco", "talk to the store".
TALK_ONLY: dict[Lang, frozenset[str]] = {"pt-BR": frozenset({"falar", "conversar"}), "es": frozenset({"hablar", "conversar"}),
                                         "ca": frozenset({"parlar", "conversar", "xerrar"}),
                                         "en": frozenset({"talk", "speak", "chat"})}
ORGANISATION = frozenset({"banco", "bank", "loja", "tienda", "botiga", "store", "shop", "escola", "escuela", "school",
                          "empresa", "company", "gerencia", "agencia", "branch", "sucursal"})
# A call asked for ("me liga", "llámame", "call me", "truca'm"): the verb with the customer as its object.
CALL: dict[Lang, frozenset[str]] = {"pt-BR": frozenset({"ligar", "telefonar"}), "es": frozenset({"llamar", "telefonear"}),
                                    "ca": frozenset({"trucar", "telefonar"}), "en": frozenset({"call", "ring", "phone"})}
_CALL_ME: dict[Lang, re.Pattern[str]] = {
    "pt-BR": re.compile(r"(?<!\w)(?:me|pra mim|para mim)\s+(?:liga|ligue|ligar|ligam|telefona)|(?:liga|ligue)[- ]me(?!\w)"),
    "es": re.compile(r"(?<!\w)llamame|me\s+(?:llama|llamen|llamas|llaman|llamarian|llamarias)(?!\w)"),
    "ca": re.compile(r"(?<!\w)(?:truca'm|truqueu-me|truca-me|em\s+(?:truqueu|truca|trucaran))(?!\w)"),
    "en": re.compile(r"(?<!\w)(?:call|ring|phone)\s+me(?!\w)"),
}
# Someone named right after the preposition of talking with: a capitalised name, or the Catalan personal article
# ("amb en Jordi", "amb na Marta") and a name ("amb la meva dona" is no one of theirs).
_WITH_SOMEONE_NAMED = re.compile(r"(?:com|con|amb|with|to)\s+(?:(?:o|a|el|la)\s+)?"
                                 r"(?!(?:My|Mi|Mis|Meu|Meus|Minha|Meva|Tu|Su|Your|His|Her)(?!\w))[A-ZÀ-Ý][^\W\d_]+"
                                 r"|amb\s+(?:en|na)\s+[^\W\d_]+")
HELP_NOUN: dict[Lang, frozenset[str]] = {"pt-BR": frozenset({"ajuda"}), "es": frozenset({"ayuda"}),
                                         "ca": frozenset({"ajuda", "ajut"}), "en": frozenset({"help"})}
HELP_WINDOW = 3  # "ajuda de uma pessoa": two words between


# The customer as the object of a call said a word or two before its verb, a modal between ("em podeu trucar?",
# "me puedes llamar", "você pode me ligar", "me podrían llamar mañana", "ens podeu trucar?").
_CALL_OBJECT_PRONOUNS: dict[Lang, frozenset[str]] = {
    # and the group ("ens podeu trucar?", "nos pueden llamar?")
    "pt-BR": frozenset({"me", "nos"}), "es": frozenset({"me", "nos"}), "ca": frozenset({"em", "m'", "ens"}),
    "en": frozenset(),
}
_CALL_OBJECT_WINDOW = 2


def _calls_me(text: str, lang: Lang) -> bool:
    if _CALL_ME[lang].search(fold(text)):
        return True
    said = words(text)
    for index, word in enumerate(said):
        if lemma(word, lang) in CALL[lang]:
            before = [fold(other) for other in said[max(0, index - _CALL_OBJECT_WINDOW):index]]
            if set(before) & _CALL_OBJECT_PRONOUNS[lang]:
                return True
    return False

CHARGE = frozenset({"cobrar", "charge", "descontar", "debitar", "debit", "take", "bill", "cargar", "carregar"})
REPEATED = {
    "pt-BR": r"duas vezes|2 vezes|2 ?x|de novo|outra vez|duplicad[oa]|em dobro|dobrado|a mais",
    "es": r"dos veces|2 veces|2 ?x|de nuevo|otra vez|duplicad[oa]|doble|de mas|volvieron a",
    "ca": r"dues vegades|2 vegades|2 ?x|dos cops|2 cops|un altre cop|de nou|duplicat|doble|de mes|altra vegada",
    "en": r"twice|two times|2 times|2 ?x|again|double|duplicate[d]?|extra",
}
# A payment said to be duplicated needs no verb of charging: "o pix saiu duplicado", "el pago salió doble".
PAYMENT_NOUNS = frozenset({"pix", "pagamento", "cobranca", "transferencia", "debito", "pago", "cobro", "cargo",
                           "pagament", "cobrament", "carrec", "payment", "charge", "transfer", "transaction"})
DUPLICATED = {  # "saiu dois pix iguais": the same payment twice
    "pt-BR": r"duplicad[oa]s?|em dobro|dobrad[oa]|duas vezes|2 vezes|2 ?x|iguais|identic[oa]s",
    "es": r"duplicad[oa]s?|doble|dos veces|2 veces|2 ?x|iguales|identic[oa]s",
    "ca": r"duplicat|duplicada|doble|dues vegades|dos cops|2 vegades|2 cops|2 ?x|iguals|identi(?:c|qu)es|identics",
    "en": r"duplicated?|double|twice|two times|2 times|2 ?x|identical",
}
PAID = frozenset({"pagar", "pay", "paid"})
# Paid to someone not meant: "to the wrong person", "pra pessoa errada", "a la cuenta equivocada", "per error".
_WRONG_RECIPIENT = re.compile(r"(?<!\w)(?:wrong (?:person|account|key|number|recipient|contact|guy|one)"
                              r"|(?:pessoa|conta|chave|numero|contato|destinatario) errad[oa]"
                              r"|(?:persona|cuenta|clave|numero|contacto|destinatario) equivocad[oa]"
                              r"|(?:persona|compte|clau|numero|contacte|destinatari) equivocad[ao]"
                              r"|por (?:error|engano|equivocacion|acidente|accidente)|sin querer|sem querer|sense voler"
                              r"|per (?:error|equivocacio)|by (?:mistake|accident)|accidentally|mistakenly"
                              # the payment itself made wrong: "fiz um pix errado", "a wrong transfer"
                              r"|(?:pix|transferencia|pagamento|deposito) errad[oa]|(?:pix|transferencia|pago) equivocad[oa]"
                              r"|(?:pix|transferencia|pagament) equivocad[ao]|wrong (?:pix|transfer|payment))(?!\w)")
# Not the customer's own: "não é minha", "no es mío", "no és meva", "isn't mine", "not mine".
_NOT_MINE = re.compile(r"(?<!\w)(?:(?:nao|no|not|isn'?t|is not|wasn'?t|was not)\s+(?:e\s+|eh\s+|es\s+|is\s+|era\s+|fue\s+"
                       r"|foi\s+|va ser\s+|was\s+)?(?:minha|meu|mia|mio|meva|meu|mine|my\s+own|nuestro|nossa|nosso))(?!\w)")
# Used by someone else: "without permission", "no autorizado", "hackearon mi cuenta".
_BANK_UNAUTHORISED = (r"without (?:my )?(?:permission|authori[sz]ation|consent)|unauthori[sz]ed|sin (?:mi )?(?:permiso"
                      r"|autorizacion|consentimiento)|no autorizad[oa]s?|sem (?:minha )?(?:permissao|autorizacao)"
                      r"|nao autorizad[oa]s?|sense (?:el meu )?(?:permis|autoritzacio)|no autoritzad[ae]s?"
                      r"|hacked|hackearon|hackearam|hackejat|invadiram|clonaron|clonaram|clonad[oa]|cloned")
# Verbs of disputing a payment (Spanish "contestar" is answering, so not there).
_DISPUTE_VERBS: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"contestar", "disputar", "impugnar"}), "es": frozenset({"disputar", "impugnar", "objetar"}),
    "ca": frozenset({"disputar", "impugnar"}), "en": frozenset({"dispute", "contest", "chargeback"}),
}
# What was bought and is to come: an order said missing is a purchase to look at ("my order never arrived").
_STORE_ORDER_NOUNS = frozenset({"pedido", "encomenda", "compra", "order", "comanda", "encarrec", "paquete", "pacote",
                                "package", "parcel", "envio", "entrega", "delivery", "paquet"})
# Money sent is also paid when it is said to be missing: "mandei pro pedro e não chegou", "I sent it and she never
# got it" (a request to send is not: "not received" never follows it).
SENT = frozenset({"mandar", "enviar", "transferir", "depositar", "send", "sent", "transfer", "wire", "pasar", "passar"})
ALREADY = {"pt-BR": r"\bja\b", "es": r"\bya\b", "ca": r"\bja\b", "en": r"\balready\b"}
MISSING = {
    "pt-BR": r"sumiu|desapareceu|nao (?:chegou|caiu|apareceu|aparece|consta|recebi|recebeu|entrou)|ninguem recebeu"
             r"|nunca chegou|nao (?:foi )?(?:compensad|processad|creditad|confirmad)[oa]",
    "es": r"desaparecio|no (?:me |le |les )?(?:llego|aparece|aparecio|entro|recibi|recibio|figura|consta)"
          r"|nunca (?:me |le |les )?llego|no (?:se )?(?:acredito|acreditaron|proceso|impacto)",
    "ca": r"ha desaparegut|no (?:m'ha |em |li |m'|l')?(?:arribat|apareix|ha arribat|he rebut|ha entrat|consta|surt)",
    "en": r"disappeared|never (?:got|arrived|came|received)|(?:didn'?t|did not|haven'?t|have not) (?:get|arrive|receive"
          r"|come|show)|not (?:received|arrived|showing)|went missing|(?:didn'?t|did not|never|not) go(?:ne)? through",
}
# Still shown as not paid after paying ("pagué la reserva pero me sigue saliendo como pendiente"); a form of paying
# other than the infinitive must be said ("cuánto tengo pendiente de pagar" is no dispute).
PENDING = {
    "pt-BR": r"pendentes?|em aberto|nao (?:consta|aparece) (?:como )?pag[oa]",
    "es": r"pendientes?|impag[oa]|sin pagar|no (?:figura|aparece|sale) (?:como )?pagad[oa]",
    "ca": r"pendents?|sense pagar|no (?:consta|surt|apareix) (?:com a )?pagad[ao]",
    "en": r"pending|unpaid|(?:shows|says) not paid",
}
_PAY_INFINITIVES = frozenset({"pagar", "pay", "to pay"})
# A verb said in a past form ("cobraron", "cobrou", "cobrado", "charged", "cobrat"): a charge made, not one asked
# about ("¿me cobran si no llego a tiempo?").
_PAST = re.compile(r"(?:aron|aram|ou|ado|ada|ed|at|o)$")


# any form of "recognise" (pt "reconheço", es "reconozco", ca "reconec", en "recognise"): dictionaries miss some
_RECOGNISE = re.compile(r"(?<!\w)(?:reconhe|reconoc|reconozc|recone[cgix]|recogni[sz])\w*")
_NEGATION = re.compile(r"(?<!\w)(?:nao|no|not|dont|don't|didnt|didn't|never|nunca|mai|cap)(?!\w)")
STOLEN = frozenset({"roubar", "furtar", "assaltar", "robar", "hurtar", "steal", "stolen", "rob", "nick"})
BROKEN = frozenset({"defeito", "quebrar", "estragar", "fallar", "falla", "defecto", "romper", "roto", "averiar",
                    "trencar", "espatllar", "defecte", "avariar", "broke", "broken", "break", "faulty", "defective",
                    "damage", "damaged", "crack", "cracked",
                    # scratched or cracked as it came: "vino rayada", "veio com a tela trincada", "arrived scratched"
                    "rayar", "rayado", "trincar", "trincado", "cortado", "cortada", "rachar", "rachado", "riscar", "riscado", "arranhar",
                    "arranhado", "ratllar", "ratllat", "esquerdar", "esquerdat", "scratch", "scratched",
                    # torn as it came: "veio rasgada", "vino rota y rasgada", "ha arribat esquinçada", "arrived torn"
                    "rasgar", "rasgado", "rasgada", "esquinçar", "esquinçat", "esquinçada", "torn", "tear", "ripped", "rip"})
NOT_WORKING = {
    # stopped doing what it does ("parou de carregar", "dejó de cargar", "ha deixat de carregar", "stopped charging")
    "pt-BR": r"nao (?:funciona|liga|carrega)|parou de \w+[aei]r|deu problema|pixels? mortos?|tela morta"
             r"|(?:nao dura|dura (?:muito )?pouco)|esquenta (?:muito|demais)|superaquec\w*",
    "es": r"no (?:me |le |te )?(?:funciona|anda|prende|enciende|carga)|dejo de \w+[aei]r|pixe?l(?:es)? muertos?"
          r"|pantalla muerta|(?:no )?dura (?:re |muy |super |nada|re poco|poco)(?:poco)?"
          r"|(?:se )?(?:calienta|recalienta) (?:mucho|demasiado|un monton)|sobrecalienta",
    "ca": r"no (?:em |li |et )?(?:funciona|s'encen|carrega)|ha deixat de \w+[ae]?r|s'escalfa (?:molt|massa)",
    "en": r"(?:not|doesn't|doesnt|does not|isn't|isnt|won't|wont) (?:working|work|turn on|charge|charging)"
          r"|stopped (?:working|charging|turning on|\w+ing (?:on|up))|falling apart|fell apart|came apart|coming apart|dead (?:pixels?|screen|battery)"
          r"|(?:doesn'?t|does not|won'?t) (?:last|hold (?:a )?charge)|drains (?:really |too |so )?fast"
          r"|overheat\w*|gets (?:really |very |too |so )?hot",
}
# Something received that is not what was bought: a verb of receiving or buying, and a word of the wrong one.
_STORE_RECEIVED_PAST: dict[Lang, str] = {
    "pt-BR": r"chegou|chegaram|veio|vieram|mandaram|enviaram|recebi|comprei|venderam|vendeu",
    "es": r"llego|llegaron|vino|vinieron|mandaron|enviaron|recibi|compre|vendieron|vendio",
    "ca": r"ha arribat|han arribat|va arribar|van arribar|han enviat|m'han enviat|he rebut|vaig comprar|he comprat"
          r"|van vendre|vau vendre|heu venut|han venut",
    "en": r"got|received|came|arrived|sent|bought|delivered|sold",
}
# Not the real thing: "me vendieron un cargador trucho", "the charger you sold me is fake".
_STORE_FAKE = r"truch[oa]s?|falsos?|falsas?|falsificad[oa]s?|pirata|fake|counterfeit|knock-?off|fals|falsa|falsificat"
_STORE_WRONG_ITEM = (r"otro modelo|otro color|equivocad[oa]s?|incorrect[oa]s?|outro modelo|outra cor|errad[oa]s?"
                     r"|incorret[oa]s?|un altre model|un altre color|equivocat|equivocada|wrong (?:one|item|model|color"
                     r"|colour|product|phone|case|charger)|not what i (?:ordered|bought)"
                     # came opened, used or without a part: "me llegó con la caja abierta y sin cargador"
                     r"|caja abierta|caixa aberta|capsa oberta|(?:box|package) (?:was )?open(?:ed)?|opened box"
                     r"|incomplet[oa]s?|incomplete|incompleta"
                     r"|(?:sin|sem|sense|without)(?! (?:problemas?|problemes|problems?|issues?|novedad|drama))(?: \w+)")
RETURNED = frozenset({"devolver", "devolucao", "devolucion", "devolucio", "reembolso", "reembolsar", "estorno",
                      "estornar", "retornar", "reemborsament", "reemborsar", "return", "refund"})
# Undoing a payment made ("estornar um pix errado", "a refund of the transfer"): a person's work, whatever money is
# named beside it (unlike "devolve 20 pra Ana", a Pix paying someone back).
_PAYMENT_REVERSAL_LEMMAS = frozenset({"estorno", "estornar", "reembolso", "reembolsar", "reemborsament", "reemborsar",
                                      "refund", "chargeback", "contracargo"})
_PAYING_BACK = re.compile(r"(?<!\w)(?:pix|r\$|reais|real|dinheiro|dinero|diners|money|(?:devolv|retorn|return)\w* \d+)(?!\w)")
_CA_GIVE_BACK = re.compile(r"(?<!\w)tornar (?:el|la|l'|els|les|aquest|aquesta)(?!\w)")  # not "tornen a cobrar"


# Words that look like a person asked for and are not: people counted ("per 2 persones", "for three people": a
# party) and the day after tomorrow ("demà passat", whose "passat" is a form of "passar", a verb of passing on).
_NOT_ASKING = re.compile(r"(?<!\w)(?:(?:\d+|dos|dois|duas|dues|two|tres|three|quatre|quatro|cuatro|four|cinc|cinco"
                         r"|five) (?:persones|personas|pessoas|persons|people|persona|pessoa|person)"
                         # a price per head: "quin preu tenen per persona?", "cuánto es por persona", "each person"
                         r"|(?:per|por|cada|each|every) (?:cada )?(?:persona|pessoa|person|cap|cabeza|head)"
                         r"|dema passat|passat dema|pasado manana|depois de amanha)(?!\w)")


# Words typed as they sound ("kiero ablar con un bendedor"): a word the dictionary does not know is read as the one
# it knows with a silent "h" restored, "k" written "qu" or "c", or a "b" and "v" (or "s" and "z") swapped.
_PERSON_SOUND_ALIKE_SWAPS = (("b", "v"), ("v", "b"), ("s", "z"), ("z", "s"), ("k", "qu"), ("k", "c"), ("y", "ll"))
_PERSON_SOUND_ALIKE_LANGS = frozenset({"es", "pt-BR", "ca"})


@lru_cache(maxsize=8192)
def _sound_alike_lemma(word: str, lang: Lang) -> str:
    """The lemma of `word`, or of the spelling it sounds like when the dictionary of `lang` knows only that one.
    Kept per word (the dictionaries do not change): each message is read for a person in all four languages."""
    folded = fold(word)
    if lang not in _PERSON_SOUND_ALIKE_LANGS or len(folded) < 4 or known(folded, lang):
        return lemma(word, lang)
    candidates = [f"h{folded}"]
    for typed, meant in _PERSON_SOUND_ALIKE_SWAPS:
        candidates += [folded[:index] + meant + folded[index + len(typed):]
                       for index in range(len(folded)) if folded.startswith(typed, index)]
    for candidate in candidates:
        if known(candidate, lang):
            return lemma(candidate, lang)
    return lemma(word, lang)


_ELIDED = re.compile(r"^(?:l|d|s|m|t|n)['’]")


def asks_for_person(text: str, lang: Lang) -> bool:
    """Whether the customer asks to be served by a person of the organisation (see the module docstring)."""
    for match in reversed(list(_NOT_ASKING.finditer(fold(text)))):  # fold keeps offsets
        text = text[: match.start()] + " " * (match.end() - match.start()) + text[match.end():]
    folded = fold(text)
    if re.search(rf"(?<!\w)(?:{NOT_THE_BOT[lang]})(?!\w)", folded) or _NO_BOT.search(folded):
        return True
    written = words(text)  # the words as typed, one for each lemma
    said = [_sound_alike_lemma(word, lang) for word in written]  # "ablar", "bendedor": "hablar", "vendedor"
    # a role the dictionary reads as another word once its elided article is gone ("l'encarregat" → "encarregar")
    said = [bare if (bare := _ELIDED.sub("", fold(word))) in PERSON[lang] and lem not in PERSON[lang] else lem
            for word, lem in zip(written, said, strict=True)]
    roles = PERSON[lang] - _GENERIC
    for index, word in enumerate(said):
        ahead = said[index + 1: index + 1 + WINDOW]
        if word in TALK[lang] and any(w in PERSON[lang] for w in ahead):
            return True
        if (word in WANT[lang] or verb_readings(written[index], lang) & WANT[lang]) and any(
                w in roles or w in SERVICE for w in ahead):  # "preciso de um humano": "preciso" is "I need" too
            return True
        if word in SERVE[lang] and any(w in PERSON[lang] for w in said[max(0, index - WINDOW):index]):
            return True
        if word in THERE_IS[lang] and any(w in PERSON[lang] for w in said[index + 1: index + 1 + THERE_WINDOW]):
            return True
        if word in roles and any(w in TALK[lang] for w in ahead):
            return True  # the talking said after the one wanted: "an actual human i can talk to"
        if word in PERSON[lang] and fold(" ".join(written[index + 1: index + 2])) in HERE:
            return True  # "is anyone there", "alguém aí?"
        if word in TALK_ONLY[lang] and any(w in ORGANISATION for w in said[index + 1: index + 1 + WINDOW]):
            return True  # "quero falar com o banco", "talk to the bank"
        if word in TALK_ONLY[lang] and _WITH_SOMEONE_NAMED.match(" ".join(written[index + 1: index + 1 + WINDOW])):
            return True  # "puc parlar amb en Jordi?", "quiero hablar con Pau Serra": someone of theirs, by name
        if word in CALL[lang] and _calls_me(text, lang):
            return True  # "me liga", "llámame", "call me": the bot cannot call, a person can
        if fold(written[index]) in HELP_NOUN[lang] and any(
                w in PERSON[lang] for w in said[index + 1: index + 1 + HELP_WINDOW]):
            return True  # "ajuda de uma pessoa", "help from a human"
    if complains(text, lang):
        return True  # a complaint is a person's to hear
    # a role asked for alone: "atendente!", "un humano por favor", "agent please", "cadê o atendente?"
    alone = roles | SERVICE
    return bool(said) and any(w in alone for w in said) and all(w in alone or w in _FILLER for w in said)


def asks_for_named_person(text: str, lang: Lang, names: Sequence[str]) -> bool:
    """Whether the customer asks to talk to one of `names` (the organisation's own people: its instructors), typed
    in any case and with a slip: a verb of talking (`TALK_ONLY`, of any of the languages) and, within a few words
    after it, the person's first name as it is or one typing slip off it (`language.names.is_typo_of`): "quiero
    hablar con pau serra", "puc parlar amb el pau?", "can i talk to marta vila". A name of nobody of theirs ("falar
    com a Ana") is no person asked for (`asks_for_person`)."""
    from language.names import is_typo_of

    first_names = {fold(parts[0]) for name in names if (parts := words(name))}
    if not first_names:
        return False
    written = [fold(word) for word in words(text)]
    for index, word in enumerate(written):
        if not any(word in TALK_ONLY[each] or lemma(word, each) in TALK_ONLY[each] for each in _LANGS):
            continue
        ahead = written[index + 1: index + 1 + WINDOW]
        if any((typed == first or is_typo_of(typed, first)) and set(ahead[:place]) & _WITH
               for place, typed in enumerate(ahead) for first in first_names):
            return True  # the name after "com", "con", "amb", "with", "to": whom, not what, they talk about
    return False


_LANGS: tuple[Lang, ...] = ("pt-BR", "es", "ca", "en")
_WITH = frozenset({"com", "con", "amb", "with", "to"})


# A payment said done in the past ("paguei", "pagué", "paid", "caiu": landed), not asked for ("manda duas vezes").
_PAST_FORM: dict[Lang, re.Pattern[str]] = {
    "pt-BR": re.compile(r"\w+(?:ei|ou|aram|eram|iram|iu|[ei]i|eri)"),  # "transferi"
    "es": re.compile(r"\w+(?:e|o|aron|ieron|io|eri)"),  # folded: "pagué" → "pague", "cobró" → "cobro", "transferí"
    "ca": re.compile(r"\w+(?:at|it|ada|ida)"),
    "en": re.compile(r"paid|sent|transferred|wired|went|got"),
}
LANDED = frozenset({"cair", "entrar", "caer", "go"})  # "caiu duas vezes": it went through twice
# A charge the customer did not make: a doing or authorising verb negated near a charge ("um cargo que no hice",
# "a charge i didn't make").
DID = frozenset({"fazer", "hacer", "fer", "make", "do", "autorizar", "authorise", "authorize", "autoritzar",
                 "comprar", "buy", "bought"})  # "m'han cobrat una cosa que no he comprat"
# Knowing a charge: "uma tarifa que não conheço", "un cargo que no conozco" (as not recognising it).
KNOW = frozenset({"conhecer", "conocer", "coneixer", "know"})
# Money gone out of the account and the customer saying it was not them: "saiu um pix da minha conta q eu não fiz",
# "someone took 80 out of my account and it wasnt me", "me sacaron plata que no fui yo".
_NOT_ME = re.compile(r"(?<!\w)(?:(?:nao|no) (?:fui|fue|he estat|he sigut|vaig ser) (?:eu|yo|jo)|(?:it )?(?:wasnt|wasn't"
                     r"|was not|isnt|isn't) me|not me)(?!\w)")
_DENIAL_WINDOW = 2  # "que eu não fiz", "que yo no hice": the negation a word or two before the verb of doing
MOVED_OUT = frozenset({"sair", "salir", "sortir", "tirar", "sacar", "take", "treure", "levar", "descontar", "debitar",
                       "debit", "cobrar", "charge"})
_WHY = re.compile(r"(?<!\w)(?:por ?que|porque|pq|xq|per ?que|perque|why|how come)(?!\w)")
_NEVER = re.compile(r"(?<!\w)(?:never|nunca|mai|jamais|jamas)(?!\w)")
CHARGE_NOUNS = frozenset({"cobranca", "cobro", "cargo", "cobrament", "carrec", "charge", "debito", "debit",
                          "tarifa", "fee", "comissao", "comision", "comissio",
                          "compra", "purchase", "transaction", "transacao", "transaccion", "transaccio"})
# A complaint is for a person to read ("quiero hacer un reclamo", "I want to file a complaint"): about a payment, a
# dispute; otherwise a problem reported (`reports_problem`).
COMPLAINT = frozenset({"reclamar", "reclamacao", "queixa", "queixar", "reclamo", "reclamacion", "queja", "quejar",
                       "reclamacio", "complaint", "complain"})


STRANGE = frozenset({"estranho", "estranha", "desconhecido", "desconhecida", "raro", "rara", "desconocido", "desconocida",
                     "extrano", "extrana", "weird", "strange", "unknown", "suspicious", "suspeito", "suspeita",
                     "sospechoso", "sospechosa", "estrany", "estranya", "desconegut", "desconeguda", "odd"})
MONEY = frozenset({"dinheiro", "grana", "dinero", "plata", "guita", "money", "cash", "diners", "saldo", "balance", "funds"})
GONE = frozenset({"sumir", "sumiu", "desaparecer", "desaparecio", "desapareceu", "missing", "disappear", "disappeared",
                  "gone"})
TAKEN = frozenset({"tirar", "sacar", "take", "took", "levar", "quitar", "treure", "robar", "roubar", "steal", "stole"})
ACCOUNT = frozenset({"conta", "cuenta", "compte", "account"})


# Anger said of what happened ("estic molt enfadat", "estoy re caliente no"; not "perdón que te molesto"): a complaint.
ANGER = frozenset({"enfadar", "enfadat", "enfadada", "enfadado", "enojar", "enojado", "enojada", "cabrear", "cabreado",
                   "cabreada", "emprenyat", "emprenyada", "indignar", "indignado", "indignada", "indignat", "furioso",
                   "furiosa", "furios", "irritado", "irritada", "chateado", "chateada", "revoltado",
                   "revoltada", "angry", "upset", "furious", "annoyed", "pissed", "ridiculous", "unacceptable",
                   "inaceptable", "inacceptable", "inaceitavel"})


def complains(text: str, lang: Lang) -> bool:
    """Whether the customer makes a complaint ("quero reclamar", "quiero poner un reclamo", "file a complaint") or
    says they are angry ("estic molt enfadat", "this is unacceptable")."""
    return bool((COMPLAINT | ANGER) & (set(lemmas(text, lang)) | {fold(word) for word in words(text)}))


def _payment_named(text: str, lang: Lang) -> bool:
    """Whether a payment is named in `text`, by lemma or as typed (English reads "pix" as "pic")."""
    return bool(PAYMENT_NOUNS & (set(lemmas(text, lang)) | {fold(word) for word in words(text)}))


def disputes_payment(text: str, lang: Lang) -> bool:
    """Whether the customer says a payment went wrong: charged twice, already paid, or paid and missing."""
    folded = fold(text)
    said = set(lemmas(text, lang))
    if said & CHARGE and re.search(rf"(?<!\w)(?:{REPEATED[lang]})(?!\w)", folded):
        return True
    duplicated = re.search(rf"(?<!\w)(?:{DUPLICATED[lang]})(?!\w)", folded)
    if duplicated and any(lemma(word, lang) in PAID | SENT | LANDED and _PAST_FORM[lang].fullmatch(fold(word))
                          for word in words(text)):
        return True  # "paguei duas vezes", "pagué dos veces", "caiu duas vezes", "I paid twice"
    charged = any(lemma(word, lang) in CHARGE and _PAST.search(fold(word)) for word in words(text))  # not "cobran"
    if said & (DID | KNOW) and (said & CHARGE_NOUNS or charged) and _NEGATION.search(folded):
        return True  # "me hicieron un cargo que no hice", "a charge i didn't make", "cobraram uma tarifa q eu não conheço"
    plain = said | {fold(word) for word in words(text)}  # the words as typed too: English reads "pix" as "pic"
    never = _NEVER.search(folded)
    if never and said & DID and _payment_named(folded[:never.start()], lang):
        return True  # "a payment i never made", "a pix on my statement i never made" (not "i never made a pix")
    if complains(text, lang) and said & (CHARGE_NOUNS | PAYMENT_NOUNS | CHARGE | PAID):
        return True  # "quero reclamar de uma cobrança"
    if plain & (CHARGE_NOUNS | CHARGE | {"movimento", "movimiento", "moviment"}) and plain & STRANGE:
        return True  # "tem um débito estranho", "tengo un cargo desconocido", "a weird charge"
    if plain & MONEY and (plain & GONE or plain & TAKEN and plain & ACCOUNT):
        return True  # "sumiu dinheiro da minha conta", "someone took money from my account"
    if _moved_out_and_denied(text, lang, plain):
        return True  # "saiu um pix da minha conta q eu nao fiz", "someone took 80 out of my account, it wasnt me"
    if said & PAYMENT_NOUNS and re.search(rf"(?<!\w)(?:{DUPLICATED[lang]})(?!\w)", folded):
        return True
    if said & PAID and re.search(ALREADY[lang], folded):
        return True
    if charged and _WHY.search(folded):
        return True  # "por qué me cobraron esto?", "pq me cobraram isso", "why was i charged": a charge questioned
    if _RECOGNISE.search(folded) and _NEGATION.search(folded):  # "não reconheço essa cobrança", "I don't recognise it"
        return True
    if plain & _STORE_ORDER_NOUNS and re.search(rf"(?<!\w)(?:{MISSING[lang]})(?!\w)", folded):
        return True  # "hice un pedido y no me llegó", "my order never arrived": bought, and missing
    # a payment said missing ("no m'ha arribat la transferència"); English reads "pix" as "pic": words as typed count
    if (plain & (PAID | SENT | PAYMENT_NOUNS) or charged) and re.search(rf"(?<!\w)(?:{MISSING[lang]})(?!\w)", folded):
        return True
    if said & _DISPUTE_VERBS[lang]:
        return True  # "quero contestar uma cobrança", "i'd like to dispute a transaction"
    paid_or_sent = any(lemma(word, lang) in PAID | SENT and _PAST_FORM[lang].fullmatch(fold(word)) for word in words(text))
    if (paid_or_sent or plain & PAYMENT_NOUNS) and _WRONG_RECIPIENT.search(folded):
        return True  # "i sent money to the wrong person", "mandei o pix pra conta errada": a person undoes it
    if plain & (CHARGE_NOUNS | PAYMENT_NOUNS) and _NOT_MINE.search(folded):
        return True  # "recebi uma cobrança que não é minha", "hay un cargo que no es mío", "a charge that isn't mine"
    if re.search(rf"(?<!\w)(?:{_BANK_UNAUTHORISED})(?!\w)", folded) and plain & (ACCOUNT | MONEY | CHARGE_NOUNS
                                                                                   | PAYMENT_NOUNS | {"cartao", "tarjeta", "targeta", "card"}):
        return True  # "someone used my account without permission", "un cargo no autorizado en mi tarjeta"
    paid = any(lemma(word, lang) in PAID and fold(word) not in _PAY_INFINITIVES for word in words(text))
    return paid and bool(re.search(rf"(?<!\w)(?:{PENDING[lang]})(?!\w)", folded))


def _moved_out_and_denied(text: str, lang: Lang, plain: set[str]) -> bool:
    """Whether money is said gone out of the account, or a payment or charge made, in a past form ("saiu", "took",
    "sacaron"), and the customer says it was not them ("não fui eu", "que eu não fiz", "it wasn't me"; above)."""
    said = words(text)
    if not plain & (ACCOUNT | MONEY | PAYMENT_NOUNS | CHARGE_NOUNS):
        return False
    moved = any(lemma(word, lang) in MOVED_OUT | TAKEN and fold(word) not in MOVED_OUT
                and (_PAST_FORM[lang].fullmatch(fold(word)) or fold(word) in TAKEN) for word in said)
    folded = [fold(word) for word in said]
    denied = _NOT_ME.search(" ".join(folded)) is not None or any(
        lemma(word, lang) in DID and any(_NEGATION.fullmatch(before) for before in folded[max(0, index - _DENIAL_WINDOW):index])
        for index, word in enumerate(said))
    return moved and denied


def _masculine(word: str) -> str:
    """The masculine singular of a Spanish or Portuguese adjective or participle ("rota" → "roto", "quebradas" →
    "quebrado"); other words as they are."""
    for ending, replacement in (("as", "o"), ("os", "o"), ("a", "o")):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            return word[: -len(ending)] + replacement
    return word


def _problem_lemmas(text: str, lang: Lang) -> set[str]:
    """The lemmas of `text`, and in Spanish and Portuguese those of its words' masculine singular too: a dictionary
    reads "la pantalla rota" as a form of "rotar" and "fallada" as no word, their masculine forms as "roto" and
    "fallar"."""
    said = set(lemmas(text, lang))
    if lang in ("es", "pt-BR"):
        said |= {lemma(_masculine(fold(word)), lang) for word in words(text)}
    return said


# Something of the customer's lost, or to be blocked: a verb of losing or blocking, then within a few words a phone,
# a card or the account ("perdi meu celular", "bloqueia minha conta", "I lost my card", "bloquegeu el compte").
LOST_OR_BLOCKED = frozenset({"perder", "extraviar", "perdre", "lose", "lost", "bloquear", "bloquejar", "block",
                             "freeze", "congelar", "travar"})
BELONGINGS = frozenset({"celular", "telefone", "telefono", "telefon", "phone", "mobile", "cell", "movil", "mobil",
                        "celu", "cel", "cartao", "tarjeta", "targeta", "card", "conta", "cuenta", "compte", "account",
                        "carteira", "cartera", "wallet", "aparelho", "smartphone", "iphone"})
BELONGINGS_WINDOW = 4


def _loses_or_blocks(text: str, lang: Lang) -> bool:
    """Whether a verb of losing or blocking has a phone, card or account after it (`LOST_OR_BLOCKED`)."""
    said = words(text)
    for index, word in enumerate(said):
        if lemma(word, lang) in LOST_OR_BLOCKED or fold(word) in LOST_OR_BLOCKED:
            if any(fold(later) in BELONGINGS for later in said[index + 1: index + 1 + BELONGINGS_WINDOW]):
                return True
    return False


def reports_problem(text: str, lang: Lang) -> bool:
    """Whether the customer reports something stolen, broken, lost or to be blocked, or to be returned (see the
    module docstring)."""
    folded = fold(text)
    said = _problem_lemmas(text, lang)
    if said & (STOLEN | BROKEN | COMPLAINT) or _loses_or_blocks(text, lang):
        return True
    if said & _PAYMENT_REVERSAL_LEMMAS:  # "como faço pra estornar o pix?": no Pix of the customer's undoes one
        return True
    if said & RETURNED and not _PAYING_BACK.search(folded):  # "devolve 20 pra Ana" is a Pix, not a return
        return True
    if re.search(rf"(?<!\w)(?:{NOT_WORKING[lang]})(?!\w)", folded):
        return True
    if re.search(rf"(?<!\w)(?:{_STORE_RECEIVED_PAST[lang]})(?!\w)", folded) and re.search(
            rf"(?<!\w)(?:{_STORE_WRONG_ITEM}|{_STORE_FAKE})(?!\w)", folded):
        return True  # "me llegó la de otro modelo", "veio a cor errada", "i got the wrong one"
    return lang == "ca" and bool(_CA_GIVE_BACK.search(folded))


LIMIT = frozenset({"limite", "limit", "limits", "limites"})
CHANGE_LIMIT: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"aumentar", "subir", "elevar", "ampliar", "mudar", "alterar", "baixar", "diminuir", "reduzir",
                        "liberar", "trocar", "ajustar"}),
    "es": frozenset({"aumentar", "subir", "elevar", "ampliar", "cambiar", "bajar", "reducir", "disminuir", "liberar",
                     "modificar", "ajustar"}),
    "ca": frozenset({"augmentar", "pujar", "elevar", "ampliar", "canviar", "baixar", "reduir", "disminuir",
                     "modificar", "ajustar"}),
    "en": frozenset({"raise", "increase", "lift", "change", "lower", "reduce", "decrease", "extend", "up", "adjust",
                     "bump"}),
}
LIMIT_WINDOW = 5  # words between the verb and the limit ("aumentar o meu limite", "subir un poco mi límite")
_LIMIT_BEFORE_WINDOW = 8  # the limit said first: "meu limite noturno tá muito baixo, quero aumentar"


def asks_to_change_limit(text: str, lang: Lang) -> bool:
    """Whether the customer asks to raise, lower or change a limit (see the module docstring)."""
    said = lemmas(text, lang)
    # the limit by its lemma or as typed: Catalan "limit" typed without its accent is a form of "limitar" to the
    # dictionary, and "límit" the noun ("vull pujar el limit de nit")
    named = [{lemma_said, fold(typed).lower()} for lemma_said, typed in zip(said, words(text), strict=True)]
    return any(word in CHANGE_LIMIT[lang] and LIMIT & set().union(
        *named[max(0, index - _LIMIT_BEFORE_WINDOW): index + 1 + LIMIT_WINDOW])
               for index, word in enumerate(said))  # "meu limite noturno tá baixo, quero aumentar" too


# The night limit asked without its name: how much may be sent at night ("how much can i send at night", "quanto
# posso mandar de noite?", "cuánto puedo transferir a la noche", "quant puc enviar a la nit").
_LIMIT_NIGHT_WORDS = frozenset({"noite", "noche", "nit", "night", "nighttime", "tonight", "madrugada", "noturno",
                                "nocturno", "nocturn"})
_LIMIT_HOW_MUCH_WORDS = frozenset({"quanto", "quanta", "qnt", "qto", "qnto", "qt", "cuanto", "cuanta", "cto", "quant",
                                   "much", "maximo", "most",  # "whats the most i can pix tonight"
                                   "maxim", "maximum", "max"})
_LIMIT_ABLE = frozenset({"poder", "can", "could", "able", "permitir", "allow", "allowed", "deixar", "dejar",
                         "conseguir"})  # "quanto eu consigo mandar": managing to is being able to
# Being able said impersonally: Portuguese "dá pra" / "dá para" ("até quanto dá pra mandar de madrugada?").
_IMPERSONAL_ABLE: dict[Lang, re.Pattern[str]] = {"pt-BR": re.compile(r"(?<!\w)da (?:pra|para|p/)(?!\w)")}
# The night said by its hours: a time of day from 20:00 to before 06:00, the window of the night limit ("after 8pm",
# "depois das 20h", "a partir de las 22"): its figure is an hour, no amount.
_NIGHT_FROM, _NIGHT_TO = 20, 6


def _night_hour(text: str, lang: Lang) -> tuple[int, int] | None:
    """The span of a night-time hour said in `text` (above), or None."""
    said = clock_said(text, lang)
    if said is None or _NIGHT_TO <= said[0].hour < _NIGHT_FROM:
        return None
    return said[1], said[2]


def asks_about_limit(text: str, lang: Lang) -> bool:
    """Whether the customer asks what a limit is, or how much of it is left ("qual o meu limite de pix à noite?",
    "cuál es mi límite de noche", "whats my night limit"): a limit named, and no change of it asked for; or how
    much may be sent at night, with no figure ("how much can i send at night"), the night said by its hours too
    ("how much can i send after 8pm", "quanto consigo mandar depois das 20h")."""
    said = set(lemmas(text, lang)) | {fold(word) for word in words(text)}  # "limite" is also a form of "limitar"
    if LIMIT & said:
        return not asks_to_change_limit(text, lang)
    night = _night_hour(text, lang)
    figures = text if night is None else text[:night[0]] + text[night[1]:]  # an hour is no amount
    able = bool(said & _LIMIT_ABLE) or bool(_IMPERSONAL_ABLE.get(lang) and _IMPERSONAL_ABLE[lang].search(fold(text)))
    return (bool((said & _LIMIT_NIGHT_WORDS or night) and said & _LIMIT_HOW_MUCH_WORDS and said & (SENT | PAID | {"pix"}))
            and able and not any(char.isdigit() for char in figures))


# A cancelling verb of two words: the verb, then its particle within a few words ("call it off", "call the class
# off", "dar de baja la reserva", "donar-la de baixa").
CANCEL_PHRASAL: dict[Lang, tuple[tuple[str, str], ...]] = {
    "pt-BR": (), "es": (("dar", "baja"),), "ca": (("donar", "baixa"),), "en": (("call", "off"),),
}
_CANCEL_PHRASAL_WINDOW = 3
_CANCEL_CLITIC = re.compile(r"(?<=\w\w)(?:le|la|lo|les|los|las|me|nos)$")


def asks_to_cancel(text: str, lang: Lang) -> bool:
    """Whether `text` says, in `lang`, to call something off: a cancelling verb among its lemmas, or one of two
    words (`CANCEL_PHRASAL`)."""
    said = lemmas(text, lang)
    if CANCEL[lang] & set(said):
        return True
    written = [fold(word) for word in words(text)]
    for verb, particle in CANCEL_PHRASAL[lang]:
        for index, word in enumerate(said):
            # the verb with a pronoun joined that the dictionary reads as a word of its own ("dale de baja")
            bare = _CANCEL_CLITIC.sub("", written[index]) if index < len(written) else word
            if verb in {word, lemma(bare, lang)} and particle in written[index + 1: index + 1 + _CANCEL_PHRASAL_WINDOW]:
                return True
    return False


# A request already made changed in words: a verb of changing with what it changes said after it ("muda esse pix
# agendado pra 75", "cambia el pix programado a 75", "change the scheduled pix to 75", "canvia la reserva").
_CHANGE_REQUEST_VERBS: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"mudar", "trocar", "alterar", "modificar", "editar", "corrigir", "ajustar",
                        # moved in time: "consegue adiar esse pix pra daqui 3 dias?", "antecipa o agendamento"
                        "adiar", "antecipar", "remarcar", "reagendar", "reagenda", "prorrogar"}),
    "es": frozenset({"cambiar", "modificar", "editar", "corregir", "ajustar",
                     "postergar", "aplazar", "posponer", "adelantar", "retrasar", "atrasar", "reprogramar", "mover"}),
    "ca": frozenset({"canviar", "modificar", "editar", "corregir", "ajustar",
                     "ajornar", "posposar", "avancar", "endarrerir", "reprogramar", "reprograma", "moure"}),
    "en": frozenset({"change", "modify", "edit", "correct", "update", "adjust", "amend",
                     "postpone", "reschedule", "move", "push", "delay", "bring"}),
}
_CHANGE_REQUEST_OBJECTS = frozenset({
    "pix", "transferencia", "transfer", "transferencies", "pagamento", "pago",
    "pagament", "payment", "agendado", "agendamento", "programado", "programada", "programat", "scheduled",
    "valor", "monto", "importe", "import", "amount", "data", "fecha", "date", "dia", "day", "reserva", "booking",
    "reservation", "hora", "horario", "time",
})
_CHANGE_REQUEST_WINDOW = 4
# The request named before the verb, with a definite article or a demonstrative: one already made
_CHANGED_BEFORE_WINDOW = 8
_DEFINITE = frozenset({"o", "a", "os", "as", "el", "la", "los", "las", "l", "the", "that", "this", "my", "meu", "minha",
                       "mi", "esse", "essa", "este", "esta", "aquele", "aquela", "ese", "esa", "aquel", "aquella",
                       "aquest", "aquesta", "aquell", "meva"})


# A verb of passing or throwing moves what was asked only with it as its object, said by a pronoun joined to the verb
# ("podes pasarlo para pasado mañana?", "passa-ho a demà") or named after it ("joga esse pix pra sexta"); "passa um
# pix pra ana" is a new Pix.
_MOVE_BY_OBJECT: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"passar", "jogar"}), "es": frozenset({"pasar", "mover"}), "ca": frozenset({"passar"}),
    "en": frozenset(),
}
_OBJECT_CLITIC = re.compile(r"(?:lo|la|los|las|-lo|-la|-ho|-los|-las)$")


def asks_to_change_request(text: str, lang: Lang) -> bool:
    """Whether `text` says, in `lang`, to change a request made (see `_CHANGE_REQUEST_VERBS`); a limit to change is
    another matter (`asks_to_change_limit`)."""
    said = lemmas(text, lang)
    written = [fold(word) for word in words(text)]
    if LIMIT & (set(said) | set(written)):
        return False
    for index, word in enumerate(said):
        ahead = set(written[index + 1: index + 1 + _CHANGE_REQUEST_WINDOW])
        if word in _CHANGE_REQUEST_VERBS[lang] and _CHANGE_REQUEST_OBJECTS & ahead:
            return True
        behind = written[max(0, index - _CHANGED_BEFORE_WINDOW - 1): index]  # and the article before the first
        if word in _CHANGE_REQUEST_VERBS[lang] and any(
                said_before in _CHANGE_REQUEST_OBJECTS and previous in _DEFINITE
                for previous, said_before in zip(behind, behind[1:], strict=False)):
            return True  # "o pix q eu agendei pra ana pode mudar pra 90?": the request named first, as a known one
        if word in _MOVE_BY_OBJECT[lang] and (_OBJECT_CLITIC.search(written[index]) and written[index] != word
                                               or ahead & _MOVED_OBJECTS and not ahead & _NEW_ARTICLES):
            return True
    return False


_MOVED_OBJECTS = frozenset({"pix", "agendamento", "pagamento", "transferencia", "pago", "pagament", "reserva"})
_NEW_ARTICLES = frozenset({"um", "uma", "un", "una", "outro", "outra", "otro", "otra", "altre", "altra"})
# The customer's group not coming any more ("no vindrem", "ya no vamos", "não vamos mais", "we won't be coming", "we
# can't make it"): a negation, the first verb after it in the first person (the customer, not "uno no puede venir",
# which is one person less), and a verb of coming or going within a few words. "no vamos a pagar" ("ir a" and
# another verb) is no such thing; nor is it with a figure or a "but" said (a time not possible, another proposed:
# "a les 9 no podem venir, millor a les 3"), nor when not all are coming ("no venimos todos").
_NOT_COMING_NEGATIONS = frozenset({"no", "nao", "not", "never", "nunca", "mai", "wont", "won't", "cant", "can't",
                                   "cannot", "dont", "don't", "aren't", "arent"})
_NOT_COMING_VERBS: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"ir", "vir", "comparecer", "chegar"}), "es": frozenset({"ir", "venir", "asistir", "llegar"}),
    "ca": frozenset({"anar", "venir", "assistir", "arribar"}), "en": frozenset({"come", "go", "make", "attend"}),
}
_NOT_COMING_FIRST_PERSON: dict[Lang, tuple[tuple[str, ...], frozenset[str]]] = {  # (plural endings, forms)
    "pt-BR": (("mos",), frozenset({"vou", "posso", "venho", "consigo", "irei", "poderei"})),
    "es": (("mos",), frozenset({"voy", "puedo", "vengo", "ire", "podre", "llego"})),
    "ca": (("em", "im"), frozenset({"vaig", "puc", "vinc", "anire", "podre", "arribo"})),
    "en": ((), frozenset()),
}
_NOT_COMING_BESIDES = frozenset({"but", "pero", "mas", "instead", "todos", "todas", "tots", "totes", "all",
                                 "everyone", "todo", "tothom"})
_NOT_COMING_INFINITIVE_MARKERS = frozenset({"a", "to", "pra", "para"})
_NOT_COMING_WINDOW = 4


def _first_person(word: str, lang: Lang) -> bool:
    endings, forms = _NOT_COMING_FIRST_PERSON[lang]
    return word in forms or (len(word) > 3 and word.endswith(endings))


def says_not_coming(text: str, lang: Lang) -> bool:
    """Whether the customer says they (or their group) are not coming any more (see above): a booking to cancel."""
    said = [fold(word) for word in words(text)]
    if any(char.isdigit() for char in text) or set(said) & _NOT_COMING_BESIDES:
        return False
    for index, word in enumerate(said):
        if word not in _NOT_COMING_NEGATIONS:
            continue
        if lang == "en":
            if not {"we", "i", "we're", "im", "i'm", "were"} & set(said[max(0, index - 2):index]):
                continue
        else:
            finite = next((other for other in said[index + 1:index + 3] if other not in ("hi", "ho", "mas", "mais",
                                                                                          "ya", "ja", "lo", "la")), "")
            if not _first_person(finite, lang):
                continue
        ahead = said[index + 1:index + 1 + _NOT_COMING_WINDOW]
        for offset, other in enumerate(ahead):
            if lemma(other, lang) not in _NOT_COMING_VERBS[lang]:
                continue
            after = said[index + 2 + offset:index + 4 + offset]
            if after and after[0] in _NOT_COMING_INFINITIVE_MARKERS and len(after) > 1 and \
                    lemma(after[1], lang) not in _NOT_COMING_VERBS[lang] | {"poder", "able"}:
                continue  # "no vamos a pagar": "ir a" and another verb
            if other == "make" and after[:1] != ["it"]:
                continue
            return True
    return False


# What was asked for, called off in other words: forgotten ("forget the booking", "olvida la reserva", "oblida la
# reserva", "esquece a reserva") or no longer needed ("ya no hace falta la reserva", "ja no cal la reserva", "não
# precisa mais da reserva", "we don't need the booking anymore"), the booking or payment named within a few words.
_CALLED_OFF_NOUNS = frozenset({"reserva", "reservar", "booking", "reservation", "reservacion", "reservacio", "pix",
                               "transferencia", "transfer", "agendamento", "clase", "classe", "aula", "class", "lesson"})
_CALLED_OFF_FORGET = frozenset({"forget", "olvidar", "oblidar", "esquecer"})
_CALLED_OFF_NEED = frozenset({"necesitar", "falta", "caldre", "precisar", "need", "necessitar"})
_CALLED_OFF_WINDOW = 4


def calls_off_by_name(text: str, lang: Lang) -> bool:
    """Whether the customer forgets, or no longer needs, a booking or payment they name (see above)."""
    said = lemmas(text, lang)
    written = [fold(word) for word in words(text)]
    for index, word in enumerate(said):
        if not set(said[index + 1: index + 1 + _CALLED_OFF_WINDOW]) & _CALLED_OFF_NOUNS:
            continue
        negated = bool(set(written[max(0, index - 3): index]) & _NOT_COMING_NEGATIONS)
        if word in _CALLED_OFF_FORGET and not negated:  # "no olvides la reserva" keeps it
            return True
        if word in _CALLED_OFF_NEED and negated:
            return True
    return False
