import pytest

from language.names import is_typo_of, name_in, name_key, name_words, names_match


@pytest.mark.parametrize(("said", "official"), [
    ("ENERGIA SUL", "Energia Sul Distribuidora S.A."),
    ("Energia Sul Distribuidora SA", "Energia Sul Distribuidora S.A."),
    ("ENERGIA SUL DISTRIBUIDO", "Energia Sul Distribuidora S.A."),  # a Pix code's 25 characters cut the last word
    ("Energia Sul Distrib.", "Energia Sul Distribuidora S/A"),
    ("JOSE DAVILA", "José D'Ávila"),
    ("jose d'avila", "JOSÉ D’ÁVILA"),
    ("Maria Silva", "Maria Aparecida da Silva"),
    ("M. Silva", "Maria Aparecida da Silva"),
    ("Maria A. Silva", "Maria Aparecida da Silva"),
    ("Maria Aparecida Silva", "Maria A. da Silva"),
    ("Jean Pierre Dupont", "Jean-Pierre Dupont"),
    ("Padaria Pão Quente", "PADARIA PAO QUENTE LTDA ME"),
    ("Dr. Pedro Almeida", "Pedro Henrique Almeida"),
    ("Joan Puig i Ferrer", "Joan Puig Ferrer"),
    ("Muñoz", "Lucía Muñoz García"),
    ("The Cheesecake Factory", "Cheesecake Factory Inc."),
])
def test_the_names_a_bank_accepts_match(said, official):
    assert names_match(said, official)


@pytest.mark.parametrize(("said", "official"), [
    ("Maria Souza", "Maria Silva"),  # a word the official name does not have
    ("Pedro", "João Almeida"),
    ("Energia Norte", "Energia Sul Distribuidora S.A."),
    ("Silva Maria", "Maria Silva"),  # the words in another order are another name
    ("M. S.", "Maria Silva"),  # initials alone name nobody
    ("Distrib", "Energia Sul Distribuidora"),  # a word cut short only at the end of a longer name, or with its stop
    ("Ana", "Anabela Souza"),
    ("S.A.", "Energia Sul S.A."),  # a legal form is no name
    ("", "Maria"),
    ("Maria", ""),
])
def test_other_names_do_not_match(said, official):
    assert not names_match(said, official)


def test_name_words_fold_join_apostrophes_and_read_split_legal_forms():
    assert [w.text for w in name_words("José D'Ávila S. A.")] == ["jose", "davila", "sa"]
    assert [w.abbreviated for w in name_words("Com. Distrib. Ltda")] == [True, True, False]


def test_name_key_keeps_only_the_words_that_identify():
    assert name_key("Energia Sul Distribuidora S.A.") == "energia sul distribuidora"
    assert name_key("Sra. Maria da Silva") == "maria silva"


def test_name_in_finds_which_official_name_was_said():
    assert name_in("ENERGIA SUL", ["Pedro Almeida", "Energia Sul Distribuidora S.A."]) == "Energia Sul Distribuidora S.A."
    assert name_in("Joana", ["Pedro Almeida"]) is None


@pytest.mark.parametrize(("typed", "name", "slip"), [
    ("Pdero", "Pedro", True),  # two neighbouring letters swapped
    ("mraia", "Maria", True),
    ("Pedo", "Pedro", True),  # a letter left out
    ("Mariaa", "María", True),  # a letter doubled, accents set aside
    ("Mario", "Maria", False),  # a letter replaced: another name
    ("Marta", "Maria", False),
    ("Maria", "Maria", False),  # no slip at all
    ("Aan", "Ana", False),  # too short to tell
    ("Paulo", "Pedro", False),
])
def test_a_typing_slip_of_a_name(typed, name, slip):
    assert is_typo_of(typed, name) is slip
