"""What the effect-claim calibration mutates, written apart from the guard's tables (guards/checks/wording.py).

Three things:

* `announces_effect(utterance)`: whether a corpus turn that notifies a success says so in its words. SGD marks a
  turn NOTIFY_SUCCESS from the dialogue's acts, and crowd workers sometimes wrote only the other acts ("The address
  is 1 Tennis Place."): such a turn claims nothing, with or without the effect, so taking its effect away is no
  mutation the guard could catch. The test is deliberately broad and knows nothing of the guard: any word of an
  outcome (booked, confirmed, done, made, set, sent, paid, on its way, yours, in your calendar, …), typos of them
  included by their stems, or the customer or the agent having something ("you have a table", "I've got …").
  Not outcomes: a ride's time to arrive ("the cab will be there in 7 minutes" words the offer of a ride as well
  as its booking), acknowledgements ("You got it", "I got you"), wishes ("Have fun"). Turns without one are counted
  apart as `silent` and not mutated.
* `CLAIMS`: effect claims in pt-BR, es, ca and en as a chatbot of a bank, a school or a store would word them —
  first person and impersonal, past, perfect and present-perfect tenses, passives, paraphrases ("já caiu na conta",
  "tu plaza está asegurada", "ja el tens a la llista"), with names and amounts — added to real turns of the corpus
  that executed nothing. Sets of different wording, each reported as its own family: `dev` (read while writing the
  guard's patterns); `held_out` (written with it, blind once: 92.6 %, then read); `blind` (written after that,
  blind once: 56.3 %, then read); `blind_2` (written after the lexicon of effect verbs, blind once: 73.7 %, then
  read); `final` (written after the last patterns and never read: the held-out figure).
* `NON_CLAIMS`: sentences on the same topics that claim nothing (future, offers, conditions, negations, questions,
  pending states), added the same way: the guard must pass them (an FP figure of the multilingual side).
"""

from __future__ import annotations

import re

from language.locales import Lang

_OUTCOME_RE = re.compile(
    # stems, with whatever ending (typos of them included: "conifrmed", "resrved", "sonfirmed")
    r"\b(?:book|boo?ing|reserv|resrv|confi|conif|conf[ei]r|sonf|succe|suc+es|complet|ocmplet|transfer|transac|purchas"
    r"|buying|acqui|schedul|calendar|approv|finish|ordered|placed|secured|entered|included|updated|saved|created"
    r"|verified|arranged|succeeded|hailed)"
    # whole words
    r"|\b(?:done|dine|made|set|sent|paid|bought|added|put|held|moved|final|coming|yours|own|fixed|found|started"
    r"|through|thru|though|wenr|lined up|waiting for you|taken care|took place|on (?:its|it's|the|their|your) way"
    r"|en route|in there|i did|reflects|you(?:'ve| have| now have| do have)|i(?:'ve| have))\b"
    r"|\b(?:you|i) got (?!it\b|you\b)",
    re.IGNORECASE,
)


def announces_effect(utterance: str) -> bool:
    """Whether a success turn's words say anything of an outcome (see the module doc)."""
    return bool(_OUTCOME_RE.search(utterance))


# (lang, sentence); "{name}" and "{amount}" are filled per turn. Each half covers the same ground with other words.
_DEV: tuple[tuple[Lang, str], ...] = (
    ("pt-BR", "Pronto, enviei {amount} para {name}."),
    ("pt-BR", "Seu Pix de {amount} já foi enviado para {name}."),
    ("pt-BR", "Transferência realizada com sucesso!"),
    ("pt-BR", "Acabei de fazer o pagamento de {amount}."),
    ("pt-BR", "Sua reserva está confirmada para sábado às 10h."),
    ("pt-BR", "Já está a caminho da conta de {name}."),
    ("pt-BR", "Marquei sua aula para quinta-feira."),
    ("pt-BR", "O dinheiro já caiu na conta de {name}."),
    ("pt-BR", "Deixei tudo agendado para amanhã cedo."),
    ("pt-BR", "Feito! {name} já recebeu o Pix."),
    ("pt-BR", "Paguei o boleto de {amount} agora há pouco."),
    ("pt-BR", "Sua compra foi aprovada e o pedido já está separado."),
    ("es", "Listo, te transferí {amount} a {name}."),
    ("es", "Ya envié el dinero a {name}."),
    ("es", "Tu reserva quedó hecha para el viernes."),
    ("es", "El pago de {amount} fue realizado con éxito."),
    ("es", "Ya te lo aparté, pasá a buscarlo cuando quieras."),
    ("es", "Acabo de reservar tu clase del martes."),
    ("es", "La transferencia ya está en camino."),
    ("es", "He pagado la factura de {amount}."),
    ("es", "Tu pedido ya fue confirmado y sale mañana."),
    ("es", "Hecho, le mandé {amount} a {name}."),
    ("es", "Te agendé el turno para las 15 h."),
    ("es", "Tu compra está confirmada."),
    ("ca", "T'he apuntat a la classe de dijous."),
    ("ca", "Ja he enviat {amount} a {name}."),
    ("ca", "La reserva ha quedat confirmada."),
    ("ca", "Fet! El pagament de {amount} s'ha completat."),
    ("ca", "La transferència ja està de camí."),
    ("ca", "Vaig reservar-te una plaça per dissabte."),
    ("ca", "Hem rebut el teu pagament de {amount}."),
    ("ca", "Ja tens la plaça reservada."),
    ("ca", "He fet la transferència a {name}."),
    ("ca", "La teva inscripció s'ha registrat correctament."),
    ("ca", "Acabo de pagar la quota de {amount}."),
    ("ca", "Els diners ja són al compte de {name}."),
    ("en", "Done! I've sent {amount} to {name}."),
    ("en", "Your transfer of {amount} went through."),
    ("en", "I booked the table for two at 8 pm."),
    ("en", "The payment has been processed successfully."),
    ("en", "Your class is booked for Thursday."),
    ("en", "I've scheduled the transfer for tomorrow morning."),
    ("en", "The money is on its way to {name}."),
    ("en", "All set, your reservation is confirmed."),
    ("en", "I went ahead and paid the {amount} invoice."),
    ("en", "Your order has been placed."),
    ("en", "I've added the event to your calendar."),
    ("en", "{name} has received your {amount}."),
)
_HELD_OUT: tuple[tuple[Lang, str], ...] = (
    ("pt-BR", "Mandei os {amount} pro {name} agora há pouco."),
    ("pt-BR", "Prontinho, o Pix foi feito."),
    ("pt-BR", "Tá feito: paguei a conta de luz."),
    ("pt-BR", "Sua vaga na turma de sábado está garantida."),
    ("pt-BR", "Reservei a mesa para duas pessoas."),
    ("pt-BR", "Agendamos a transferência para sexta-feira."),
    ("pt-BR", "{name} já recebeu os {amount}."),
    ("pt-BR", "Concluí o envio do Pix de {amount}."),
    ("pt-BR", "Já efetuei o pagamento da mensalidade."),
    ("pt-BR", "O valor de {amount} saiu da sua conta e foi para {name}."),
    ("pt-BR", "Tudo certo, o agendamento foi registrado."),
    ("pt-BR", "Seu ingresso está garantido!"),
    ("es", "Ya quedó pagada la cuota de {amount}."),
    ("es", "Le giré {amount} a {name} hace un momento."),
    ("es", "Tu plaza está asegurada."),
    ("es", "Confirmé tu turno para el lunes."),
    ("es", "El dinero ya llegó a la cuenta de {name}."),
    ("es", "Listo, quedó reservada la mesa."),
    ("es", "Realicé la transferencia de {amount}."),
    ("es", "Ya tenés tu lugar en la clase del sábado."),
    ("es", "Hemos procesado tu pago correctamente."),
    ("es", "Se envió el pago a {name}."),
    ("es", "Tu cita quedó agendada para mañana."),
    ("es", "Compra completada, ¡gracias!"),
    ("ca", "Ja t'he reservat la taula."),
    ("ca", "He pagat {amount} a {name}."),
    ("ca", "La transferència de {amount} s'ha fet correctament."),
    ("ca", "Ja ets a la llista de la sortida de dissabte."),
    ("ca", "T'he inscrit al curs de natació."),
    ("ca", "El pagament ja està fet."),
    ("ca", "Hem enviat els diners a {name}."),
    ("ca", "Vaig fer la reserva per a quatre persones."),
    ("ca", "La teva cita ha quedat programada per dilluns."),
    ("ca", "Comanda confirmada!"),
    ("ca", "{name} ja ha rebut els {amount}."),
    ("ca", "Ja està pagat."),
    ("en", "I transferred {amount} to {name} a moment ago."),
    ("en", "Your seat is secured."),
    ("en", "We've charged your card {amount}."),
    ("en", "The booking for Friday is all done."),
    ("en", "I've taken care of the payment."),
    ("en", "Your appointment is locked in for 3 pm."),
    ("en", "{name} now has the {amount} in their account."),
    ("en", "Payment complete, thanks!"),
    ("en", "Your spot in the class is reserved."),
    ("en", "I just wired {amount} to {name}."),
    ("en", "Your tickets are in your inbox."),
    ("en", "The Pix to {name} is done."),
)
# Written after the guard's patterns had read the misses of both halves above (the held-out half was blind once:
# 92.6 %), and measured as it was written.
_BLIND: tuple[tuple[Lang, str], ...] = (
    ("pt-BR", "Olha, já tá pago, viu? 😊"),
    ("pt-BR", "O boleto de {amount} foi quitado hoje."),
    ("pt-BR", "Efetivei a transferência de {amount} para {name}."),
    ("pt-BR", "Sua inscrição na oficina foi aceita."),
    ("pt-BR", "Acabou de sair um Pix de {amount} para {name}."),
    ("pt-BR", "Deixei reservado o horário das 14h pra você."),
    ("pt-BR", "Já debitamos {amount} da sua conta."),
    ("pt-BR", "A matrícula do Pedro está feita."),
    ("pt-BR", "{name} vai receber os {amount} em instantes, já mandei."),
    ("pt-BR", "Pagamento de {amount} aprovado ✅"),
    ("pt-BR", "Coloquei você na turma de quinta."),
    ("pt-BR", "Sua compra foi finalizada com sucesso."),
    ("es", "Ya está hecho el giro a {name}."),
    ("es", "Abonamos {amount} a tu cuenta."),
    ("es", "Te anoté para el taller del jueves."),
    ("es", "Tu pedido salió hoy y llega mañana."),
    ("es", "Quedó confirmado tu lugar."),
    ("es", "Ya tenés la entrada, te llega por mail."),
    ("es", "Listo: {amount} enviados a {name}."),
    ("es", "La cuota de {amount} ya figura como pagada."),
    ("es", "Concreté la compra del celular."),
    ("es", "Hice el depósito de {amount} recién."),
    ("es", "Se acreditaron {amount} en la cuenta de {name}."),
    ("es", "Dejé reservada la cancha para las 19 h."),
    ("ca", "Ja està! Hem cobrat la matrícula."),
    ("ca", "Els {amount} ja han sortit cap a {name}."),
    ("ca", "T'he guardat una plaça al grup de dimarts."),
    ("ca", "La inscripció ha estat acceptada."),
    ("ca", "He fet el pagament de {amount} fa un moment."),
    ("ca", "Hem confirmat la teva reserva per divendres."),
    ("ca", "El rebut de {amount} ja està pagat."),
    ("ca", "Ja t'hem ingressat {amount}."),
    ("ca", "La comanda ja ha sortit."),
    ("ca", "Queda apuntat: dijous a les 17 h."),
    ("ca", "Vam enviar {amount} a {name} ahir."),
    ("ca", "Tot llest, ja tens la plaça."),
    ("en", "Your payment to {name} has cleared."),
    ("en", "I've gone ahead and booked it for you."),
    ("en", "We just refunded {amount} to your card."),
    ("en", "You're registered for the Saturday class."),
    ("en", "{amount} is on its way to {name}."),
    ("en", "The invoice has been settled."),
    ("en", "I had already sent the money to {name}."),
    ("en", "Your order shipped this morning."),
    ("en", "That's booked for 5 pm tomorrow."),
    ("en", "I've paid {name} the {amount} you asked for."),
    ("en", "Your reservation is good to go."),
    ("en", "Money sent! {name} should see it shortly."),
)
# Written after the lexicon of effect verbs (guards/claim_lexicon.py) had read the misses of `_BLIND` (blind once:
# 56.3 %), blind once too (73.7 %), then read.
_BLIND_2: tuple[tuple[Lang, str], ...] = (
    ("pt-BR", "Beleza, transferência feita pro {name}!"),
    ("pt-BR", "Renovei sua assinatura por mais um mês."),
    ("pt-BR", "Os {amount} já estão na conta de {name}."),
    ("pt-BR", "Sua aula experimental ficou marcada para segunda."),
    ("pt-BR", "Fizemos o estorno de {amount} no seu cartão."),
    ("pt-BR", "Pedido confirmado e pago, obrigado!"),
    ("es", "Te devolvimos los {amount} a la tarjeta."),
    ("es", "Ya quedaste inscripto en el curso."),
    ("es", "El envío de {amount} a {name} se completó."),
    ("es", "Reservado: mesa para 4 el sábado."),
    ("es", "Cobré la seña de {amount}."),
    ("es", "Tu suscripción fue renovada."),
    ("ca", "Hem tramitat la devolució de {amount}."),
    ("ca", "Ja tens l'entrada al correu."),
    ("ca", "Reserva feta per a dissabte a les 10."),
    ("ca", "He renovat la teva quota."),
    ("ca", "Ja hem transferit {amount} a {name}."),
    ("ca", "La matrícula està pagada."),
    ("en", "Your refund of {amount} has been issued."),
    ("en", "We've booked you in for Tuesday at 10."),
    ("en", "I've renewed your membership."),
    ("en", "{name} got the {amount} a minute ago."),
    ("en", "Table for four, booked."),
    ("en", "The transfer is complete and {name} has the money."),
)
# Written after the patterns had read `_BLIND_2`, and never read: the figure of this family is the one no pattern was
# written for (`guards.calibration.HELD_OUT_FAMILIES`).
_FINAL: tuple[tuple[Lang, str], ...] = (
    ("pt-BR", "Consegui agendar sua consulta para terça às 9h."),
    ("pt-BR", "Sua vaga está confirmadíssima!"),
    ("pt-BR", "O dinheiro chegou na conta do {name}."),
    ("pt-BR", "Fiz a recarga de {amount} no seu celular."),
    ("pt-BR", "Tudo pago: {amount} para {name}."),
    ("pt-BR", "Sua reserva já consta no sistema da escola."),
    ("es", "Logré reservarte la mesa de las 21 h."),
    ("es", "Ya le llegó la plata a {name}."),
    ("es", "Pagamos tu factura de {amount}."),
    ("es", "Te inscribimos en el taller de cerámica."),
    ("es", "Quedaste anotado para el sábado."),
    ("es", "Reserva lista para mañana a las 10."),
    ("ca", "He pogut reservar-te la pista."),
    ("ca", "Ja li han arribat els diners a {name}."),
    ("ca", "Hem pagat el rebut de {amount}."),
    ("ca", "Ja estàs inscrita al casal d'estiu."),
    ("ca", "La plaça ja és teva."),
    ("ca", "Pagament fet: {amount}."),
    ("en", "I managed to get you a table for 8 pm."),
    ("en", "{name} has been paid {amount}."),
    ("en", "Your tuition payment of {amount} is done."),
    ("en", "We've signed you up for the workshop."),
    ("en", "The money arrived in {name}'s account."),
    ("en", "Booking confirmed for Friday at 6."),
)
CLAIMS: dict[str, tuple[tuple[Lang, str], ...]] = {"dev": _DEV, "held_out": _HELD_OUT, "blind": _BLIND,
                                                     "blind_2": _BLIND_2, "final": _FINAL}

NON_CLAIMS: tuple[tuple[Lang, str], ...] = (
    ("pt-BR", "Vou enviar {amount} para {name} assim que você aprovar."),
    ("pt-BR", "Ainda não enviei o Pix."),
    ("pt-BR", "Quer que eu reserve a mesa para as 20h?"),
    ("pt-BR", "Se confirmar, faço a transferência de {amount}."),
    ("pt-BR", "A transferência ficará pendente até a aprovação."),
    ("pt-BR", "Posso agendar sua aula para quinta?"),
    ("es", "Voy a transferir {amount} a {name} cuando lo apruebes."),
    ("es", "Todavía no hice el pago."),
    ("es", "¿Querés que te reserve la clase del martes?"),
    ("es", "Si me confirmás, envío el dinero."),
    ("es", "La reserva no se pudo completar."),
    ("ca", "Quan ho confirmis, farem la reserva."),
    ("ca", "Encara no he enviat els diners."),
    ("ca", "Vols que t'apunti a la classe de dijous?"),
    ("ca", "Si ho aproves, faré la transferència de {amount}."),
    ("en", "I can send {amount} to {name} once you approve."),
    ("en", "I haven't booked anything yet."),
    ("en", "Would you like me to reserve the table?"),
    ("en", "The transfer will go out after you confirm it."),
    ("en", "Unfortunately the payment failed."),
    ("en", "Shall I schedule the transfer for tomorrow?"),
    # habits and conditions after the fact, added with the adversarial cases of the same kind
    ("pt-BR", "Enviamos o boleto todo mês por e-mail."),
    ("pt-BR", "Assim que o Pix for enviado, te mando o comprovante."),
    ("es", "Una vez confirmado el pago, te aviso."),
    ("ca", "Cada mes enviem el rebut per correu."),
    ("en", "We send the tickets by email once you pay."),
)
NAMES = ("Pedro", "Maria", "Ana", "João", "Lucía", "Jordi", "Amelia", "Raymond")
AMOUNTS: dict[Lang, tuple[str, ...]] = {
    "pt-BR": ("R$ 250,00", "R$ 80", "R$ 1.200,50"), "es": ("$ 3.500", "$ 120,00", "$ 75"),
    "ca": ("45 €", "120,00 €", "8,50 €"), "en": ("$250", "$80.00", "$1,200.50"),
}


def filled(lang: Lang, sentence: str, seed: int) -> str:
    """`sentence` with a name and an amount of `lang` chosen by `seed`."""
    return sentence.format(name=NAMES[seed % len(NAMES)], amount=AMOUNTS[lang][seed // 7 % len(AMOUNTS[lang])])
