"""A typo restored only when it keeps the message's request kind and its money slots (issue 30, perturbations)."""

from datetime import UTC, datetime

from asks.perception.builtin import perceive
from asks.perception.contract import BANK, SCHOOL, OrgKind
from language.locales import Lang

NOW = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)


def read(text: str, lang: Lang, org_kind: OrgKind = BANK):
    return perceive(text, lang=lang, org_kind=org_kind, now=NOW, tz="America/Sao_Paulo", currency="BRL")


def test_a_day_one_letter_off_is_the_day():
    assert read("agenda 30 pra maria depois de ammanha", "pt-BR").slots.when == read(
        "agenda 30 pra maria depois de amanha", "pt-BR").slots.when
    assert read("schedule 30 to Maria for tomororw", "en").slots.when is not None


def test_a_request_one_letter_off_is_that_request():
    assert read("show me my transctions", "en").request_kind == read("show me my transactions", "en").request_kind
    assert read("reserva rqauetes dema passat a la tarda per a 2", "ca", SCHOOL).slots.activity is not None


def test_the_amount_and_recipient_are_never_changed_by_a_restored_word():
    typed = read("manda 40 pra maria amannha", "pt-BR")
    assert typed.slots.amount.amount_cents == 4000 and "maria" in str(typed.slots.recipient).lower()


def test_shorthand_fills_a_recipient_and_a_day_not_one_already_said():
    read_pa = read("agendá 45 pa maria pa pasado mñn", "es")
    assert read_pa.request_kind == "pix_transfer" and read_pa.slots.recipient == "Maria" and read_pa.slots.when
    assert read("actually we r 3", "en", SCHOOL).slots.party_size == 3


def test_a_restored_word_never_drops_what_the_typed_message_said():
    from asks.perception.contract import STORE

    typed = read("me vendieron un cargador trucho", "es", STORE)  # "trucho" (fake) is no misspelt "trucha"
    assert "problem" in typed.markers and typed.request_kind is None


def test_a_word_of_its_own_one_letter_off_is_read_only_when_it_adds():
    assert "person" in read("quiero habar con alguien", "es").markers
    assert read("reserva raquetas dento de 3 días para 2", "es", SCHOOL).slots.when == read(
        "reserva raquetas dentro de 3 días para 2", "es", SCHOOL).slots.when
    # "algum" is no misspelt "alguém": the day asked about stays a question of availability, no person asked for
    typed = read("tem algum horario amanha?", "pt-BR", SCHOOL)
    assert typed.request_kind == "availability" and "person" not in typed.markers


def test_a_word_of_its_own_never_changes_an_amount_or_a_recipient():
    typed = read("manda 40 pra maria amanha", "pt-BR")
    assert typed.slots.amount.amount_cents == 4000 and "maria" in str(typed.slots.recipient).lower()


def test_a_verb_of_changing_one_letter_off_withdraws_the_guess_of_a_question_about_what_is_free():
    typed = read("se puede cmabiar para las 9?", "es", SCHOOL)
    right = read("se puede cambiar para las 9?", "es", SCHOOL)
    assert typed.request_kind is None and typed.slots == right.slots and typed.markers == right.markers
    # a question about a day with no such verb restored stays one
    assert read("tienen plazaas pasado mañana?", "es", SCHOOL).request_kind == "availability"


def test_a_number_word_is_no_typo():
    from asks.perception.contract import STORE

    assert perceive("sessenta e quatro", lang="pt-BR", org_kind=STORE, now=NOW, tz="America/Sao_Paulo",
                    currency="ARS", asked_for="capacity_gb").slots.capacity_gb == 64


def test_an_activity_one_letter_off_is_that_activity_at_the_school():
    typed = read("vull fer esalada dema passat", "ca", SCHOOL)  # "escalada", not "salada" nor "ensalada"
    assert typed.request_kind == "booking" and typed.slots.activity == read(
        "vull fer escalada dema passat", "ca", SCHOOL).slots.activity


def test_what_the_store_sells_one_letter_off_is_that_product():
    from asks.perception.contract import STORE

    assert read("cuanto esta el cargadro de 20w?", "es", STORE).slots.product == read(
        "cuanto esta el cargador de 20w?", "es", STORE).slots.product


def test_a_typo_in_a_correction_word_keeps_it_a_correction():
    typed = read("na verddade manda pro joao esse pix agendado", "pt-BR")
    assert "correction" in typed.markers and "new_request" not in typed.markers


def test_an_amount_read_only_once_a_verb_is_restored_is_read():
    typed = read("bom dia!! preciso eniar 150 pro joao dia 20 blz", "pt-BR")
    assert typed.request_kind == "pix_transfer" and typed.slots.amount.amount_cents == 15000


def test_a_scheduled_pix_named_with_a_typo_is_changed_not_sent_again():
    assert read("muda o pix que eu agndei pro joão pra 50", "pt-BR").request_kind == "pix_transfer_change"


def test_a_real_word_typo_turns_nothing_read_or_a_bare_pix_into_the_limit_asked():
    assert read("quanto posso manar de noite?", "pt-BR").request_kind == "balance"
    assert read("cánto puedo mandar esta noche?", "es").request_kind == "balance"


def test_a_typo_of_a_catalan_word_is_read_in_catalan_at_the_bank():
    assert read("ei qunts diners hi ha al meu compte ara", "pt-BR").request_kind == "balance"


def test_a_typo_restored_only_to_a_rare_word_of_another_language_keeps_the_message_in_its_own():
    # "etrato" is Catalan "retrato" one letter off, and Portuguese "extrato", a word the bank reads
    assert read("me manda o etrato", "pt-BR").request_kind == "pix_history"


def test_the_one_owed_is_the_one_paid():
    typed = read("hi um so i owe joao like sixty so can you pay him that today", "en")
    assert typed.slots.recipient == "Joao" and typed.slots.amount.amount_cents == 6000


def test_a_word_of_a_day_misread_as_a_recipient_is_no_recipient_once_restored_in_the_chats_language():
    typed = read("passa pro dia seguite", "pt-BR")  # Spanish to the detector ("seguite"), a Portuguese chat's typo
    assert typed.slots.recipient is None and typed.slots.day_shift == 1


def test_a_typo_of_one_verb_in_two_tenses_is_its_infinitive():
    assert "person" in read("vc pode me transfeir pra um humano?", "pt-BR").markers


def test_a_word_of_another_language_is_no_typo_of_the_chats_that_loses_what_was_read():
    typed = perceive("a primeira", lang="ca", org_kind=SCHOOL, now=NOW, tz="Europe/Andorra", currency="EUR",
                     asked_for="when")  # Portuguese "the first" of the times listed, not Catalan "primera" misspelt
    assert typed.slots.offer_pick == "first"


def test_a_request_kind_read_from_the_misspelt_word_alone_gives_way_to_the_restored_reading():
    # "apuunta" is one letter off "apunta", a verb of booking as typed; restored, "se apunta" adds one to the party
    typed = read("y mi hermano se apuunta también", "es", SCHOOL)
    assert typed.request_kind is None and typed.slots.party_added == 1
    assert "new_request" not in typed.markers
    # a kind the other words read stays: "reserrva" is "reserva", and the booking is read either way
    assert read("reserrva escalada pasado mañana a las 9 para 2", "es", SCHOOL).request_kind == "booking"


def test_the_request_perceptions_own_tables_are_words_a_typo_is_of():
    # "prices" is read only by the school's request table, "apunta" by the party reader, "cargador" by the store's:
    # passed to the typo readers beside `language/`'s words (language.lexicon.reader_words), which lack them
    from asks.perception.builtin import _request_words
    from language.lexicon import reader_words
    from language.typos import restore_typos

    assert "prices" in _request_words("school", "en") and "apunta" in _request_words("school", "es")
    assert "cargador" in _request_words("store", "es")
    assert not {"prices", "apunta", "cargador"} & (reader_words("en") | reader_words("es"))
    # the bank's request word, not the dictionary's "estrato"
    assert restore_typos("me manda o etrato", "pt-BR", _request_words("bank", "pt-BR")) == "me manda o extrato"
    assert restore_typos("prcies?", "en", _request_words("school", "en")) == "prices?"  # not "pries"
    assert restore_typos("y mi hermano se apuunta también", "es", _request_words("school", "es")) \
        == "y mi hermano se apunta también"


def test_a_day_of_another_language_one_letter_off_is_that_day():
    # Portunhol "amanhã" in a Spanish message, two letters swapped or one doubled: tomorrow, never today
    tomorrow = read("manda 35 a ana amanhã porfa", "es").slots.when
    assert tomorrow is not None
    assert read("manda 35 a ana aamnhã porfa", "es").slots.when == tomorrow
    assert read("manda 30 a maria amaanhã porfa", "es").slots.when == tomorrow


def test_a_battery_word_one_letter_off_is_the_battery():
    from asks.perception.contract import STORE

    assert read("la bteria esta al 86", "es", STORE).slots.battery_health == 86
    assert read("quero vender meu s22 de 256 batreia 88", "pt-BR", STORE).slots.battery_health == 88


def test_a_pix_read_off_a_misspelt_word_gives_way_to_the_hand_over_it_says():
    # "dues vegaades" as typed was R$ 2 to "Vegaades"; restored, "charged twice": a dispute, no money moved
    typed = read("m'heu cobrat dues vegaades el mateix pix", "pt-BR")
    assert "dispute" in typed.markers and typed.slots.amount is None and typed.slots.recipient is None


def test_a_verb_of_sending_one_letter_short_makes_the_request_of_the_values_said():
    # "madar" is a word of the dictionary one letter short of "mandar": the Pix of the amount and payee said
    typed = read("Eu precisava madar 75 reais pro Pedro, é a parte dele do churrasco", "pt-BR")
    assert typed.request_kind == "pix_transfer" and typed.slots.amount.amount_cents == 7500
    assert typed.slots.recipient == "Pedro"
