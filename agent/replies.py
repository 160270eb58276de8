"""Customer-facing wording, per organisation language (pt-BR, es, ca, en). Amounts and dates are formatted by code
(babel), never written by a model. Keys are stable; every language has every key (a test checks it)."""

from __future__ import annotations

from datetime import datetime

from babel.dates import format_datetime, get_timezone

from language.locales import babel_locale, lang_of
from language.money import format_money

T: dict[str, dict[str, str]] = {
    "pt-BR": {
        "approval_expired": "Esta confirmação expirou; nada foi enviado. Peça de novo para ver uma nova prévia.",
        "done": "Feito.",
        "approve": "Aprovar",
        "decline": "Recusar",
        "ask_amount": "Quanto você quer enviar{to}?",
        "ask_recipient": "Para quem vai o Pix? Pode ser um contato salvo ou uma chave Pix.",
        "ask_activity": "Qual atividade você quer fazer?",
        "ask_when": "Para qual dia e horário?",
        "ask_party_size": "Para quantas pessoas?",
        "ask_device_model": "Qual é o modelo do aparelho?",
        "ask_capacity_gb": "Qual a capacidade (GB)?",
        "ask_battery_health": "Qual a saúde da bateria (%)?",
        "ask_product": "Qual produto você procura?",
        "to": " para {name}",
        "balance": "Seu saldo é {amount}.",
        "history": "De {since} a {until} você fez {count} Pix enviados, total {total}.",
        "pix_needs_approval": "Pix de {amount} para {name} ({document}, {bank}). Este Pix precisa da sua aprovação "
                              "e não pode ser desfeito; nada foi enviado ainda.",
        "pix_sent": "Pix de {amount} enviado para {name}. Código: {e2e}.",
        "contact_not_found": "Não encontrei \"{name}\" nos seus contatos. Contatos salvos: {contacts}.",
        "key_not_found": "Essa chave Pix não foi encontrada. Confira e me mande de novo.",
        "limit": "Não foi possível: {reason}.",
        "booking_done": "Reserva feita: {activity}, {start}, {party} pessoa(s), total {amount}. Pague aqui: {url}",
        "slots": "Horários livres:\n{lines}",
        "no_slots": "Não há horários livres para isso. Quer outro dia?",
        "slot_taken": "Esse horário acabou de ser ocupado. Livres agora:\n{lines}",
        "products": "Encontrei:\n{lines}",
        "no_products": "Não encontrei esse produto no momento.",
        "quote": "Pelo seu {model} de {capacity} GB com bateria em {battery}%, pagamos {amount} (válido até {until}).",
        "cancelled": "Pedido cancelado. Nada foi feito.",
        "nothing_to_cancel": "Não há nenhum pedido em andamento para cancelar.",
        "stale_button": "Esse botão é de um pedido anterior; nada foi feito.",
        "value_without_request": "O que você quer fazer com {value}?",
        "correct_or_new": "Você quer mudar o pedido em andamento para {value} ou fazer um novo?",
        "stale_bare_value": "Seu pedido anterior expirou sem confirmação e foi encerrado. Quer começar um novo com {value}?",
        "stale": "Seu pedido anterior expirou e foi encerrado. Como posso ajudar?",
        "typed_confirm": "Para confirmar, toque no botão da mensagem de confirmação.",
        "executing": "Estou concluindo seu pedido; um momento.",
        "correction_without_value": "O que você quer corrigir?",
        "greeting": "Olá! Posso ajudar com: {what}.",
        "changed": "Ok, mudei {slot}: {old} → {new}.",
        "unsupported": "Por aqui eu só entendo mensagens de texto e botões. Pode escrever o que precisa?",
        "pix_code_damaged": "Esse código Pix está danificado ou foi alterado (a verificação dele não confere), então não vou usá-lo. Nada foi pago. Peça um código novo a quem está cobrando.",
        "pix_code_invalid": "Não consigo pagar esse código: ele não é um código Pix válido. Nada foi pago. Se quiser, me mande a chave Pix e o valor.",
        "pix_code_several": "Recebi mais de um código Pix na mesma mensagem. Mande um de cada vez, por favor; nada foi pago.",
        "pix_code_dynamic_refused": "Esse código Pix é dinâmico: a cobrança fica no endereço de quem cobra, e esse endereço não está entre os que este banco consulta. Nada foi pago. Se quiser, me mande a chave Pix e o valor.",
        "pix_code_dynamic_unavailable": "Não consegui consultar a cobrança desse código Pix agora. Nada foi pago. Tente de novo em alguns minutos.",
        "pix_code_expired": "A cobrança desse código Pix não está mais ativa (venceu ou foi paga). Nada foi pago. Peça um código novo a quem está cobrando.",
        "provider_down": "Estou com uma instabilidade agora. Tente de novo em alguns minutos.",
        "turn_failed": "Tive um problema ao tratar esta mensagem e não fiz nada com ela. Pode mandar de novo, de outro jeito?",
        "failed": "Não consegui concluir: {reason}.",
        "button_new": "Novo pedido",
        "button_correct": "Mudar o atual",
        "button_resume": "Retomar {kind}",
        "resume_offer": "Você tinha um pedido de {kind} em andamento. Quer retomá-lo?",
    },
    "es": {
        "approval_expired": "Esta confirmación caducó; no se envió nada. Pídelo de nuevo para ver una vista previa nueva.",
        "done": "Hecho.",
        "approve": "Aprobar",
        "decline": "Rechazar",
        "ask_amount": "¿Cuánto quieres enviar{to}?",
        "ask_recipient": "¿A quién va el Pix? Puede ser un contacto guardado o una clave Pix.",
        "ask_activity": "¿Qué actividad quieres hacer?",
        "ask_when": "¿Para qué día y hora?",
        "ask_party_size": "¿Para cuántas personas?",
        "ask_device_model": "¿Qué modelo es el equipo?",
        "ask_capacity_gb": "¿Qué capacidad tiene (GB)?",
        "ask_battery_health": "¿Qué salud tiene la batería (%)?",
        "ask_product": "¿Qué producto buscas?",
        "to": " a {name}",
        "balance": "Tu saldo es {amount}.",
        "history": "Del {since} al {until} hiciste {count} Pix enviados, total {total}.",
        "pix_needs_approval": "Pix de {amount} a {name} ({document}, {bank}). Este Pix necesita tu aprobación y no "
                              "se puede deshacer; todavía no se envió nada.",
        "pix_sent": "Pix de {amount} enviado a {name}. Código: {e2e}.",
        "contact_not_found": "No encontré \"{name}\" en tus contactos. Contactos guardados: {contacts}.",
        "key_not_found": "No encontré esa clave Pix. Revísala y envíamela de nuevo.",
        "limit": "No fue posible: {reason}.",
        "booking_done": "Reserva hecha: {activity}, {start}, {party} persona(s), total {amount}. Paga aquí: {url}",
        "slots": "Horarios libres:\n{lines}",
        "no_slots": "No hay horarios libres para eso. ¿Otro día?",
        "slot_taken": "Ese horario se acaba de ocupar. Libres ahora:\n{lines}",
        "products": "Encontré:\n{lines}",
        "no_products": "No encontré ese producto por ahora.",
        "quote": "Por tu {model} de {capacity} GB con batería al {battery}%, te pagamos {amount} (válido hasta {until}).",
        "cancelled": "Pedido cancelado. No se hizo nada.",
        "nothing_to_cancel": "No hay ningún pedido en curso para cancelar.",
        "stale_button": "Ese botón es de un pedido anterior; no se hizo nada.",
        "value_without_request": "¿Qué quieres hacer con {value}?",
        "correct_or_new": "¿Quieres cambiar el pedido en curso a {value} o hacer uno nuevo?",
        "stale_bare_value": "Tu pedido anterior caducó sin confirmar y se cerró. ¿Empezamos uno nuevo con {value}?",
        "stale": "Tu pedido anterior caducó y se cerró. ¿En qué te ayudo?",
        "typed_confirm": "Para confirmar, toca el botón del mensaje de confirmación.",
        "executing": "Estoy terminando tu pedido; un momento.",
        "correction_without_value": "¿Qué quieres corregir?",
        "greeting": "¡Hola! Puedo ayudarte con: {what}.",
        "changed": "Listo, cambié {slot}: {old} → {new}.",
        "unsupported": "Por aquí solo entiendo mensajes de texto y botones. ¿Me escribes lo que necesitas?",
        "pix_code_damaged": "Ese código Pix está dañado o fue alterado (su verificación no coincide), así que no lo voy a usar. No se pagó nada. Pide un código nuevo a quien te cobra.",
        "pix_code_invalid": "No puedo pagar ese código: no es un código Pix válido. No se pagó nada. Si quieres, mándame la llave Pix y el importe.",
        "pix_code_several": "Recibí más de un código Pix en el mismo mensaje. Mándalos de uno en uno, por favor; no se pagó nada.",
        "pix_code_dynamic_refused": "Ese código Pix es dinámico: el cobro está en la dirección de quien cobra, y esa dirección no está entre las que este banco consulta. No se pagó nada. Si quieres, mándame la llave Pix y el importe.",
        "pix_code_dynamic_unavailable": "No pude consultar el cobro de ese código Pix ahora. No se pagó nada. Inténtalo de nuevo en unos minutos.",
        "pix_code_expired": "El cobro de ese código Pix ya no está activo (venció o ya se pagó). No se pagó nada. Pide un código nuevo a quien te cobra.",
        "provider_down": "Tengo un problema técnico ahora. Inténtalo de nuevo en unos minutos.",
        "turn_failed": "Tuve un problema con este mensaje y no hice nada con él. ¿Puedes enviarlo de nuevo, de otra forma?",
        "failed": "No pude terminar: {reason}.",
        "button_new": "Pedido nuevo",
        "button_correct": "Cambiar el actual",
        "button_resume": "Retomar {kind}",
        "resume_offer": "Tenías un pedido de {kind} en curso. ¿Quieres retomarlo?",
    },
    "ca": {
        "approval_expired": "Aquesta confirmació ha caducat; no s'ha enviat res. Torna-ho a demanar per veure una nova previsualització.",
        "done": "Fet.",
        "approve": "Aprovar",
        "decline": "Rebutjar",
        "ask_amount": "Quant vols enviar{to}?",
        "ask_recipient": "A qui va el Pix? Pot ser un contacte desat o una clau Pix.",
        "ask_activity": "Quina activitat vols fer?",
        "ask_when": "Per a quin dia i hora?",
        "ask_party_size": "Per a quantes persones?",
        "ask_device_model": "Quin model és l'aparell?",
        "ask_capacity_gb": "Quina capacitat té (GB)?",
        "ask_battery_health": "Quina salut té la bateria (%)?",
        "ask_product": "Quin producte busques?",
        "to": " a {name}",
        "balance": "El teu saldo és {amount}.",
        "history": "Del {since} al {until} vas fer {count} Pix enviats, total {total}.",
        "pix_needs_approval": "Pix de {amount} a {name} ({document}, {bank}). Aquest Pix necessita la teva aprovació i "
                              "no es pot desfer; encara no s'ha enviat res.",
        "pix_sent": "Pix de {amount} enviat a {name}. Codi: {e2e}.",
        "contact_not_found": "No he trobat \"{name}\" als teus contactes. Contactes desats: {contacts}.",
        "key_not_found": "No he trobat aquesta clau Pix. Revisa-la i torna-me-la a enviar.",
        "limit": "No ha estat possible: {reason}.",
        "booking_done": "Reserva feta: {activity}, {start}, {party} persona(es), total {amount}. Paga aquí: {url}",
        "slots": "Horaris lliures:\n{lines}",
        "no_slots": "No hi ha horaris lliures per a això. Un altre dia?",
        "slot_taken": "Aquest horari s'acaba d'ocupar. Lliures ara:\n{lines}",
        "products": "He trobat:\n{lines}",
        "no_products": "Ara mateix no trobo aquest producte.",
        "quote": "Pel teu {model} de {capacity} GB amb la bateria al {battery}%, et paguem {amount} (vàlid fins al {until}).",
        "cancelled": "Petició cancel·lada. No s'ha fet res.",
        "nothing_to_cancel": "No hi ha cap petició en curs per cancel·lar.",
        "stale_button": "Aquest botó és d'una petició anterior; no s'ha fet res.",
        "value_without_request": "Què vols fer amb {value}?",
        "correct_or_new": "Vols canviar la petició en curs a {value} o fer-ne una de nova?",
        "stale_bare_value": "La teva petició anterior ha caducat sense confirmar i s'ha tancat. En comencem una de nova amb {value}?",
        "stale": "La teva petició anterior ha caducat i s'ha tancat. En què et puc ajudar?",
        "typed_confirm": "Per confirmar, toca el botó del missatge de confirmació.",
        "executing": "Estic acabant la teva petició; un moment.",
        "correction_without_value": "Què vols corregir?",
        "greeting": "Hola! Et puc ajudar amb: {what}.",
        "changed": "D'acord, he canviat {slot}: {old} → {new}.",
        "unsupported": "Per aquí només entenc missatges de text i botons. Em pots escriure què necessites?",
        "pix_code_damaged": "Aquest codi Pix està malmès o s'ha alterat (la seva verificació no quadra), així que no el faré servir. No s'ha pagat res. Demana un codi nou a qui et cobra.",
        "pix_code_invalid": "No puc pagar aquest codi: no és un codi Pix vàlid. No s'ha pagat res. Si vols, envia'm la clau Pix i l'import.",
        "pix_code_several": "He rebut més d'un codi Pix en el mateix missatge. Envia'ls d'un en un, si us plau; no s'ha pagat res.",
        "pix_code_dynamic_refused": "Aquest codi Pix és dinàmic: el cobrament és a l'adreça de qui cobra, i aquesta adreça no és entre les que aquest banc consulta. No s'ha pagat res. Si vols, envia'm la clau Pix i l'import.",
        "pix_code_dynamic_unavailable": "Ara no he pogut consultar el cobrament d'aquest codi Pix. No s'ha pagat res. Torna-ho a provar d'aquí a uns minuts.",
        "pix_code_expired": "El cobrament d'aquest codi Pix ja no és actiu (ha vençut o ja s'ha pagat). No s'ha pagat res. Demana un codi nou a qui et cobra.",
        "provider_down": "Tinc un problema tècnic ara mateix. Torna-ho a provar d'aquí a uns minuts.",
        "turn_failed": "He tingut un problema amb aquest missatge i no n'he fet res. El pots tornar a enviar d'una altra manera?",
        "failed": "No he pogut acabar: {reason}.",
        "button_new": "Petició nova",
        "button_correct": "Canviar l'actual",
        "button_resume": "Reprendre {kind}",
        "resume_offer": "Tenies una petició de {kind} en curs. La vols reprendre?",
    },
    "en": {
        "approval_expired": "This confirmation expired; nothing was sent. Ask again to see a new preview.",
        "done": "Done.",
        "approve": "Approve",
        "decline": "Decline",
        "ask_amount": "How much do you want to send{to}?",
        "ask_recipient": "Who is the Pix for? A saved contact or a Pix key.",
        "ask_activity": "Which activity would you like?",
        "ask_when": "For which day and time?",
        "ask_party_size": "For how many people?",
        "ask_device_model": "Which model is the device?",
        "ask_capacity_gb": "What is its storage (GB)?",
        "ask_battery_health": "What is the battery health (%)?",
        "ask_product": "Which product are you looking for?",
        "to": " to {name}",
        "balance": "Your balance is {amount}.",
        "history": "From {since} to {until} you sent {count} Pix, {total} in total.",
        "pix_needs_approval": "Pix of {amount} to {name} ({document}, {bank}). This Pix needs your approval and "
                              "cannot be undone; nothing has been sent yet.",
        "pix_sent": "Pix of {amount} sent to {name}. Code: {e2e}.",
        "contact_not_found": "I couldn't find \"{name}\" in your contacts. Saved contacts: {contacts}.",
        "key_not_found": "That Pix key was not found. Please check it and send it again.",
        "limit": "That was not possible: {reason}.",
        "booking_done": "Booked: {activity}, {start}, {party} person(s), {amount} in total. Pay here: {url}",
        "slots": "Free times:\n{lines}",
        "no_slots": "No free times for that. Another day?",
        "slot_taken": "That time was just taken. Free now:\n{lines}",
        "products": "I found:\n{lines}",
        "no_products": "I couldn't find that product right now.",
        "quote": "For your {model} {capacity} GB with {battery}% battery we pay {amount} (valid until {until}).",
        "cancelled": "Request cancelled. Nothing was done.",
        "nothing_to_cancel": "There is no request in progress to cancel.",
        "stale_button": "That button belongs to an earlier request; nothing was done.",
        "value_without_request": "What would you like to do with {value}?",
        "correct_or_new": "Do you want to change the current request to {value}, or start a new one?",
        "stale_bare_value": "Your earlier request expired unconfirmed and was closed. Start a new one with {value}?",
        "stale": "Your earlier request expired and was closed. How can I help?",
        "typed_confirm": "To confirm, tap the button on the confirmation message.",
        "executing": "I'm finishing your request; one moment.",
        "correction_without_value": "What would you like to correct?",
        "greeting": "Hi! I can help with: {what}.",
        "changed": "OK, I changed {slot}: {old} → {new}.",
        "unsupported": "Here I can only read text messages and buttons. Could you write what you need?",
        "pix_code_damaged": "That Pix code is damaged or has been altered (its check digits do not match), so I will not use it. Nothing was paid. Ask whoever is charging you for a new code.",
        "pix_code_invalid": "I cannot pay that code: it is not a valid Pix code. Nothing was paid. If you like, send me the Pix key and the amount.",
        "pix_code_several": "I got more than one Pix code in the same message. Please send them one at a time; nothing was paid.",
        "pix_code_dynamic_refused": "That Pix code is dynamic: the charge lives at the address of whoever is charging you, and that address is not one this bank looks up. Nothing was paid. If you like, send me the Pix key and the amount.",
        "pix_code_dynamic_unavailable": "I could not look up the charge of that Pix code just now. Nothing was paid. Please try again in a few minutes.",
        "pix_code_expired": "The charge of that Pix code is no longer active (it expired or was already paid). Nothing was paid. Ask whoever is charging you for a new code.",
        "provider_down": "I'm having a technical problem right now. Please try again in a few minutes.",
        "turn_failed": "I had a problem handling this message and did nothing with it. Could you send it again, worded differently?",
        "failed": "I couldn't finish: {reason}.",
        "button_new": "New request",
        "button_correct": "Change current",
        "button_resume": "Resume {kind}",
        "resume_offer": "You had a {kind} request in progress. Resume it?",
    },
}

KIND_NAMES = {
    "pt-BR": {"pix_transfer": "Pix", "balance": "saldo", "pix_history": "extrato", "booking": "reserva",
              "availability": "horários", "product_search": "produtos", "used_quote": "avaliação de usado"},
    "es": {"pix_transfer": "Pix", "balance": "saldo", "pix_history": "movimientos", "booking": "reserva",
           "availability": "horarios", "product_search": "productos", "used_quote": "cotización de usado"},
    "ca": {"pix_transfer": "Pix", "balance": "saldo", "pix_history": "moviments", "booking": "reserva",
           "availability": "horaris", "product_search": "productes", "used_quote": "taxació d'usat"},
    "en": {"pix_transfer": "Pix", "balance": "balance", "pix_history": "history", "booking": "booking",
           "availability": "availability", "product_search": "products", "used_quote": "trade-in quote"},
}

SLOT_NAMES = {
    "pt-BR": {"amount": "o valor", "recipient": "o destinatário", "pix_key": "a chave", "when": "a data",
              "party_size": "o número de pessoas", "activity": "a atividade"},
    "es": {"amount": "el importe", "recipient": "el destinatario", "pix_key": "la clave", "when": "la fecha",
           "party_size": "el número de personas", "activity": "la actividad"},
    "ca": {"amount": "l'import", "recipient": "el destinatari", "pix_key": "la clau", "when": "la data",
           "party_size": "el nombre de persones", "activity": "l'activitat"},
    "en": {"amount": "the amount", "recipient": "the recipient", "pix_key": "the key", "when": "the date",
           "party_size": "the party size", "activity": "the activity"},
}


def say(lang: str, key: str, **values: object) -> str:
    return T.get(lang, T["en"])[key].format(**values)


def kind_name(lang: str, kind: str) -> str:
    return KIND_NAMES.get(lang, KIND_NAMES["en"]).get(kind, kind)


def slot_name(lang: str, slot: str) -> str:
    return SLOT_NAMES.get(lang, SLOT_NAMES["en"]).get(slot, slot)


def money(cents: int, currency: str, lang: str) -> str:
    return format_money(cents, currency, lang_of(lang))


def when(value: datetime, lang: str, tz: str) -> str:
    return format_datetime(value, "EEE d MMM, HH:mm", tzinfo=get_timezone(tz), locale=babel_locale(lang_of(lang)))


def slot_value(lang: str, slot: str, value: object, tz: str) -> str:
    """A slot value as people read it (amounts by babel)."""
    if isinstance(value, dict) and "amount_cents" in value:
        return money(value["amount_cents"], value["currency"], lang)
    return str(value)


# Engine refusals as customers read them (the code stays in the trace).
REASONS: dict[str, dict[str, str]] = {
    "pt-BR": {"account_not_found": "não encontrei uma conta sua neste banco", "insufficient_funds": "saldo insuficiente", "night_limit_exceeded": "limite noturno de Pix excedido",
              "key_not_found": "chave Pix não encontrada", "contact_not_found": "contato não encontrado",
              "lookup_budget_exceeded": "muitas consultas de chave; tente mais tarde",
              "amount_invalid": "valor inválido", "same_account": "a chave é da sua própria conta",
              "schedule_invalid": "data de agendamento inválida", "slot_taken": "o horário acabou de ser ocupado",
              "party_too_large": "não há vagas para tantas pessoas", "slot_in_the_past": "esse horário já passou",
              "activity_not_found": "atividade não encontrada", "out_of_stock": "produto sem estoque",
              "quote_incomplete": "faltam dados do aparelho", "model_not_quoted": "ainda não avaliamos esse modelo",
              "approval_expired": "a confirmação expirou", "unexpected": "um erro inesperado",
              "amount_too_large": "o valor passa do máximo permitido por pedido",
              "amount_too_large_max": "o valor passa do máximo de {max} por pedido",
              "date_out_of_range": "essa data está fora do período que eu consigo usar",
              "date_invalid": "a data não é válida",
              "text_not_storable": "a mensagem tem caracteres que não consigo ler",
              "invalid_argument": "um dado do pedido não é válido"},
    "es": {"account_not_found": "no encontré una cuenta tuya en este banco", "insufficient_funds": "saldo insuficiente", "night_limit_exceeded": "límite nocturno de Pix superado",
           "key_not_found": "clave Pix no encontrada", "contact_not_found": "contacto no encontrado",
           "lookup_budget_exceeded": "demasiadas consultas de clave; inténtalo más tarde",
           "amount_invalid": "importe no válido", "same_account": "la clave es de tu propia cuenta",
           "schedule_invalid": "fecha de programación no válida", "slot_taken": "el horario se acaba de ocupar",
           "party_too_large": "no hay plazas para tantas personas", "slot_in_the_past": "ese horario ya pasó",
           "activity_not_found": "actividad no encontrada", "out_of_stock": "producto sin stock",
           "quote_incomplete": "faltan datos del equipo", "model_not_quoted": "todavía no cotizamos ese modelo",
           "approval_expired": "la confirmación caducó", "unexpected": "un error inesperado",
           "amount_too_large": "el importe supera el máximo permitido por pedido",
           "amount_too_large_max": "el importe supera el máximo de {max} por pedido",
           "date_out_of_range": "esa fecha está fuera del período que puedo usar",
           "date_invalid": "la fecha no es válida",
           "text_not_storable": "el mensaje tiene caracteres que no puedo leer",
           "invalid_argument": "un dato del pedido no es válido"},
    "ca": {"account_not_found": "no he trobat cap compte teu en aquest banc", "insufficient_funds": "saldo insuficient", "night_limit_exceeded": "límit nocturn de Pix superat",
           "key_not_found": "clau Pix no trobada", "contact_not_found": "contacte no trobat",
           "lookup_budget_exceeded": "massa consultes de clau; torna-ho a provar més tard",
           "amount_invalid": "import no vàlid", "same_account": "la clau és del teu propi compte",
           "schedule_invalid": "data de programació no vàlida", "slot_taken": "l'horari s'acaba d'ocupar",
           "party_too_large": "no hi ha places per a tantes persones", "slot_in_the_past": "aquest horari ja ha passat",
           "activity_not_found": "activitat no trobada", "out_of_stock": "producte sense estoc",
           "quote_incomplete": "falten dades de l'aparell", "model_not_quoted": "encara no taxem aquest model",
           "approval_expired": "la confirmació ha caducat", "unexpected": "un error inesperat",
           "amount_too_large": "l'import supera el màxim permès per petició",
           "amount_too_large_max": "l'import supera el màxim de {max} per petició",
           "date_out_of_range": "aquesta data és fora del període que puc fer servir",
           "date_invalid": "la data no és vàlida",
           "text_not_storable": "el missatge té caràcters que no puc llegir",
           "invalid_argument": "una dada de la petició no és vàlida"},
    "en": {"account_not_found": "I could not find an account of yours at this bank", "insufficient_funds": "insufficient funds", "night_limit_exceeded": "night-time Pix limit exceeded",
           "key_not_found": "Pix key not found", "contact_not_found": "contact not found",
           "lookup_budget_exceeded": "too many key lookups; please try later",
           "amount_invalid": "invalid amount", "same_account": "the key belongs to your own account",
           "schedule_invalid": "invalid schedule date", "slot_taken": "the time was just taken",
           "party_too_large": "not enough places for that many people", "slot_in_the_past": "that time has passed",
           "activity_not_found": "activity not found", "out_of_stock": "out of stock",
           "quote_incomplete": "device details are missing", "model_not_quoted": "we do not quote that model yet",
           "approval_expired": "the confirmation expired", "unexpected": "an unexpected error",
           "amount_too_large": "the amount is above the maximum allowed per request",
           "amount_too_large_max": "the amount is above the maximum of {max} per request",
           "date_out_of_range": "that date is outside the period I can use",
           "date_invalid": "the date is not valid",
           "text_not_storable": "the message has characters I cannot read",
           "invalid_argument": "a detail of the request is not valid"},
}


def reason(lang: str, code: str) -> str:
    """An engine error code in the customer's language (never the raw code)."""
    table = REASONS.get(lang, REASONS["en"])
    return table.get(code, table["unexpected"])


def failure_reason(lang: str, error: dict, currency: str) -> str:
    """A tool's failure (`result["error"]`) in the customer's language: the engine's code, else the bound that was
    broken, else the failure's kind; an amount above the organisation's maximum names the maximum."""
    said = error.get("detail")
    detail = said if isinstance(said, dict) else {}
    code = detail.get("code") or error.get("code") or "unexpected"
    maximum = detail.get("max_cents")
    if code == "amount_too_large" and isinstance(maximum, int) and not isinstance(maximum, bool):
        return reason(lang, "amount_too_large_max").format(max=money(maximum, currency, lang))
    return reason(lang, code)
