"""Issue 29, tenth blind round: 80 drafts a WhatsApp agent or a member of staff would write for the demo bank,
school and store after the tool results they were written on, in pt-BR, es, ca and en (20 each): 60 true ones
(every fact said is in this turn's results or the Ask's confirmed slots) worded as nobody here writes them — long
summaries of several results, comparisons ("$ 160.000 mais barato"), ranges ("de 9 a 11.30 h", "3–6 pm"), recurring
hours ("todo dia das 20h às 6h"), ordinal and written days ("the 4th", "dia quatro"), parties said as people ("you
and two friends", "per a tres"), counts in words, brand casing ("iPhone", "Redmi"), abbreviations ("qtd.", "hs",
"c/u"), names as banks print them (upper case, cut), the customer's own words quoted, apologies, hand-offs and
questions back restating the Ask's slots — and 20 wrong ones (a wrong name, day, time, count, status, price,
warranty or effect kind, each in a natural sentence).

Written before reading the guards or any earlier round's drafts, on the context builders of
`tools.eval.adversarial_round8` (what the demo's tools return for its seed data on `TODAY`, Tuesday 1 December
2026, with each tool's declared evidence and the organisation's own tools, names, hosts and number). Its first run's
figure is in docs/guards.md's rounds table; the set is dev material (read while fixing) since.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from tools.eval.adversarial_round8 import (
    Context,
    Round8Case,
    _lookup,
    _out,
    _receipt,
    agenda,
    ask,
    balance,
    booked,
    brl,
    mine,
    moved,
    not_cancellable,
    november,
    paylink,
    quote,
    refused,
    scheduled,
    search,
    sent,
    slots,
    taken,
    too_large,
    unbooked,
    unknown_key,
    unscheduled,
    used,
)

__all__ = ["ROUND10", "cases"]


def failed(who: str, cents: int) -> Callable[[], Context]:
    """send_pix executed, the receipt back as failed (the provider refused it after the debit was tried)."""
    def context() -> Context:
        receipt = _receipt(who, cents, "failed", "2026-12-01T10:42:18", None, 313)
        return (_lookup(who), _out("bank", "send_pix", receipt, {"recipient_ref": f"rcp_{who[:2].lower()}",
                                                                  "amount_cents": cents, "scheduled_for": None})), \
            ("send_pix",)
    return context


H, P = True, False
B, S, T = "bank", "school", "store"
PEDRO_150 = sent("Pedro", 15_000)
ANA_FRI = scheduled("Ana", 20_000, "2026-12-04")
JOAO_TUE = scheduled("João", 12_000, "2026-12-08")
NIGHT = refused("Pedro", 90_000, "night_limit_exceeded")
BROKE = refused("João", 600_000, "insufficient_funds")
AGENDA3 = agenda(("Pedro", 8_000, "2026-12-04"), ("Energia", 23_045, "2026-12-10"), ("Maria", 5_000, "2026-12-15"))
IP13 = search("iphone 13", "IP13-128-N", "IP13-256-R")
IP13_14 = search("iphone", "IP13-128-N", "IP14-128-N")
GALAXY = search("galaxy", "SGS21-256-R", "SGS23-128-N")
MOTO = search("motorola edge", "MOTO-E40-256-N")
REDMI = search("redmi note 12", "XRN12-128-N")
CHARGERS = search("cargador", "ACC-CARG-20W", "ACC-CARG-25W")
CABLE = search("cable lightning", "ACC-CABLE-LTG")
TWO_IP13 = quote(("IP13-128-N", 2), ("ACC-FUNDA-IP13", 2))
THREE_REDMI = quote(("XRN12-128-N", 3))
IP12_USED = used("Apple", "iPhone 12", 128, 85, 500_000, 80)
S21_USED = used("Samsung", "Galaxy S21", 256, 90, 400_000, 85)


def climbing(lang: str) -> Callable[[], Context]:
    return booked(3, "15:00", "climbing", 3, lang)


CLIMB_ASK = ask("booking", activity="climbing", when="2026-12-04T15:00:00+01:00", party_size=3)
PIX_ANA = ask("pix_transfer", amount=brl(20_000), recipient="Ana", when="2026-12-04")
PIX_JOAO = ask("pix_transfer", amount=brl(12_000), recipient="João")
PIX_NIGHT = ask("pix_transfer", amount=brl(90_000), recipient="Pedro")

# (kind, lang, org, context, what the customer said, draft, held[, (ask kind, ask slots)])
ROUND10: tuple[tuple[Any, ...], ...] = (
    # --- pt-BR ---
    ("summary", "pt-BR", B, november, "como foi novembro?",
     "Resumindo novembro: você mandou 3 Pix (R$ 150,00 pro Pedro no dia 5, R$ 230,45 pra ENERGIA SUL no dia 20 e "
     "R$ 87,90 pro Mercado Bom Preço no dia 28) e recebeu um, de R$ 320,00, da Ana, no dia 12. Total que saiu: "
     "R$ 468,35.", P),
    ("written_date", "pt-BR", B, ANA_FRI, "agenda 200 pra Ana na sexta",
     "Prontinho! Pix de R$ 200,00 pra ANA BEATRIZ C agendado pra sexta, dia quatro, às 9h. 🗓️", P, PIX_ANA),
    ("recurring", "pt-BR", B, balance, "qual meu saldo?",
     "Seu saldo é de R$ 5.000,00. No horário noturno (todo dia das 20h às 6h) você ainda pode mandar até R$ 650,00 "
     "de um limite de R$ 1.000,00.", P),
    ("apology", "pt-BR", B, NIGHT, "manda 900 pro Pedro",
     "Poxa, desculpa! O Pix de R$ 900,00 pro Pedro não passou: hoje à noite já saíram R$ 350,00 e sobram só "
     "R$ 650,00 do limite noturno. Quer que eu agende pra amanhã, dia 2, depois das 6h?", P, PIX_NIGHT),
    ("quote", "pt-BR", B, PEDRO_150, "manda 150 pro Pedro",
     "Feito ✅ Você pediu \"manda 150 pro Pedro\" e foi: R$ 150,00 pra PEDRO HENRIQUE ALMEIDA (Nu Pagamentos), às "
     "10h42.", P),
    ("question_back", "pt-BR", B, lambda: ((_lookup("João"),), ()), "manda 120 pro João",
     "Achei a chave: JOÃO PEREIRA LIMA, Itaú Unibanco. Confirma o Pix de R$ 120,00 pra ele?", P, PIX_JOAO),
    ("failed", "pt-BR", B, failed("Maria", 5_000), "manda 50 pra Maria",
     "Ih, desculpa: o Pix de R$ 50,00 pra MARIA OLIVEIRA SANTOS falhou (saldo insuficiente). Quer tentar de novo?",
     P, ask("pix_transfer", amount=brl(5_000), recipient="Maria")),
    ("party", "pt-BR", S, climbing("pt-BR"), "escalada sexta 15h pra 3",
     "Reservei a escalada pra você e mais duas pessoas na sexta, dia 4, das 15h às 18h. Total: 105,00 € (35 € por "
     "pessoa). A reserva fica aguardando pagamento.", P, CLIMB_ASK),
    ("summary", "pt-BR", S, slots(1, None, "pt-BR"), "o que tem quarta?",
     "Quarta (dia 2) tem: esqui alpino às 9h (só 1 vaga) e às 15h (4 vagas), caminhada com raquetes às 9h e às 15h "
     "(8 vagas cada) e escalada às 15h (4 vagas).", P),
    ("handoff", "pt-BR", S, not_cancellable("pt-BR"), "cancela a de sábado",
     "Essa eu não consigo cancelar por aqui: a caminhada com raquetes de sábado, dia 5, às 9h, pra 3 pessoas, já "
     "está paga. Vou passar pra alguém da equipe te ajudar, tá bom?", P),
    ("moved", "pt-BR", S, moved("pt-BR"), "passa o esqui de quinta pra sexta de manhã",
     "Pronto, troquei: o esqui de quinta às 15h passou pra sexta, dia 4, às 9h, pra vocês dois. Continua aguardando "
     "pagamento (90 €).", P),
    ("comparison", "pt-BR", T, IP13, "tem iphone 13?",
     "Tenho os dois: o iPhone 13 de 128 GB novo sai por $ 1.450.000 (qtd. em estoque: 4) e o de 256 GB "
     "recondicionado por $ 1.290.000 (restam 2). O de 256 é $ 160.000 mais barato, mas tem 6 meses de garantia em "
     "vez de 12.", P),
    ("used_quote", "pt-BR", T, IP12_USED, "quanto vocês pagam no meu iphone 12 128gb bateria 85",
     "Pelo seu iPhone 12 de 128 GB com bateria em 85%, a gente paga $ 400.000. A cotação vale até quinta, dia 3, "
     "às 15h20.", P),
    ("count_words", "pt-BR", T, REDMI, "tem redmi note 12?",
     "Temos sete Redmi Note 12 de 128 GB, a $ 420.000 cada, com um ano de garantia.", P),
    ("abbreviation", "pt-BR", T, TWO_IP13, "quanto fica 2 iphone 13 com capinha?",
     "Orçamento: 2x iPhone 13 128 GB Medianoche = $ 2.900.000 + 2 capinhas de silicone = $ 24.000. Total: "
     "$ 2.924.000.", P),
    ("name", "pt-BR", B, PEDRO_150, "manda 150 pro Pedro",
     "Pix de R$ 150,00 enviado para Pedro Henrique Alves às 10h42.", H),
    ("date", "pt-BR", B, AGENDA3, "o que tenho agendado?",
     "Seus Pix agendados: R$ 80,00 pro Pedro na sexta (4), R$ 230,45 pra Energia Sul no dia 11 e R$ 50,00 pra Maria "
     "no dia 15.", H),
    ("count", "pt-BR", S, climbing("pt-BR"), "escalada sexta 15h pra 3",
     "Reserva feita pra você e mais três amigos: escalada na sexta, dia 4, às 15h.", H, CLIMB_ASK),
    ("warranty", "pt-BR", T, MOTO, "e o motorola edge 40?",
     "O Motorola Edge 40 de 256 GB sai por $ 780.000 e vem com 12 meses de garantia.", H),
    ("effect", "pt-BR", S, unbooked("pt-BR"), "cancela o esqui de quinta",
     "Cancelei o esqui de quinta e o reembolso de 90 € já caiu na sua conta.", H),
    # --- es ---
    ("summary", "es", T, GALAXY, "tenés galaxy?",
     "Del Galaxy S21 de 256 GB reacondicionado no nos queda ninguno, y el Galaxy S23 de 128 GB figura como agotado, "
     "así que por ahora no te lo puedo vender. ¿Querés ver otro modelo?", P),
    ("comparison", "es", T, IP13_14, "diferencia entre el 13 y el 14?",
     "El iPhone 14 de 128 GB está $ 300.000 más caro que el 13: $ 1.750.000 contra $ 1.450.000. Los dos son nuevos, "
     "con 12 meses de garantía.", P),
    ("summary", "es", T, CHARGERS, "cargadores?",
     "Cargadores: el de Apple USB-C de 20 W a $ 45.000 (quedan 15, 6 meses de garantía) y el Samsung de 25 W a "
     "$ 38.000 (hay 9).", P),
    ("apology", "es", T, CABLE, "tenés cable lightning?",
     "Uh, el cable USB-C a Lightning de 1 m se nos acabó 😕 Perdón. ¿Buscás otra cosa?", P),
    ("abbreviation", "es", T, S21_USED, "cuánto me dan por el s21 256 batería 90",
     "Por tu Galaxy S21 de 256 GB (batería al 90%) te damos $ 340.000; la cotización vale hasta el jueves 3 a las "
     "15:20 hs.", P),
    ("count_words", "es", T, THREE_REDMI, "precio de 3 redmi note 12",
     "Tres Redmi Note 12 te salen $ 1.260.000 en total ($ 420.000 c/u).", P),
    ("bank_name", "es", B, sent("Energia", 23_045), "pagá la luz",
     "Listo, pagamos la luz: Pix de R$ 230,45 a ENERGIA SUL DISTRIB., Bradesco, hoy a las 10:42 h.", P),
    ("summary", "es", B, AGENDA3, "qué tengo programado?",
     "Tenés tres Pix programados: R$ 80,00 a Pedro el viernes 4, R$ 230,45 a Energia Sul el jueves 10 y R$ 50,00 a "
     "Maria el martes 15.", P),
    ("cancelled", "es", B, unscheduled("Pedro", 8_000, "2026-12-04"), "cancelá el de Pedro",
     "Hecho: cancelé el Pix de R$ 80,00 a Pedro que salía el viernes 4.", P),
    ("range", "es", B, balance, "saldo",
     "Tu saldo es de R$ 5.000,00. De noche (de 20 a 6 h) te quedan R$ 650,00 para Pix.", P),
    ("party", "es", S, climbing("es"), "escalada viernes a las 15 para tres",
     "¡Reservado para ti y dos amigos! Escalada el viernes 4 de 15 a 18 h con Marta Vidal. Son 105 € en total; la "
     "reserva queda pendiente de pago.", P, CLIMB_ASK),
    ("apology", "es", S, taken(1, "09:00", "ski", 3, "es"), "esquí miércoles a las 9, somos 3",
     "Lo siento, a las 9 del miércoles solo queda una plaza de esquí alpino y sois tres. A las 15 h hay cuatro plazas "
     "con Jordi Pujol, ¿os la reservo?", P, ask("booking", activity="ski", when="2026-12-02T09:00:00+01:00",
                                                party_size=3)),
    ("summary", "es", S, mine("es"), "mis reservas",
     "Tienes dos reservas: esquí alpino el jueves 3 a las 15 h para 2 (pendiente de pago, 90 €) y raquetas de nieve "
     "el sábado 5 a las 9 h para 3 (pagada).", P),
    ("link", "es", S, paylink(5, "09:00", "snowshoeing", 4, "es"), "cómo pago?",
     "Aquí tienes el enlace para pagar los 100 € de las raquetas del domingo 6 (4 personas): "
     "https://demoschool.localhost/pay/Zx81qLm0/?lang=es — vence mañana a las 11 h.", P),
    ("range", "es", S, slots(4, "ski", "es", 3), "esquí el sábado para 3?",
     "El sábado 5 hay esquí alpino a las 9 h con Pau Serra y a las 15 h con Jordi Pujol, seis plazas libres en cada "
     "turno. 45 € por persona.", P),
    ("price", "es", T, IP13, "el iphone 13 de 256?",
     "El iPhone 13 de 256 GB reacondicionado está a $ 1.190.000 y quedan dos.", H),
    ("status", "es", B, ANA_FRI, "programá 200 a Ana el viernes",
     "Listo, el Pix de R$ 200,00 a Ana ya fue acreditado.", H, PIX_ANA),
    ("time", "es", S, climbing("es"), "escalada viernes a las 15 para tres",
     "Reservé la escalada del viernes 4 a las 9 h para tres.", H, CLIMB_ASK),
    ("count", "es", T, CHARGERS, "cargador samsung?",
     "Del cargador Samsung de 25 W nos quedan solo dos unidades.", H),
    ("effect", "es", B, lambda: ((_lookup("João"),), ()), "mandale 120 a João",
     "Te transferí R$ 120,00 a João Pereira Lima.", H, PIX_JOAO),
    # --- ca ---
    ("summary", "ca", S, slots(1, None, "ca"), "què hi ha dimecres?",
     "Dimecres 2 tenim: esquí alpí a les 9 h (1 plaça) i a les 15 h (4 places), raquetes de neu a les 9 i a les 15 "
     "(8 places cadascuna) i escalada a les 15 h (4 places).", P),
    ("party", "ca", S, climbing("ca"), "escalada divendres a les 3 per a tres",
     "Fet! Escalada per a tres divendres 4, de 15 a 18 h. Són 105 € i la reserva queda pendent de pagament.", P,
     CLIMB_ASK),
    ("summary", "ca", S, mine("ca"), "quines reserves tinc?",
     "Tens dues reserves: esquí alpí dijous 3 a les 15 h per a dues persones (pendent de pagament) i raquetes de neu "
     "dissabte 5 a les 9 h per a tres (ja pagada).", P),
    ("cancelled", "ca", S, unbooked("ca"), "anul·la l'esquí de dijous",
     "Cap problema, he anul·lat l'esquí de dijous 3 a les 15 h. La de raquetes de dissabte segueix en peu.", P),
    ("moved", "ca", S, moved("ca"), "passa l'esquí de dijous a divendres al matí",
     "Canviat: l'esquí de dijous passa a divendres 4 a les 9 h, amb en Pau Serra, per a vosaltres dos.", P),
    ("apology", "ca", S, too_large(4, "climbing", 6, "ca"), "escalada dissabte per a sis",
     "Ho sento, a escalada els grups són de 4 com a màxim i vosaltres sou sis. Voleu mirar una altra activitat?", P),
    ("link", "ca", S, paylink(5, "09:00", "snowshoeing", 4, "ca"), "com ho pago?",
     "Aquí tens l'enllaç per pagar els 100 € de raquetes de diumenge 6 per a quatre: "
     "https://demoschool.localhost/pay/Zx81qLm0/?lang=ca. Caduca demà a les 11 h.", P),
    ("range", "ca", S, slots(5, "snowshoeing", "ca"), "raquetes diumenge?",
     "Diumenge 6 hi ha raquetes de neu de 9 a 11.30 h i de 15 a 17.30 h, 8 places a cada torn, 25 € per persona.", P),
    ("bank_name", "ca", B, sent("Maria", 5_000), "envia 50 a la Maria",
     "Fet ✅ Pix de 50,00 R$ enviat a MARIA OLIVEIRA S. (Caixa) avui a les 10.42 h.", P),
    ("summary", "ca", B, november, "com va anar el novembre?",
     "Al novembre vas fer tres Pix i en vas rebre un: en total van sortir R$ 468,35 i van entrar R$ 320,00.", P),
    ("written_date", "ca", B, JOAO_TUE, "programa 120 al João per dimarts",
     "Programat: R$ 120,00 per a en João Pereira Lima el dimarts 8 a les 9 h.", P,
     ask("pix_transfer", amount=brl(12_000), recipient="João", when="2026-12-08")),
    ("apology", "ca", B, NIGHT, "envia 900 al Pedro",
     "Ho sento, no ha pogut sortir: aquesta nit ja has enviat R$ 350,00 i del límit nocturn de R$ 1.000,00 només et "
     "queden R$ 650,00. Vols que el programi per demà, dia 2?", P, PIX_NIGHT),
    ("comparison", "ca", T, IP13, "teniu iphone 13?",
     "L'iPhone 13 de 256 GB reacondicionat costa $ 1.290.000, $ 160.000 menys que el de 128 GB nou ($ 1.450.000). "
     "Garantia: 6 mesos contra 12.", P),
    ("count_words", "ca", T, TWO_IP13, "quant costen dos iphone 13 amb funda?",
     "Pressupost: dos iPhone 13 de 128 GB ($ 2.900.000) i dues fundes de silicona ($ 24.000): $ 2.924.000 en total.",
     P),
    ("handoff", "ca", T, MOTO, "i el motorola edge 40?",
     "El Motorola Edge 40 de 256 GB val $ 780.000 i en tenim cinc. De la garantia no en tinc dades: t'ho consulto "
     "amb un company.", P),
    ("name", "ca", B, AGENDA3, "què tinc programat?",
     "El Pix de divendres 4 és per a l'Ana, de R$ 80,00.", H),
    ("date", "ca", S, mine("ca"), "quan és l'esquí?",
     "La reserva d'esquí és dimecres 3 a les 15 h.", H),
    ("count", "ca", S, slots(1, None, "ca"), "esquí dimecres al matí?",
     "A les 9 h de dimecres queden tres places d'esquí alpí.", H),
    ("status", "ca", S, not_cancellable("ca"), "anul·la les raquetes de dissabte",
     "Fet, he anul·lat les raquetes de dissabte.", H),
    ("warranty", "ca", T, REDMI, "quina garantia té el redmi?",
     "El Redmi Note 12 té 6 mesos de garantia.", H),
    # --- en ---
    ("summary", "en", B, november, "how was November?",
     "November at a glance: 3 Pix out — R$ 150.00 to Pedro (the 5th), R$ 230.45 to Energia Sul (the 20th), "
     "R$ 87.90 to Mercado Bom Preço (the 28th) — and one in, R$ 320.00 from Ana on the 12th.", P),
    ("quote", "en", B, PEDRO_150, "send Pedro 150",
     "Done — you said \"send Pedro 150\", so R$ 150.00 went to PEDRO HENRIQUE ALMEIDA at Nu Pagamentos at 10:42 am.",
     P),
    ("ordinal", "en", B, ANA_FRI, "schedule 200 to Ana for Friday",
     "All set: your R$ 200.00 Pix to Ana Beatriz Costa is scheduled for this Friday, the 4th, at 9 am.", P, PIX_ANA),
    ("recurring", "en", B, balance, "balance?",
     "Your balance is R$ 5,000.00. Between 8 pm and 6 am every night you can send up to R$ 1,000.00 by Pix; "
     "R$ 650.00 of that is still left tonight.", P),
    ("apology", "en", B, unknown_key("+5511999990000"), "send 50 to +55 11 99999-0000",
     "Sorry, I couldn't find any Pix key for +55 11 99999-0000. Could you double-check the number?", P),
    ("apology", "en", B, BROKE, "send 6000 to João",
     "I'm sorry, the R$ 6,000.00 Pix to João didn't go through: your balance is R$ 5,000.00. Want to try a smaller "
     "amount?", P, ask("pix_transfer", amount=brl(600_000), recipient="João")),
    ("range", "en", S, slots(4, "ski", "en", 3), "skiing on Saturday for 3?",
     "Saturday the 5th: Alpine skiing at 9 am with Pau Serra or at 3 pm with Jordi Pujol, six places left in each. "
     "It's €45 a head.", P),
    ("party", "en", S, climbing("en"), "climbing friday 3pm for 3",
     "Booked for you and two friends: climbing on Friday the 4th, 3–6 pm, €105 in total. It's pending payment for "
     "now.", P, CLIMB_ASK),
    ("ordinal", "en", S, mine("en"), "my bookings?",
     "You've got two bookings: Alpine skiing on Thu 3rd at 3 pm for two (awaiting payment) and snowshoeing on Sat "
     "5th at 9 am for three (paid).", P),
    ("cancelled", "en", S, unbooked("en"), "cancel thursday's skiing",
     "No worries, your Thursday skiing at 3 pm is cancelled. Your snowshoeing on Saturday is still on.", P),
    ("apology", "en", S, taken(1, "09:00", "ski", 3, "en"), "ski wednesday 9am, 3 of us",
     "Sorry, the 9 am Alpine skiing on Wednesday has only one place left and you're three. The 3 pm one with Jordi "
     "Pujol has four — shall I book that instead?", P,
     ask("booking", activity="ski", when="2026-12-02T09:00:00+01:00", party_size=3)),
    ("comparison", "en", T, IP13_14, "13 or 14?",
     "The iPhone 14 128 GB is $300,000 more than the iPhone 13 128 GB ($1,750,000 vs $1,450,000). Both new, with a "
     "12-month warranty.", P),
    ("used_quote", "en", T, IP12_USED, "what would you give me for my iphone 12 128gb, battery 85%",
     "For your iPhone 12 128 GB with 85% battery health we can offer $400,000. The quote is valid until Thursday the "
     "3rd, 3:20 pm.", P),
    ("stock", "en", T, GALAXY, "any galaxy?",
     "The Galaxy S21 256 GB (refurbished) is out of stock and the Galaxy S23 128 GB is sold out, sorry! Want me to "
     "look for another model?", P),
    ("summary", "en", T, CHARGERS, "chargers?",
     "Two chargers: Apple's 20 W USB-C at $45,000 (15 in stock, 6-month warranty) and Samsung's 25 W at $38,000 "
     "(9 in stock).", P),
    ("time", "en", B, PEDRO_150, "send Pedro 150",
     "R$ 150.00 sent to Pedro at 11:42 am.", H),
    ("count", "en", S, paylink(5, "09:00", "snowshoeing", 4, "en"), "how do I pay?",
     "Here's the payment link for Sunday the 6th's snowshoeing for you and two friends: "
     "https://demoschool.localhost/pay/Zx81qLm0/?lang=en", H),
    ("price", "en", T, IP13, "which iphone 13 is cheaper?",
     "The refurbished 256 GB is $260,000 cheaper than the new 128 GB.", H),
    ("status", "en", B, NIGHT, "send 900 to Pedro",
     "Your R$ 900.00 Pix to Pedro has been scheduled for tomorrow, the 2nd.", H, PIX_NIGHT),
    ("effect", "en", S, moved("en"), "move thursday's skiing to friday morning",
     "Done, your Thursday skiing is cancelled.", H),
)


def cases() -> Iterator[Round8Case]:
    for index, row in enumerate(ROUND10):
        kind, lang, org, context, said, draft, held = row[:7]
        ask_kind, ask_slots = row[7] if len(row) > 7 else (None, {})
        yield Round8Case(f"round10-{index:03d} {kind} {lang}", "dev", kind, lang, draft, held, org, context, said,
                         ask_kind=ask_kind, ask_slots=ask_slots)
